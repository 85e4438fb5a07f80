"use client";

import { createContext, useActionState, useContext, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { secretFindingAction, type DismissFormState } from "./actions";

const initial: DismissFormState = { errors: {}, message: null, ok: false, undo: null };

type Dispatch = (formData: FormData) => void;
const Action = createContext<Dispatch | null>(null);

function Submit({ idle, busy, label }: { idle: string; busy: string; label?: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-label={label}
      className="whitespace-nowrap rounded-md border border-stone-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-stone-100 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800"
    >
      {pending ? busy : idle}
    </button>
  );
}

function Key({ documentId, rule, matchHash, intent }: { documentId: string; rule: string; matchHash: string; intent: "dismiss" | "undo" }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="rule" value={rule} />
      <input type="hidden" name="matchHash" value={matchHash} />
    </>
  );
}

/**
 * Holds "Not a secret" and its Undo for the whole page: a dismissed finding leaves the list, so the outcome (and
 * the Undo button) must outlive the finding's own form.
 */
export function DismissProvider({ children }: { children: ReactNode }) {
  const [state, action] = useActionState(secretFindingAction, initial);
  return (
    <Action value={action}>
      <div role="status" aria-live="polite" className="flex min-h-5 flex-wrap items-center gap-3 text-sm font-medium">
        {state.message && <span className={state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}>{state.message}</span>}
        {state.undo && (
          <form action={action}>
            <Key {...state.undo} intent="undo" />
            <Submit idle="Undo" busy="Undoing…" />
          </form>
        )}
      </div>
      {children}
    </Action>
  );
}

/** One finding's "Not a secret" button, or "Count it again" on a dismissed one (shown with the filter). */
export function DismissForm({ documentId, rule, matchHash, dismissed, where }: { documentId: string; rule: string; matchHash: string; dismissed: boolean; where: string }) {
  const action = useContext(Action);
  if (!action) throw new Error("DismissForm must be inside DismissProvider");
  return (
    <form action={action}>
      <Key documentId={documentId} rule={rule} matchHash={matchHash} intent={dismissed ? "undo" : "dismiss"} />
      {dismissed ? (
        <Submit idle="Count it again" busy="Restoring…" label={`Count it again: ${rule} at ${where}`} />
      ) : (
        <Submit idle="Not a secret" busy="Dismissing…" label={`Not a secret: ${rule} at ${where}`} />
      )}
    </form>
  );
}

"use client";

import { createContext, useActionState, useContext, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { problemFileAction, type NotACheckpointState } from "./actions";

const initial: NotACheckpointState = { errors: {}, message: null, ok: false, undo: null };

type Dispatch = (formData: FormData) => void;
const IgnoreAction = createContext<Dispatch | null>(null);

function Submit({ idle, busy, label, className }: { idle: string; busy: string; label?: string; className: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-label={label} className={className}>
      {pending ? busy : idle}
    </button>
  );
}

/**
 * Holds the one "Not a checkpoint" action for the whole page: the file leaves the list once ignored, so the
 * outcome (and its Undo) must outlive the file's own form.
 */
export function NotACheckpointProvider({ children }: { children: ReactNode }) {
  const [state, action] = useActionState(problemFileAction, initial);
  return (
    <IgnoreAction value={action}>
      <div role="status" aria-live="polite" className="flex min-h-5 flex-wrap items-center gap-3 text-sm font-medium">
        {state.message && (
          <span className={state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}>{state.message}</span>
        )}
        {state.undo && (
          <form action={action}>
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="repositoryId" value={state.undo.repositoryId} />
            <input type="hidden" name="rule" value={state.undo.rule} />
            <input type="hidden" name="expectedHash" value={state.undo.hash} />
            <Submit idle="Undo" busy="Undoing…" className="rounded-md border border-stone-300 px-2.5 py-1 text-sm hover:bg-stone-100 disabled:opacity-60 dark:border-stone-700 dark:hover:bg-stone-800" />
          </form>
        )}
      </div>
      {children}
    </IgnoreAction>
  );
}

/** One file's "Not a checkpoint" button, carrying the hash of the `.cairnignore` the page was shown with. */
export function NotACheckpointForm({ documentId, expectedHash, path }: { documentId: string; expectedHash: string | null; path: string }) {
  const action = useContext(IgnoreAction);
  if (!action) throw new Error("NotACheckpointForm must be inside NotACheckpointProvider");
  return (
    <form action={action} className="mt-1.5 flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="ignore" />
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="expectedHash" value={expectedHash ?? ""} />
      <Submit
        idle="Not a checkpoint"
        busy="Ignoring…"
        label={`Not a checkpoint: ${path}`}
        className="rounded-md border border-stone-300 bg-white px-3 py-1 text-sm font-medium hover:bg-stone-100 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800"
      />
      <span className="text-xs text-stone-600 dark:text-stone-400">Adds <code>/{path}</code> to the repository&apos;s .cairnignore; Cairn stops reading it.</span>
    </form>
  );
}

"use client";

import { useActionState, useId } from "react";
import { useFormStatus } from "react-dom";
import { markAction } from "./actions";
import { initialMarkState, type MarkFormState } from "./form-state";

const BUTTON =
  "rounded-md border border-stone-300 bg-white px-2 py-1 text-xs font-medium text-stone-700 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800";

function Submit({ label, pendingLabel, name }: { label: string; pendingLabel: string; name: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} aria-label={`${label} ${name}`} className={BUTTON}>
      {pending ? pendingLabel : label}
    </button>
  );
}

function Message({ state }: { state: MarkFormState }) {
  return (
    <span role={state.message ? (state.ok ? "status" : "alert") : undefined} aria-live="polite" className={`text-xs ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
      {state.message}
    </span>
  );
}

type Action = "pin" | "unpin" | "archive" | "unarchive" | "unsnooze";

const LABELS: Record<Action, [string, string]> = {
  pin: ["Pin", "Pinning…"],
  unpin: ["Unpin", "Unpinning…"],
  archive: ["Archive", "Archiving…"],
  unarchive: ["Restore", "Restoring…"],
  unsnooze: ["Wake now", "Waking…"],
};

/** One triage button (pin, archive, or an undo); `name` says which checkpoint, for assistive technology. */
export function MarkButton({ documentId, action, name }: { documentId: string; action: Action; name: string }) {
  const [state, formAction] = useActionState(markAction, initialMarkState);
  const [label, pendingLabel] = LABELS[action];
  return (
    <form action={formAction} className="inline-flex items-center gap-2">
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="action" value={action} />
      <Submit label={label} pendingLabel={pendingLabel} name={name} />
      <Message state={state} />
    </form>
  );
}

/** Snooze until a date: the checkpoint leaves the queue until then. */
export function SnoozeForm({ documentId, name, defaultUntil }: { documentId: string; name: string; defaultUntil: string }) {
  const [state, formAction] = useActionState(markAction, initialMarkState);
  const id = useId();
  const error = state.errors.until?.[0];
  return (
    <form action={formAction} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="action" value="snooze" />
      <label htmlFor={`${id}-until`} className="sr-only">{`Snooze ${name} until`}</label>
      <input
        id={`${id}-until`}
        type="date"
        name="until"
        defaultValue={defaultUntil}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-stone-300 bg-white px-1.5 py-0.5 text-xs dark:border-stone-700 dark:bg-stone-900"
      />
      <Submit label="Snooze" pendingLabel="Snoozing…" name={name} />
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-xs text-rose-700 dark:text-rose-400">{error}</span>
      ) : (
        <Message state={state} />
      )}
    </form>
  );
}

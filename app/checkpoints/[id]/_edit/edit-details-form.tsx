"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { clearDetailsAction, editDetailsAction } from "./actions";
import { initialEditDetailsState, type EditDetailsState, type EditDetailsValues } from "./form-state";

const input =
  "w-full rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-rose-600";

function Submit({ label, pendingLabel, tone = "primary" }: { label: string; pendingLabel: string; tone?: "primary" | "plain" }) {
  const { pending } = useFormStatus();
  const look =
    tone === "primary"
      ? "bg-teal-700 text-white hover:bg-teal-800"
      : "border border-stone-300 text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800";
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={`rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${look}`}>
      {pending ? pendingLabel : label}
    </button>
  );
}

function Message({ state, id }: { state: EditDetailsState; id: string }) {
  return (
    <p id={id} role={state.ok ? "status" : undefined} aria-live="polite" className={`text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
      {state.message}
    </p>
  );
}

const FIELDS: { name: keyof EditDetailsValues; label: string; hint?: string }[] = [
  { name: "title", label: "Title" },
  { name: "status", label: "Status" },
  { name: "branch", label: "Branch" },
  { name: "headSha", label: "Commit", hint: "the commit HEAD was at when saved (4 to 64 hex characters)" },
  { name: "savedAt", label: "Saved at", hint: "ISO-8601, e.g. 2026-05-01T14:30Z" },
];

/** Title, status, branch, commit and date: stored by Cairn, never written into the file. */
export function EditDetailsForm({ documentId, shown, corrected }: { documentId: string; shown: EditDetailsValues; corrected: string[] }) {
  const [state, action] = useActionState(editDetailsAction, initialEditDetailsState);
  const [cleared, clearAction] = useActionState(clearDetailsAction, initialEditDetailsState);
  const values = state.values ?? shown;
  return (
    <div className="space-y-3">
      <form action={action} className="space-y-3" aria-label="Edit details">
        <input type="hidden" name="documentId" value={documentId} />
        {FIELDS.map(({ name }) => (
          <input key={name} type="hidden" name={`shown-${name}`} value={shown[name]} />
        ))}
        {FIELDS.map(({ name, label, hint }) => {
          const id = `edit-${name}`;
          const errors = state.errors[name];
          const describedBy = [`${id}-error`, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
          return (
            <div key={`${name}-${values[name]}`} className="space-y-1">
              <label htmlFor={id} className="block text-sm font-medium">
                {label}
                {corrected.includes(name) && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">set by you</span>}
              </label>
              {name === "status" ? (
                <select id={id} name={name} defaultValue={values.status} aria-invalid={!!errors} aria-describedby={describedBy} className={`${input} max-w-xs`}>
                  <option value="">(as the file says)</option>
                  <option value="in-progress">in-progress</option>
                  <option value="completed">completed</option>
                </select>
              ) : (
                <input
                  id={id}
                  name={name}
                  defaultValue={values[name]}
                  aria-invalid={!!errors}
                  aria-describedby={describedBy}
                  spellCheck={false}
                  className={`${input} ${name === "title" ? "" : "max-w-sm font-mono"}`}
                />
              )}
              {hint && (
                <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
                  {hint}
                </p>
              )}
              <p id={`${id}-error`} aria-live="polite" className="text-sm text-rose-700 dark:text-rose-400">
                {errors?.join(" ")}
              </p>
            </div>
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <Submit label="Save details" pendingLabel="Saving…" />
          <Message state={state} id="edit-details-message" />
        </div>
      </form>
      {corrected.length > 0 && (
        <form action={clearAction} className="flex flex-wrap items-center gap-3" aria-label="Clear corrections">
          <input type="hidden" name="documentId" value={documentId} />
          <Submit label="Clear" pendingLabel="Clearing…" tone="plain" />
          <span className="text-xs text-stone-500 dark:text-stone-400">back to the file&apos;s values</span>
        </form>
      )}
      {/* outside the Clear form: that form goes away once nothing is corrected, its outcome must stay */}
      <Message state={cleared} id="clear-details-message" />
    </div>
  );
}

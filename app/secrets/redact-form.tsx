"use client";

import { createContext, useActionState, useContext, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { redactAction, type RedactFormState } from "./actions";

const initial: RedactFormState = { errors: {}, message: null, ok: false };

type Dispatch = (formData: FormData) => void;
const RedactAction = createContext<Dispatch | null>(null);

/**
 * Holds the one "Redact in file" action and its outcome for the whole list: after a redaction the file
 * leaves the list (it has no finding left), and the message must outlive its form.
 */
export function RedactProvider({ children }: { children: ReactNode }) {
  const [state, action] = useActionState(redactAction, initial);
  return (
    <RedactAction value={action}>
      <p
        role="status"
        aria-live="polite"
        className={`min-h-5 text-sm font-medium ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}
      >
        {state.message}
      </p>
      {children}
    </RedactAction>
  );
}

function RedactButton({ path }: { path: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-label={`Redact in file ${path}`}
      className="rounded-md bg-rose-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-800 disabled:opacity-60"
    >
      {pending ? "Redacting…" : "Redact in file"}
    </button>
  );
}

/** One file's "Redact in file" button, carrying the hash of the version the page shows. */
export function RedactForm({ documentId, expectedHash, path }: { documentId: string; expectedHash: string; path: string }) {
  const action = useContext(RedactAction);
  if (!action) throw new Error("RedactForm must be inside RedactProvider");
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="expectedHash" value={expectedHash} />
      <RedactButton path={path} />
      <span className="text-xs text-stone-500 dark:text-stone-400">Every value becomes [REDACTED:&lt;rule&gt;]; nothing else in the file changes.</span>
    </form>
  );
}

"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import type { WriteFormState } from "./form-state";

export const BUTTON_STYLE =
  "rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60";

/** Reload the page to see the file as it is now (after a conflict). */
export function ReloadButton() {
  return (
    <button type="button" onClick={() => window.location.reload()} className="underline">
      Reload
    </button>
  );
}

/** A submit button that says what it is doing while the action runs. */
export function PendingButton({ children, pendingLabel, disabled = false, className = "" }: { children: ReactNode; pendingLabel: string; disabled?: boolean; className?: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-disabled={pending || disabled}
      className={`${BUTTON_STYLE} ${className}`}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/** The outcome of the last submit, announced to screen readers. */
export function FormMessage({ state, id }: { state: WriteFormState; id?: string }) {
  const tone = state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400";
  return (
    <p id={id} role={state.ok ? "status" : undefined} aria-live="polite" className={`text-sm ${tone}`}>
      {state.message}
      {state.conflict && (
        <>
          {" "}
          <ReloadButton />
        </>
      )}
    </p>
  );
}

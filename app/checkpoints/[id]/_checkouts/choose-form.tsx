"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { chooseCheckoutAction } from "./actions";
import { initialChooseCheckoutState } from "./form-state";

function Submit({ path }: { path: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-label={`Continue in ${path}`} className="mt-1 text-xs underline disabled:opacity-60">
      {pending ? "Switching…" : "Continue in this checkout"}
    </button>
  );
}

/** Pick another checkout holding the file: Resume continues there and the writes go to its file. */
export function ChooseCheckoutForm({ documentId, repositoryId, path }: { documentId: string; repositoryId: number; path: string }) {
  const [state, action] = useActionState(chooseCheckoutAction, initialChooseCheckoutState);
  return (
    <form action={action}>
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="repositoryId" value={repositoryId} />
      <Submit path={path} />
      <p aria-live="polite" className="text-xs text-rose-700 dark:text-rose-300">{state.message}</p>
    </form>
  );
}

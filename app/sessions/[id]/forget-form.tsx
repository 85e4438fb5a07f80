"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { forgetSessionAction, type ForgetState } from "./actions";

const initial: ForgetState = { errors: {}, message: null };

function Submit() {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className="rounded-md border border-rose-300 px-3 py-1.5 text-sm font-medium text-rose-800 hover:bg-rose-50 disabled:opacity-60 dark:border-rose-800 dark:text-rose-300 dark:hover:bg-rose-950">
      {pending ? "Forgetting…" : "Forget this session"}
    </button>
  );
}

/** Removes the session from Cairn everywhere, after a confirming tick. */
export function ForgetForm({ id }: { id: string }) {
  const [state, action] = useActionState(forgetSessionAction, initial);
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="id" value={id} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="confirm" value="forget" aria-describedby="forget-help" /> Yes, remove everything Cairn keeps of this session
      </label>
      <p id="forget-help" className="text-xs text-stone-600 dark:text-stone-400">
        The agent&rsquo;s own log is left as it is; Cairn will not read it again.
      </p>
      <Submit />
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-rose-700 dark:text-rose-400">
        {state.message}
      </p>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { addRootAction, reindexAction, removeRootAction, type RootFormState } from "./actions";

const initial: RootFormState = { errors: {}, message: null, ok: false };

function SubmitButton({ children, pendingLabel }: { children: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-60"
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

function Message({ state }: { state: RootFormState }) {
  return (
    <p aria-live="polite" className={`text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
      {state.message}
    </p>
  );
}

export function AddRootForm() {
  const [state, action] = useActionState(addRootAction, initial);
  return (
    <form action={action} className="space-y-2">
      <label htmlFor="root-path" className="block text-sm font-medium">
        Folder to search for repositories
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="root-path"
          name="path"
          required
          placeholder="/home/you/code"
          aria-describedby="root-path-error"
          className="min-w-64 flex-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 font-mono text-sm dark:border-stone-700 dark:bg-stone-950"
        />
        <SubmitButton pendingLabel="Adding and indexing…">Add root</SubmitButton>
      </div>
      <p id="root-path-error" aria-live="polite" className="text-sm text-rose-700 dark:text-rose-400">
        {state.errors.path?.join(" ")}
      </p>
      <Message state={state} />
    </form>
  );
}

export function RemoveRootForm({ path }: { path: string }) {
  const [state, action] = useActionState(removeRootAction, initial);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="path" value={path} />
      <button type="submit" aria-label={`Remove root ${path}`} className="text-sm text-rose-700 underline dark:text-rose-400">
        Remove
      </button>
      <Message state={state} />
    </form>
  );
}

export function ReindexForm() {
  const [state, action] = useActionState(reindexAction, initial);
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <SubmitButton pendingLabel="Indexing…">Re-index now</SubmitButton>
      <Message state={state} />
    </form>
  );
}

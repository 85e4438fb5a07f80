"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { excludeSessionPathAction, keepSessionsAction, toggleSessionRootAction, type SessionSettingState } from "./session-actions";

const initial: SessionSettingState = { errors: {}, message: null, ok: false };
const button = "rounded-md border border-stone-300 px-2.5 py-1 text-sm hover:bg-stone-100 disabled:opacity-60 dark:border-stone-700 dark:hover:bg-stone-800";
const input = "rounded-md border border-stone-300 bg-white px-2 py-1 font-mono text-sm dark:border-stone-700 dark:bg-stone-950";

function Submit({ idle, busy, label }: { idle: string; busy: string; label?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-label={label} className={button}>
      {pending ? busy : idle}
    </button>
  );
}

function Said({ state }: { state: SessionSettingState }) {
  return (
    <span role="status" aria-live="polite" className={`text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
      {state.message}
    </span>
  );
}

export function SessionRootToggle({ dir, off }: { dir: string; off: boolean }) {
  const [state, action] = useActionState(toggleSessionRootAction, initial);
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="dir" value={dir} />
      <input type="hidden" name="off" value={off ? "0" : "1"} />
      <Submit idle={off ? "Turn on" : "Turn off"} busy="Saving…" label={`${off ? "Turn on" : "Turn off"} ${dir}`} />
      <Said state={state} />
    </form>
  );
}

export function KeepSessionsForm({ days }: { days: number | null }) {
  const [state, action] = useActionState(keepSessionsAction, initial);
  return (
    <form action={action} className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm">
        Days to keep a session after its log is deleted (empty: for ever)
        <input name="days" inputMode="numeric" defaultValue={days ?? ""} aria-describedby="keep-days-error" className={`${input} w-32`} />
      </label>
      <Submit idle="Save" busy="Saving…" />
      <span id="keep-days-error" className="text-sm text-rose-700 dark:text-rose-400">{state.errors.days?.join(" ")}</span>
      <Said state={state} />
    </form>
  );
}

export function ExcludePathForm({ excluded }: { excluded: string[] }) {
  const [state, action] = useActionState(excludeSessionPathAction, initial);
  return (
    <div className="space-y-2">
      {excluded.length > 0 && (
        <ul className="space-y-1 text-sm">
          {excluded.map((path) => (
            <li key={path} className="flex flex-wrap items-center gap-2">
              <span className="break-all font-mono">{path}</span>
              <form action={action}>
                <input type="hidden" name="path" value={path} />
                <input type="hidden" name="intent" value="remove" />
                <Submit idle="Include again" busy="Saving…" label={`Include ${path} again`} />
              </form>
            </li>
          ))}
        </ul>
      )}
      <form action={action} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="add" />
        <label className="flex flex-col text-sm">
          Exclude a project or log folder
          <input name="path" placeholder="/home/you/code/private-project" aria-describedby="exclude-error" className={`${input} min-w-64`} />
        </label>
        <Submit idle="Exclude" busy="Saving…" />
        <span id="exclude-error" className="text-sm text-rose-700 dark:text-rose-400">{state.errors.path?.join(" ")}</span>
        <Said state={state} />
      </form>
    </div>
  );
}

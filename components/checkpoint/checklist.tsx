import type { TaskRow } from "@/db/schema";

const STATE_NOTE: Record<string, string> = {
  blocked: "blocked",
  "in-progress": "in progress",
  failed: "failed",
};

/** Remaining work as a read-only checklist: the boxes look and say that they cannot be ticked here. */
export function Checklist({ tasks, labelledBy }: { tasks: TaskRow[]; labelledBy: string }) {
  const noteId = `${labelledBy}-readonly`;
  return (
    <div className="space-y-2">
    <ul aria-labelledby={labelledBy} aria-describedby={noteId} className="space-y-1.5" data-checklist>
      {tasks.map((t) => (
        <li key={t.id} className="flex items-start gap-2.5">
          <input
            type="checkbox"
            checked={t.done}
            readOnly
            disabled
            aria-label={t.text}
            aria-describedby={noteId}
            title="Read from the file: tick it in the file itself"
            className="mt-0.5 grid size-4 shrink-0 cursor-not-allowed appearance-none place-content-center rounded border border-dashed border-stone-400 bg-stone-100 checked:border-solid before:hidden before:text-[0.7rem] before:leading-none before:font-bold before:text-white before:content-['✓'] checked:border-teal-600 checked:bg-teal-600 checked:before:block dark:border-stone-500 dark:bg-stone-800 dark:checked:border-teal-500 dark:checked:bg-teal-500"
          />
          <span className={t.done ? "text-stone-500 line-through decoration-stone-400 dark:text-stone-400" : ""}>
            {t.text}
            {STATE_NOTE[t.state] && (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 no-underline dark:bg-amber-900/40 dark:text-amber-100">
                {STATE_NOTE[t.state]}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
      <p id={noteId} className="text-xs text-stone-500 dark:text-stone-400">
        Read-only: these boxes show what the file says. Tick a task in the file itself; Cairn reads it again on the next save.
      </p>
    </div>
  );
}

export function TaskCount({ tasks }: { tasks: TaskRow[] }) {
  const done = tasks.filter((t) => t.done).length;
  const pct = tasks.length ? Math.round((done / tasks.length) * 100) : 0;
  return (
    <span className="inline-flex items-center gap-2 text-sm font-normal text-stone-500 dark:text-stone-400">
      <span data-task-count>{done}/{tasks.length} done</span>
      <span aria-hidden className="inline-block h-1.5 w-16 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800">
        <span className="block h-full rounded-full bg-teal-600 dark:bg-teal-500" style={{ width: `${pct}%` }} />
      </span>
    </span>
  );
}

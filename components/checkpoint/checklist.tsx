import type { TaskRow } from "@/db/schema";
import { Pagination } from "../pagination";

const STATE_NOTE: Record<string, string> = {
  blocked: "blocked",
  "in-progress": "in progress",
  failed: "failed",
};

/** Which page of a long task list is shown, and where the others are. */
export interface TaskPaging {
  total: number;
  page: number;
  pages: number;
  firstIndex: number;
  hrefFor: (page: number) => string;
}

/**
 * Remaining work as a read-only checklist: the boxes look and say that they cannot be ticked here. A long list
 * comes one page at a time (`paging`): a task file may hold 100,000 tasks, which drawn at once made a 72 MB page.
 */
export function Checklist({ tasks, labelledBy, paging }: { tasks: TaskRow[]; labelledBy: string; paging?: TaskPaging }) {
  const noteId = `${labelledBy}-readonly`;
  const paged = paging && paging.pages > 1;
  return (
    <div id="tasks" className="scroll-mt-4 space-y-2">
    {paged && (
      <p className="text-sm text-stone-600 dark:text-stone-400" data-task-range>
        Tasks {paging.firstIndex.toLocaleString("en")}–{(paging.firstIndex + tasks.length - 1).toLocaleString("en")} of {paging.total.toLocaleString("en")}
      </p>
    )}
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
      {paged && <Pagination page={paging.page} pages={paging.pages} hrefFor={paging.hrefFor} label={`Pages of ${paging.total.toLocaleString("en")} tasks`} />}
      <p id={noteId} className="text-xs text-stone-500 dark:text-stone-400">
        Read-only: these boxes show what the file says. Tick a task in the file itself; Cairn reads it again on the next save.
      </p>
    </div>
  );
}

/** "3/5 done" and a bar: counted over all the tasks, not only the page shown. */
export function TaskCount({ done, total }: { done: number; total: number }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <span className="inline-flex items-center gap-2 text-sm font-normal text-stone-500 dark:text-stone-400">
      <span data-task-count>{done}/{total} done</span>
      <span aria-hidden className="inline-block h-1.5 w-16 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800">
        <span className="block h-full rounded-full bg-teal-600 dark:bg-teal-500" style={{ width: `${pct}%` }} />
      </span>
    </span>
  );
}

import Link from "next/link";
import { MarkButton } from "@/app/_queue/mark-forms";
import { QueueRows } from "@/app/_queue/queue-rows";
import { QUEUE_ACTIONS, queueCounts, type QueueAction, type QueueData } from "@/lib/queries/queue";

/** The queue's first items; the rest is one link away (`?queue=all`), so the overview stays light at any size. */
export const SHOWN = 12;
/** Snoozed and archived items listed before "all of them" is one link away. */
const SET_ASIDE_SHOWN = 20;

const COUNT_WORDS: Record<QueueAction, string> = { review: "to review", resume: "to resume", complete: "to complete", "re-verify": "to re-verify", archive: "to archive" };

/** How many items each action holds, each a link to the queue showing only those (the same list, the same rules). */
function Counts({ data, only }: { data: QueueData; only: QueueAction | null }) {
  const counts = queueCounts(data.items);
  const order: QueueAction[] = ["review", "resume", "complete", "re-verify", "archive"];
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label="Queue counts">
      {only && <Link href="/#queue">All {data.items.length}</Link>}
      {order.filter((a) => counts[a] > 0).map((a) => (
        <Link key={a} href={`/?do=${a}#queue`} aria-current={only === a ? "true" : undefined} className={only === a ? "font-semibold" : undefined}>
          {counts[a]} {COUNT_WORDS[a]}
        </Link>
      ))}
    </p>
  );
}

/** The `do` filter of the overview's URL: one action of the queue, or none. */
export function queueFilter(value: string | string[] | undefined): QueueAction | null {
  const v = Array.isArray(value) ? value[0] : value;
  return (QUEUE_ACTIONS as readonly string[]).includes(v ?? "") ? (v as QueueAction) : null;
}

/** One queue of what to do next: each open checkpoint and handoff awaiting review once, best first. */
export function Queue({ data, showAll = false, only = null }: { data: QueueData; showAll?: boolean; only?: QueueAction | null }) {
  const now = Date.now();
  const shown = only ? data.items.filter((i) => i.action === only) : data.items;
  const first = shown.slice(0, SHOWN);
  const rest = shown.slice(SHOWN);
  const setAside = showAll ? data.setAside : data.setAside.slice(0, SET_ASIDE_SHOWN);
  const hidden = showAll ? 0 : rest.length + data.setAside.length - setAside.length;
  return (
    <div className="space-y-4">
      {data.items.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">Nothing to do: no checkpoints in progress and no handoffs awaiting review.</p>
      ) : (
        <>
          <Counts data={data} only={only} />
          <QueueRows items={first} label="What to do next" now={now} />
          <p id="queue-keys" className="text-xs text-stone-600 dark:text-stone-400">
            Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>c</kbd> copies the prompt, <kbd>e</kbd> completes (where Complete is the action), <kbd>h</kbd> snoozes a week, <kbd>a</kbd> archives, <kbd>p</kbd> pins, <kbd>u</kbd> undoes the last.
          </p>
        </>
      )}
      {showAll && rest.length > 0 && (
        <div className="border-t border-stone-100 pt-3 dark:border-stone-800">
          <QueueRows items={rest} label="More to do" now={now} />
        </div>
      )}
      {hidden > 0 && (
        <p className="text-sm">
          <Link href={`/?queue=all${only ? `&do=${only}` : ""}#queue`} prefetch={false} className="font-medium">
            {rest.length > 0 ? `Show ${rest.length} more (${shown.length} in all)` : `Show all ${data.setAside.length} snoozed and archived`}
          </Link>
        </p>
      )}
      {showAll && (rest.length > 0 || data.setAside.length > SET_ASIDE_SHOWN) && (
        <p className="text-sm">
          <Link href="/#queue">Show the first {SHOWN} only</Link>
        </p>
      )}
      {data.setAside.length > 0 && (
        <details className="border-t border-stone-100 pt-3 dark:border-stone-800">
          <summary className="cursor-pointer text-sm font-medium">Snoozed and archived ({data.setAside.length})</summary>
          <ul aria-label="Snoozed and archived" className="mt-3 space-y-2">
            {setAside.map((item) => {
              const name = item.title ?? item.path;
              return (
                <li key={item.id} aria-label={name} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <Link href={`/checkpoints/${item.id}`} className="break-words">{name}</Link>
                  <span className="text-xs text-stone-500 dark:text-stone-400">
                    {item.archived ? "archived" : `snoozed until ${item.snoozedUntil?.slice(0, 10)}`}
                  </span>
                  {item.archived && <MarkButton documentId={item.id} action="unarchive" name={name} />}
                  {item.snoozedUntil && <MarkButton documentId={item.id} action="unsnooze" name={name} />}
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </div>
  );
}

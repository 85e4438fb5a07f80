import Link from "next/link";
import { MarkButton, SnoozeForm } from "@/app/_queue/mark-forms";
import type { QueueAction, QueueData, QueueItem } from "@/lib/queries/queue";
import { formatDate, relativeTime } from "../format";
import { FreshnessBadge } from "../freshness-badge";

/** The queue's first items; the rest is one link away (`?queue=all`), so the overview stays light at any size. */
export const SHOWN = 12;
/** Snoozed and archived items listed before "all of them" is one link away. */
const SET_ASIDE_SHOWN = 20;

const ACTION: Record<QueueAction, { label: string; href: (id: string) => string; className: string }> = {
  complete: { label: "Complete", href: (id) => `/checkpoints/${id}`, className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100" },
  review: { label: "Review", href: (id) => `/checkpoints/${id}/review`, className: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100" },
  resume: { label: "Resume", href: (id) => `/checkpoints/${id}/resume`, className: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100" },
  "re-verify": { label: "Re-verify", href: (id) => `/checkpoints/${id}/diff`, className: "bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100" },
  archive: { label: "Archive", href: (id) => `/checkpoints/${id}`, className: "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200" },
};

/** A week from now, as the date input's default. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

function Where({ item }: { item: QueueItem }) {
  return (
    <p className="mt-0.5 truncate text-xs text-stone-500 dark:text-stone-400">
      {item.repoName ?? "global"}
      {item.branch && <> · <span className="font-mono">{item.branch}</span></>} ·{" "}
      <time dateTime={item.savedAt ?? undefined} title={formatDate(item.savedAt)}>{relativeTime(item.savedAt) || "unknown date"}</time>
    </p>
  );
}

function Item({ item, snoozeDefault }: { item: QueueItem; snoozeDefault: string }) {
  const action = ACTION[item.action];
  const name = item.title ?? item.path;
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0" aria-label={name}>
      <span className="w-6 shrink-0 pt-0.5 text-right font-mono text-xs tabular-nums text-stone-400">{item.rank}</span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={action.href(item.id)} className={`rounded-full px-2 py-0.5 text-xs font-semibold no-underline ${action.className}`} data-action={item.action}>
            {action.label}
          </Link>
          <Link href={`/checkpoints/${item.id}`} className="font-medium break-words">{name}</Link>
          {item.pinned && <span className="text-xs font-medium text-teal-700 dark:text-teal-400">pinned</span>}
          <FreshnessBadge level={item.level} />
        </div>
        <p className="text-sm">{item.reason}</p>
        <Where item={item} />
        <div role="group" aria-label={`Triage ${name}`} className="flex flex-wrap items-center gap-2 pt-1">
          <MarkButton documentId={item.id} action={item.pinned ? "unpin" : "pin"} name={name} />
          <SnoozeForm documentId={item.id} name={name} defaultUntil={snoozeDefault} />
          <MarkButton documentId={item.id} action="archive" name={name} />
        </div>
      </div>
    </li>
  );
}

/** One queue of what to do next: each open checkpoint and handoff awaiting review once, best first. */
export function Queue({ data, showAll = false }: { data: QueueData; showAll?: boolean }) {
  const snoozeDefault = nextWeek();
  const first = data.items.slice(0, SHOWN);
  const rest = data.items.slice(SHOWN);
  const setAside = showAll ? data.setAside : data.setAside.slice(0, SET_ASIDE_SHOWN);
  const hidden = showAll ? 0 : rest.length + data.setAside.length - setAside.length;
  return (
    <div className="space-y-4">
      {data.items.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">Nothing to do: no checkpoints in progress and no handoffs awaiting review.</p>
      ) : (
        <ol aria-label="What to do next" className="divide-y divide-stone-100 dark:divide-stone-800">
          {first.map((item) => <Item key={item.id} item={item} snoozeDefault={snoozeDefault} />)}
        </ol>
      )}
      {showAll && rest.length > 0 && (
        <ol aria-label="More to do" className="divide-y divide-stone-100 border-t border-stone-100 pt-3 dark:divide-stone-800 dark:border-stone-800">
          {rest.map((item) => <Item key={item.id} item={item} snoozeDefault={snoozeDefault} />)}
        </ol>
      )}
      {hidden > 0 && (
        <p className="text-sm">
          <Link href="/?queue=all#queue" prefetch={false} className="font-medium">
            {rest.length > 0 ? `Show ${rest.length} more (${data.items.length} in all)` : `Show all ${data.setAside.length} snoozed and archived`}
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

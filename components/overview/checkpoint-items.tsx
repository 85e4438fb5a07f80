import Link from "next/link";
import type { CheckpointListRow } from "@/lib/queries/shared";
import { familyLabel, relativeTime } from "../format";
import { FreshnessBadge } from "../freshness-badge";

/** A compact list of checkpoints: title, where, when, freshness, and an optional line beneath. */
export function CheckpointItems({ rows, label, detail }: { rows: (CheckpointListRow & { reasons?: string[]; findings?: number })[]; label: string; detail?: "reasons" | "findings" }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100 dark:divide-stone-800">
      {rows.map((c) => (
        <li key={c.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1">
            <Link href={`/checkpoints/${c.id}`} className="font-medium break-words">{c.title ?? c.path}</Link>
            <p className="mt-0.5 truncate text-xs text-stone-500 dark:text-stone-400">
              {c.repoName ?? "global"}
              {c.branch && <> · <span className="font-mono">{c.branch}</span></>} · {familyLabel(c.format)} · <time dateTime={c.savedAt ?? undefined}>{relativeTime(c.savedAt) || "unknown date"}</time>
              {c.supersededBy && " · superseded"}
            </p>
            {detail === "reasons" && c.reasons?.length ? <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-300">{c.reasons.slice(0, 2).join(" · ")}</p> : null}
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {c.tasksTotal ? <span className="font-mono text-xs tabular-nums text-stone-500" aria-label={`${c.tasksDone ?? 0} of ${c.tasksTotal} tasks done`}>{c.tasksDone ?? 0}/{c.tasksTotal}</span> : null}
            {detail === "findings" ? (
              <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-900 dark:bg-rose-900/40 dark:text-rose-100">
                {c.findings === 1 ? "1 secret" : `${c.findings} secrets`}
              </span>
            ) : (
              <FreshnessBadge level={c.level} reasons={c.reasons} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

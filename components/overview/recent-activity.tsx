import Link from "next/link";
import type { ActivityItem } from "@/lib/queries/overview";
import { familyLabel, kindLabel, relativeTime } from "../format";

/** The newest saves and save commits, across repositories. */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <ol aria-label="Recent activity" className="relative space-y-3 border-l border-stone-200 pl-4 dark:border-stone-800">
      {items.map((item, i) => (
        <li key={i} className="relative text-sm">
          <span aria-hidden className={`absolute top-1.5 -left-[1.3rem] size-2 rounded-full ring-2 ring-white dark:ring-stone-900 ${item.kind === "commit" ? "bg-amber-500" : "bg-teal-600"}`} />
          {item.row ? (
            <>
              <Link href={`/checkpoints/${item.row.id}`} className="break-words">{item.row.title ?? item.row.path}</Link>
              <p className="text-xs text-stone-500 dark:text-stone-400">
                <time dateTime={item.at}>{relativeTime(item.at)}</time> · {item.row.repoName ?? "global"} ·{" "}
                {item.row.kind === "checkpoint" ? familyLabel(item.row.format) : kindLabel(item.row.kind)}
              </p>
            </>
          ) : item.commit ? (
            <>
              <span className="break-words">{item.commit.subject}</span>
              <p className="text-xs text-stone-500 dark:text-stone-400">
                <time dateTime={item.at}>{relativeTime(item.at)}</time> · <Link href={`/repos/${item.commit.repoId}`}>{item.commit.repoName}</Link> · commit{" "}
                <code className="font-mono">{item.commit.sha.slice(0, 7)}</code>
              </p>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

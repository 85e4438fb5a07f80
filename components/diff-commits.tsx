import type { CommitSummary } from "../lib/derive/freshness";
import { formatDate, relativeTime } from "./format";
import { plural, shortSha } from "../lib/derive/freshness-wording";

/** Commits newest first; bookkeeping ones (chore(checkpoint): / chore(session):) marked and muted. */
export function DiffCommits({
  commits,
  truncated,
  emptyText,
  touching = {},
}: {
  commits: CommitSummary[];
  truncated: boolean;
  emptyText: string;
  /** Per sha: the checkpoint's own files the commit touched (marked on its row). */
  touching?: Record<string, string[]>;
}) {
  if (commits.length === 0) return <p className="text-sm text-stone-500 dark:text-stone-400">{emptyText}</p>;
  const bookkeeping = commits.filter((c) => c.bookkeeping).length;
  const touchingCount = commits.filter((c) => touching[c.sha]?.length).length;
  return (
    <div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {plural(commits.length, "commit")}
        {truncated ? " (only the newest are listed)" : ""}
        {bookkeeping > 0 ? `, ${bookkeeping} of them bookkeeping (checkpoint or session saves)` : ""}
        {touchingCount > 0 ? `; ${plural(touchingCount, "commit")} touched the checkpoint's files (marked)` : ""}
      </p>
      <ol className="mt-2 divide-y divide-stone-200 rounded-md border border-stone-200 dark:divide-stone-800 dark:border-stone-800" data-testid="diff-commits">
        {commits.map((c) => (
          <li
            key={c.sha}
            data-bookkeeping={c.bookkeeping ? "true" : undefined}
            data-touching={touching[c.sha]?.length ? "true" : undefined}
            className={`flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-1.5 text-sm ${
              c.bookkeeping ? "bg-stone-50 text-stone-500 dark:bg-stone-900/60 dark:text-stone-500" : ""
            }`}
          >
            <code className="font-mono text-xs text-stone-500 dark:text-stone-400" title={c.sha}>{shortSha(c.sha)}</code>
            {/* a basis of its own: on a phone the subject takes a line rather than shrinking to a letter per line */}
            <span className={`min-w-0 flex-[1_1_14rem] break-words ${c.bookkeeping ? "" : "font-medium"}`}>{c.subject || "(no subject)"}</span>
            {c.bookkeeping && (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-600 dark:bg-stone-800 dark:text-stone-400">bookkeeping</span>
            )}
            {touching[c.sha]?.length ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200" title={touching[c.sha].join(", ")}>
                touched {touching[c.sha].length === 1 ? touching[c.sha][0] : plural(touching[c.sha].length, "of its files", "of its files")}
              </span>
            ) : null}
            {c.parents.length > 1 && (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-800 dark:bg-violet-950 dark:text-violet-300">merge</span>
            )}
            <span className="whitespace-nowrap text-xs text-stone-600 dark:text-stone-400">
              {c.author} · <time dateTime={c.committedAt} title={formatDate(c.committedAt)}>{relativeTime(c.committedAt)}</time>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

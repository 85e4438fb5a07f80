import Link from "next/link";
import type { RepoListSort, RepositoryListRow } from "@/lib/queries/repository";
import { FreshnessBadge } from "../freshness-badge";
import { formatDate, plural, relativeTime } from "../format";
import { SortHeader } from "../sort-header";

const COLUMNS: { key: RepoListSort; label: string; className?: string }[] = [
  { key: "name", label: "Repository" },
  { key: "path", label: "Path", className: "hidden lg:table-cell" },
  { key: "freshness", label: "Stalest in progress" },
  { key: "checkpoints", label: "Checkpoints", className: "hidden sm:table-cell" },
  { key: "open", label: "In progress" },
  { key: "secrets", label: "Secrets" },
  { key: "problems", label: "Problems", className: "hidden sm:table-cell" },
  { key: "latest", label: "Last save", className: "hidden md:table-cell" },
];

const td = "px-2 py-2 align-top first:pl-0";
const none = <span className="text-stone-400 dark:text-stone-500">—</span>;

/** Every repository: where it is, how stale its open work is at worst, and what it holds; each column sorts (in the URL). */
export function RepositoryTable({
  rows,
  sort,
  dir,
  sortHref,
  caption,
}: {
  rows: RepositoryListRow[];
  sort: RepoListSort;
  dir: "asc" | "desc";
  sortHref: (sort: RepoListSort) => string;
  caption: string;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-800 dark:text-stone-400">
          <tr>
            {COLUMNS.map((col) => (
              <SortHeader key={col.key} label={col.label} active={sort === col.key} dir={dir} href={sortHref(col.key)} className={col.className} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-stone-100 last:border-0 hover:bg-stone-50 dark:border-stone-800/70 dark:hover:bg-stone-800/40">
              <td className={`${td} min-w-[9rem]`}>
                <Link href={`/repos/${r.id}`} className="font-medium">{r.name}</Link>
                {r.currentBranch && <span className="block font-mono text-xs text-stone-500 dark:text-stone-400">{r.currentBranch}</span>}
                <code className="block break-all font-mono text-xs text-stone-500 lg:hidden dark:text-stone-400">{r.path}</code>
              </td>
              <td className={`${td} hidden max-w-[22rem] break-all font-mono text-xs text-stone-600 lg:table-cell dark:text-stone-400`}>{r.path}</td>
              <td className={td}>{r.worstFreshness ? <FreshnessBadge level={r.worstFreshness} /> : <span className="text-xs text-stone-500 dark:text-stone-400">none in progress</span>}</td>
              <td className={`${td} hidden font-mono text-xs tabular-nums sm:table-cell`}>{r.checkpoints}</td>
              <td className={`${td} font-mono text-xs tabular-nums`}>
                {r.open ? (
                  <Link href={`/checkpoints?repo=${r.id}&status=in-progress`} aria-label={`${plural(r.open, "checkpoint")} in progress in ${r.name}`}>{r.open}</Link>
                ) : (
                  none
                )}
              </td>
              <td className={`${td} font-mono text-xs tabular-nums`}>
                {r.secrets ? (
                  <Link href="/secrets" className="font-semibold text-rose-700 dark:text-rose-300" aria-label={`${plural(r.secrets, "checkpoint")} with secrets in ${r.name}`}>{r.secrets}</Link>
                ) : (
                  none
                )}
              </td>
              <td className={`${td} hidden font-mono text-xs tabular-nums sm:table-cell`}>
                {r.problems ? (
                  <Link href="/problems" className="font-semibold text-amber-800 dark:text-amber-300" aria-label={`${plural(r.problems, "file")} with problems in ${r.name}`}>{r.problems}</Link>
                ) : (
                  none
                )}
              </td>
              <td className={`${td} hidden whitespace-nowrap text-xs md:table-cell`}>
                {r.latest ? <time dateTime={r.latest} title={`${formatDate(r.latest)} UTC`}>{relativeTime(r.latest)}</time> : none}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

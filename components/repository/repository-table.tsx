import Link from "next/link";
import type { RepoListSort, RepositoryListRow } from "@/lib/queries/repository";
import { FreshnessBadge } from "../freshness-badge";
import { formatDate, plural, relativeTime } from "../format";
import { SortHeader } from "../sort-header";
import { DATA_TABLE, none } from "../data-table";
import { CheckoutList } from "./checkout-list";

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
      <table className={DATA_TABLE}>
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
            <tr key={r.id}>
              <td className="min-w-[9rem]">
                <Link href={`/repos/${r.id}`} prefetch={false} className="font-medium">{r.name}</Link>
                {r.currentBranch && <span className="block font-mono text-xs text-stone-500 dark:text-stone-400">{r.currentBranch}</span>}
                <code className="block break-all font-mono text-xs text-stone-500 lg:hidden dark:text-stone-400">{r.path}</code>
                <CheckoutList name={r.name} checkouts={r.checkouts} />
              </td>
              <td className="hidden max-w-[22rem] break-all font-mono text-xs text-stone-600 lg:table-cell dark:text-stone-400">{r.path}</td>
              <td>{r.worstFreshness ? <FreshnessBadge level={r.worstFreshness} /> : <span className="text-xs text-stone-500 dark:text-stone-400">none in progress</span>}</td>
              <td className="num hidden sm:table-cell">{r.checkpoints}</td>
              <td className="num">
                {r.open ? (
                  <Link href={`/checkpoints?repo=${r.id}&status=in-progress`} prefetch={false} aria-label={`${plural(r.open, "checkpoint")} in progress in ${r.name}`}>{r.open}</Link>
                ) : (
                  none
                )}
              </td>
              <td className="num">
                {r.secrets ? (
                  <Link href="/secrets" prefetch={false} className="font-semibold text-rose-700 dark:text-rose-300" aria-label={`${plural(r.secrets, "checkpoint")} with secrets in ${r.name}`}>{r.secrets}</Link>
                ) : (
                  none
                )}
              </td>
              <td className="num hidden sm:table-cell">
                {r.problems ? (
                  <Link href="/problems" prefetch={false} className="font-semibold text-amber-800 dark:text-amber-300" aria-label={`${plural(r.problems, "file")} with problems in ${r.name}`}>{r.problems}</Link>
                ) : (
                  none
                )}
              </td>
              <td className="hidden whitespace-nowrap text-xs md:table-cell">
                {r.latest ? <time dateTime={r.latest} title={`${formatDate(r.latest)} UTC`}>{relativeTime(r.latest)}</time> : none}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

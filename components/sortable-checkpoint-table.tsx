import Link from "next/link";
import type { CheckpointTableRow, ListSort, SortDir } from "@/lib/queries/list-sort";
import { familyLabel, formatDate, plural } from "./format";
import { FreshnessBadge } from "./freshness-badge";
import { SortHeader } from "./sort-header";
import { StatusBadge } from "./status-badge";
import { DATA_TABLE, none } from "./data-table";

const COLUMNS: { key: ListSort; label: string; className?: string; repository?: true }[] = [
  { key: "date", label: "Saved" },
  { key: "repository", label: "Repository", className: "hidden md:table-cell", repository: true },
  { key: "branch", label: "Branch" },
  { key: "title", label: "Title" },
  { key: "status", label: "Status" },
  { key: "family", label: "Family", className: "hidden lg:table-cell" },
  { key: "freshness", label: "Freshness", className: "hidden sm:table-cell" },
  { key: "tasks", label: "Tasks" },
  { key: "quality", label: "Quality", className: "hidden md:table-cell" },
  { key: "secrets", label: "Secrets", className: "hidden sm:table-cell" },
  { key: "problems", label: "Problems", className: "hidden md:table-cell" },
];

/** The first rows' checkpoints are prefetched whole (a click shows them at once); the others not at all (each would cost the server a request). */
const PREFETCHED_ROWS = 5;

/**
 * The checkpoint tables (all checkpoints, one repository's): every column sorts, server-side, kept in
 * the URL (`sortHref` builds the link of each header). `firstIndex` adds a "#" column for paged lists.
 */
export function SortableCheckpointTable({
  rows,
  caption,
  sort,
  dir,
  sortHref,
  showRepository = false,
  firstIndex,
}: {
  rows: CheckpointTableRow[];
  caption: string;
  sort: ListSort;
  dir: SortDir;
  sortHref: (sort: ListSort) => string;
  showRepository?: boolean;
  firstIndex?: number;
}) {
  const columns = COLUMNS.filter((c) => showRepository || !c.repository);
  return (
    <div className="relative overflow-x-auto">
      <table className={DATA_TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-800 dark:text-stone-400">
          <tr>
            {firstIndex !== undefined && (
              <th scope="col" className="w-10 px-2 py-2 text-right font-medium first:pl-0">#</th>
            )}
            {columns.map((col) => (
              <SortHeader key={col.key} label={col.label} active={sort === col.key} dir={dir} href={sortHref(col.key)} className={col.className} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((c, i) => (
            <tr key={c.id}>
              {firstIndex !== undefined && <td className="num text-right text-stone-500 dark:text-stone-400">{firstIndex + i}</td>}
              <td className="num">
                <time dateTime={c.savedAt ?? undefined} className="inline-block min-w-[5.5rem]">{formatDate(c.savedAt)}</time>
              </td>
              {showRepository && (
                <td className="hidden md:table-cell">
                  {c.repositoryId ? <Link href={`/repos/${c.repositoryId}`} prefetch={false}>{c.repoName}</Link> : <span className="text-stone-500">global</span>}
                </td>
              )}
              <td className="max-w-[7rem] truncate font-mono text-xs" title={c.branch ?? undefined}>{c.branch ?? "—"}</td>
              <td className="min-w-[9rem]">
                <Link href={`/checkpoints/${c.id}`} prefetch={i < PREFETCHED_ROWS} className="font-medium">{c.title ?? c.path}</Link>
                {c.supersededBy && <span className="ml-1.5 text-xs text-stone-500 dark:text-stone-400">(superseded)</span>}
                <span className="block text-xs text-stone-500 lg:hidden dark:text-stone-400">
                  {showRepository && <span className="md:hidden">{c.repoName ?? "global"} · </span>}
                  {familyLabel(c.format)}
                </span>
              </td>
              <td><StatusBadge status={c.status} /></td>
              <td className="hidden whitespace-nowrap text-xs lg:table-cell">{familyLabel(c.format)}</td>
              <td className="hidden sm:table-cell"><FreshnessBadge level={c.level} /></td>
              <td className="num whitespace-nowrap">
                {c.tasksTotal ? <span aria-label={`${c.tasksDone ?? 0} of ${c.tasksTotal} tasks done`}>{c.tasksDone ?? 0}/{c.tasksTotal}</span> : none}
              </td>
              <td className="num hidden md:table-cell">{c.qualityScore ?? none}</td>
              <td className="num hidden sm:table-cell">
                {c.secrets ? <span className="font-semibold text-rose-700 dark:text-rose-300" aria-label={plural(c.secrets, "secret")}>{c.secrets}</span> : none}
              </td>
              <td className="num hidden md:table-cell">
                {c.problems ? <span className="font-semibold text-amber-800 dark:text-amber-300" aria-label={plural(c.problems, "problem")}>{c.problems}</span> : none}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import Link from "next/link";
import type { CheckpointTableRow, ListSort, SortDir } from "@/lib/queries/list-sort";
import { familyLabel, formatDate, plural } from "./format";
import { FreshnessBadge } from "./freshness-badge";
import { SortHeader, SortLink } from "./sort-header";
import { StatusBadge } from "./status-badge";
import { DATA_TABLE, none } from "./data-table";

/** The first rows' checkpoints are prefetched whole (a click shows them at once); the others not at all (each would cost the server a request). */
const PREFETCHED_ROWS = 5;

/** Secrets and problems as small marks beside the title, each with its count written out. */
function Flags({ row }: { row: CheckpointTableRow }) {
  return (
    <>
      {row.secrets > 0 && (
        <span className="ml-1.5 inline-flex items-center gap-0.5 whitespace-nowrap rounded-full bg-rose-100 px-1.5 text-xs font-semibold text-rose-900 dark:bg-rose-900/50 dark:text-rose-100" title={plural(row.secrets, "secret")} data-flag="secrets">
          <svg aria-hidden viewBox="0 0 16 16" className="size-3" fill="currentColor">
            <path d="M5 7V5a3 3 0 1 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 1 0-3 0v2Z" />
          </svg>
          {row.secrets}
          <span className="sr-only"> {row.secrets === 1 ? "secret" : "secrets"}</span>
        </span>
      )}
      {row.problems > 0 && (
        <span className="ml-1.5 inline-flex items-center gap-0.5 whitespace-nowrap rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100" title={plural(row.problems, "problem")} data-flag="problems">
          <span aria-hidden>!</span>
          {row.problems}
          <span className="sr-only"> {row.problems === 1 ? "problem" : "problems"}</span>
        </span>
      )}
      {row.supersededBy && <span className="ml-1.5 text-xs text-stone-600 dark:text-stone-400">(superseded)</span>}
    </>
  );
}

/** "project-001 · feature/search · HTML checkpoint": what used to be three columns, under the title. */
function Meta({ row, showRepository }: { row: CheckpointTableRow; showRepository: boolean }) {
  const parts = [showRepository ? (row.repositoryId ? row.repoName : "global") : null, row.branch, familyLabel(row.format)].filter(Boolean);
  return (
    <span className="block truncate text-xs text-stone-600 dark:text-stone-400" data-testid="row-meta">
      {parts.map((part, i) => (
        <span key={i} className={i === 1 && row.branch ? "font-mono" : undefined}>
          {i > 0 && <span aria-hidden> · </span>}
          {part}
        </span>
      ))}
    </span>
  );
}

/** A file with no checkpoint fields has no freshness of its own: said so, never drawn as fresh. */
function Freshness({ row }: { row: CheckpointTableRow }) {
  if (!row.noFields) return <FreshnessBadge level={row.level} />;
  return (
    <span
      className="inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-stone-600 ring-1 ring-inset ring-stone-500/30 dark:text-stone-400"
      title="No status, date, branch, commit or tasks of its own: a note, not a saved state of the work. The Problems page can ignore it."
      data-freshness="no-fields"
    >
      No checkpoint fields
    </span>
  );
}

function Tasks({ row }: { row: CheckpointTableRow }) {
  return row.tasksTotal ? (
    <span aria-label={`${row.tasksDone ?? 0} of ${row.tasksTotal} tasks done`}>
      {row.tasksDone ?? 0}/{row.tasksTotal}
    </span>
  ) : (
    none
  );
}

/**
 * The checkpoint tables (all checkpoints, one repository's). Wide screens: a table that fits 1280 px (repository,
 * branch and family under the title, secrets and problems as marks beside it); every column sorts, server-side,
 * kept in the URL (`sortHref`), the meta's three from the title's header. Phones: one card per checkpoint.
 * `firstIndex` adds a "#" column for paged lists.
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
  const header = (key: ListSort, label: string, className?: string) => <SortHeader key={key} label={label} active={sort === key} dir={dir} href={sortHref(key)} className={className} />;
  const metaSorts: [ListSort, string][] = [...(showRepository ? [["repository", "Repository"] as [ListSort, string]] : []), ["branch", "Branch"], ["family", "Family"]];
  return (
    <>
      <div className="hidden sm:block">
        <table className={`${DATA_TABLE} table-fixed`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-600 dark:border-stone-800 dark:text-stone-400">
            <tr>
              {firstIndex !== undefined && <th scope="col" className="w-10 px-2 py-2 text-right font-medium first:pl-0">#</th>}
              {header("date", "Saved", "w-24")}
              <th scope="col" aria-sort={sort === "title" ? (dir === "asc" ? "ascending" : "descending") : undefined} className="px-2 py-2 font-medium">
                <SortLink label="Title" active={sort === "title"} dir={dir} href={sortHref("title")} />
                <span className="ml-2 normal-case tracking-normal">
                  {metaSorts.map(([key, label]) => (
                    <span key={key} className="ml-1.5">
                      <SortLink label={label} active={sort === key} dir={dir} href={sortHref(key)} small />
                    </span>
                  ))}
                </span>
              </th>
              {header("status", "Status", "w-28")}
              {header("freshness", "Freshness", "w-32")}
              {header("tasks", "Tasks", "w-20")}
              {header("quality", "Quality", "hidden w-20 lg:table-cell")}
              {header("secrets", "Secrets", "hidden w-20 md:table-cell")}
              {header("problems", "Problems", "hidden w-24 md:table-cell")}
            </tr>
          </thead>
          <tbody>
            {rows.map((c, i) => (
              <tr key={c.id}>
                {firstIndex !== undefined && <td className="num text-right text-stone-600 dark:text-stone-400">{firstIndex + i}</td>}
                <td className="num">
                  <time dateTime={c.savedAt ?? undefined}>{formatDate(c.savedAt)}</time>
                </td>
                <td className="min-w-0">
                  <Link href={`/checkpoints/${c.id}`} prefetch={i < PREFETCHED_ROWS} className="font-medium break-words">
                    {c.title ?? c.path}
                  </Link>
                  <Flags row={c} />
                  <Meta row={c} showRepository={showRepository} />
                </td>
                <td>
                  <StatusBadge status={c.status} />
                </td>
                <td>
                  <Freshness row={c} />
                </td>
                <td className="num whitespace-nowrap">
                  <Tasks row={c} />
                </td>
                <td className="num hidden lg:table-cell">{c.qualityScore ?? none}</td>
                <td className="num hidden md:table-cell">{c.secrets ? <span className="font-semibold text-rose-800 dark:text-rose-300">{c.secrets}</span> : none}</td>
                <td className="num hidden md:table-cell">{c.problems ? <span className="font-semibold text-amber-800 dark:text-amber-300">{c.problems}</span> : none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* phones: a card per checkpoint (the table's headers sort; here the list keeps the order it was given) */}
      <ul className="divide-y divide-stone-100 sm:hidden dark:divide-stone-800" aria-label={caption} data-testid="checkpoint-cards">
        {rows.map((c, i) => (
          <li key={c.id} className="min-w-0 py-3">
            <Link href={`/checkpoints/${c.id}`} prefetch={i < PREFETCHED_ROWS} className="font-medium break-words">
              {c.title ?? c.path}
            </Link>
            <Flags row={c} />
            <Meta row={c} showRepository={showRepository} />
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
              <StatusBadge status={c.status} />
              <Freshness row={c} />
              <time dateTime={c.savedAt ?? undefined} className="font-mono text-stone-600 dark:text-stone-400">{formatDate(c.savedAt)}</time>
              {c.tasksTotal ? (
                <span className="text-stone-600 dark:text-stone-400">
                  <Tasks row={c} /> tasks
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

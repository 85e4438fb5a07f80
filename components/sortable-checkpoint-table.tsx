import Link from "next/link";
import type { CheckpointListRow } from "@/lib/queries/shared";
import type { RepoSort, RepoTableQuery } from "@/lib/queries/repository";
import { familyLabel, formatDate } from "./format";
import { FreshnessBadge } from "./freshness-badge";
import { StatusBadge } from "./status-badge";

const COLUMNS: { key: RepoSort; label: string; className?: string }[] = [
  { key: "date", label: "Saved" },
  { key: "branch", label: "Branch" },
  { key: "title", label: "Title" },
  { key: "status", label: "Status" },
  { key: "family", label: "Family", className: "hidden md:table-cell" },
  { key: "tasks", label: "Tasks" },
  { key: "quality", label: "Quality", className: "hidden md:table-cell" },
  { key: "freshness", label: "Freshness", className: "hidden sm:table-cell" },
];

function href(basePath: string, query: RepoTableQuery, sort: RepoSort): string {
  const params = new URLSearchParams();
  const dir = query.sort === sort ? (query.dir === "asc" ? "desc" : "asc") : sort === "date" ? "desc" : "asc";
  for (const [key, value] of Object.entries({ branch: query.branch, status: query.status, family: query.family, hygiene: query.hygiene, q: query.q })) {
    if (value) params.set(key, value);
  }
  params.set("sort", sort);
  params.set("dir", dir);
  return `${basePath}?${params.toString()}#checkpoints`;
}

const td = "px-2 py-2 align-top first:pl-0";

/** A repository's checkpoints; column headers sort (server-side, kept in the URL). */
export function SortableCheckpointTable({ rows, query, basePath, caption }: { rows: CheckpointListRow[]; query: RepoTableQuery; basePath: string; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-800 dark:text-stone-400">
          <tr>
            {COLUMNS.map((col) => {
              const active = query.sort === col.key;
              return (
                <th
                  key={col.key}
                  scope="col"
                  aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                  className={`px-2 py-2 font-medium first:pl-0 ${col.className ?? ""}`}
                >
                  <Link
                    href={href(basePath, query, col.key)}
                    className={`inline-flex items-center gap-1 whitespace-nowrap no-underline ${active ? "text-stone-900 dark:text-stone-100" : "text-stone-500 dark:text-stone-400"}`}
                  >
                    {col.label}
                    <span aria-hidden className="text-[0.7rem]">{active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}</span>
                    <span className="sr-only">{active ? `, sorted ${query.dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id} className="border-b border-stone-100 last:border-0 hover:bg-stone-50 dark:border-stone-800/70 dark:hover:bg-stone-800/40">
              <td className={`${td} font-mono text-xs tabular-nums`}>
                <time dateTime={c.savedAt ?? undefined} className="inline-block min-w-[5.5rem]">{formatDate(c.savedAt)}</time>
              </td>
              <td className={`${td} max-w-[7rem] truncate font-mono text-xs`} title={c.branch ?? undefined}>{c.branch ?? "—"}</td>
              <td className={`${td} min-w-[9rem]`}>
                <Link href={`/checkpoints/${c.id}`} className="font-medium">{c.title ?? c.path}</Link>
                {c.supersededBy && <span className="ml-1.5 text-xs text-stone-500 dark:text-stone-400">(superseded)</span>}
              </td>
              <td className={td}><StatusBadge status={c.status} /></td>
              <td className={`${td} hidden whitespace-nowrap text-xs md:table-cell`}>{familyLabel(c.format)}</td>
              <td className={`${td} whitespace-nowrap font-mono text-xs tabular-nums`}>
                {c.tasksTotal ? (
                  <span aria-label={`${c.tasksDone ?? 0} of ${c.tasksTotal} tasks done`}>{c.tasksDone ?? 0}/{c.tasksTotal}</span>
                ) : (
                  <span className="text-stone-400">—</span>
                )}
              </td>
              <td className={`${td} hidden font-mono text-xs tabular-nums md:table-cell`}>{c.qualityScore ?? <span className="text-stone-400">—</span>}</td>
              <td className={`${td} hidden sm:table-cell`}><FreshnessBadge level={c.level} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

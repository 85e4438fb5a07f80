import Link from "next/link";
import type { CheckpointListRow } from "@/lib/queries/shared";
import { familyLabel, formatDate } from "./format";
import { StatusBadge } from "./status-badge";

const th = "px-2 py-2 font-medium first:pl-0";
const td = "px-2 py-2 align-top first:pl-0";

/** The list table of the seed: #, date, branch, title, status (plus the repository across repositories). */
export function CheckpointTable({
  rows,
  caption,
  firstIndex = 1,
  showRepository = true,
}: {
  rows: CheckpointListRow[];
  caption: string;
  firstIndex?: number;
  showRepository?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500 dark:border-stone-800 dark:text-stone-400">
          <tr>
            <th scope="col" className={`${th} w-10 text-right`}>#</th>
            <th scope="col" className={th}>Saved</th>
            {showRepository && <th scope="col" className={`${th} hidden md:table-cell`}>Repository</th>}
            <th scope="col" className={th}>Branch</th>
            <th scope="col" className={th}>Title</th>
            <th scope="col" className={th}>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c, i) => (
            <tr key={c.id} className="border-b border-stone-100 last:border-0 hover:bg-stone-50 dark:border-stone-800/70 dark:hover:bg-stone-800/40">
              <td className={`${td} text-right font-mono text-xs tabular-nums text-stone-500 dark:text-stone-400`}>{firstIndex + i}</td>
              <td className={`${td} font-mono text-xs tabular-nums`}>
                <time dateTime={c.savedAt ?? undefined} className="inline-block min-w-[5.5rem]">{formatDate(c.savedAt)}</time>
              </td>
              {showRepository && (
                <td className={`${td} hidden md:table-cell`}>
                  {c.repositoryId ? <Link href={`/repos/${c.repositoryId}`}>{c.repoName}</Link> : <span className="text-stone-500">global</span>}
                </td>
              )}
              <td className={`${td} max-w-[8rem] truncate font-mono text-xs`} title={c.branch ?? undefined}>{c.branch ?? "—"}</td>
              <td className={`${td} min-w-[10rem]`}>
                <Link href={`/checkpoints/${c.id}`} className="font-medium">{c.title ?? c.path}</Link>
                <span className="block text-xs text-stone-500 dark:text-stone-400">
                  {showRepository && <span className="md:hidden">{c.repoName ?? "global"} · </span>}
                  {familyLabel(c.format)}
                </span>
              </td>
              <td className={td}>
                <StatusBadge status={c.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import Link from "next/link";
import type { CheckpointSummary } from "@/lib/queries/overview";
import { formatDate } from "./format";
import { StatusBadge } from "./status-badge";

export function CheckpointTable({ checkpoints, caption }: { checkpoints: CheckpointSummary[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs uppercase tracking-wide text-stone-500">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">Saved</th>
          <th scope="col" className="py-1 pr-3 font-medium">Branch</th>
          <th scope="col" className="py-1 pr-3 font-medium">Title</th>
          <th scope="col" className="py-1 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {checkpoints.map((c) => (
          <tr key={c.id} className="border-t border-stone-200 dark:border-stone-800">
            <td className="whitespace-nowrap py-1.5 pr-3 font-mono text-xs">{formatDate(c.savedAt)}</td>
            <td className="py-1.5 pr-3 font-mono text-xs">{c.branch ?? "—"}</td>
            <td className="py-1.5 pr-3">
              <Link href={`/checkpoints/${c.id}`}>{c.title ?? c.path}</Link>
            </td>
            <td className="py-1.5">
              <StatusBadge status={c.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

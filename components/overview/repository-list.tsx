import Link from "next/link";
import type { RepositorySummary } from "@/lib/queries/overview";
import { relativeTime } from "../format";

export function RepositoryList({ repositories, label = "Repositories" }: { repositories: RepositorySummary[]; label?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100 dark:divide-stone-800">
      {repositories.map((r) => (
        <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2 first:pt-0 last:pb-0 text-sm">
          <Link href={`/repos/${r.id}`} className="font-medium">{r.name}</Link>
          {r.currentBranch && <span className="font-mono text-xs text-stone-500">{r.currentBranch}</span>}
          <span className="ml-auto text-xs text-stone-500 tabular-nums dark:text-stone-400">
            {r.checkpoints} saved · {r.inProgress} open{r.latest ? ` · ${relativeTime(r.latest)}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

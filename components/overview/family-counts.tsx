import Link from "next/link";
import { familyLabel, kindLabel } from "../format";

/** Documents per family, as proportional bars. */
export function FamilyCounts({ families }: { families: { format: string; kind: string; count: number }[] }) {
  const max = Math.max(1, ...families.map((f) => f.count));
  return (
    <ul aria-label="Documents per family" className="space-y-2">
      {families.map((f) => (
        <li key={`${f.format}-${f.kind}`} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            {f.kind === "checkpoint" ? (
              <Link href={`/checkpoints?family=${encodeURIComponent(f.format)}`}>{familyLabel(f.format)}</Link>
            ) : (
              <span>
                {f.format === "project-notes" || f.format === "review" ? familyLabel(f.format) : kindLabel(f.kind)}
                {f.format !== "project-notes" && f.format !== "review" && <span className="text-stone-500"> · {f.format === "html" ? "HTML" : familyLabel(f.format)}</span>}
              </span>
            )}
            <span className="font-mono text-xs tabular-nums text-stone-600 dark:text-stone-400">{f.count.toLocaleString("en-US")}</span>
          </div>
          <div aria-hidden className="mt-1 h-1.5 rounded-full bg-stone-100 dark:bg-stone-800">
            <div className="h-full rounded-full bg-teal-600/80 dark:bg-teal-500/80" style={{ width: `${Math.max(2, (f.count / max) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

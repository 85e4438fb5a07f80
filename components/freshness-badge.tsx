import { isFreshnessLevel, LEVEL_LABELS } from "../lib/derive/freshness-wording";
import type { FreshnessLevel } from "../lib/derive/freshness";

const STYLES: Record<FreshnessLevel, { className: string; dot: string }> = {
  fresh: {
    className: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30",
    dot: "bg-emerald-500",
  },
  "slightly-stale": {
    className: "bg-yellow-50 text-yellow-800 ring-yellow-600/30 dark:bg-yellow-950 dark:text-yellow-200 dark:ring-yellow-400/30",
    dot: "bg-yellow-500",
  },
  stale: {
    className: "bg-orange-50 text-orange-800 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-400/30",
    dot: "bg-orange-500",
  },
  "very-stale": {
    className: "bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-400/30",
    dot: "bg-rose-500",
  },
  unknown: {
    className: "bg-stone-100 text-stone-600 ring-stone-500/20 dark:bg-stone-900 dark:text-stone-400 dark:ring-stone-500/30",
    dot: "bg-stone-400",
  },
};

/**
 * documents.freshnessLevel as a small coloured badge, for lists and the banner. The colour is
 * never the only signal: the level is written out. The reasons, when given, become its tooltip.
 */
export function FreshnessBadge({ level, reasons }: { level: string | null; reasons?: string[] }) {
  const known: FreshnessLevel = isFreshnessLevel(level) ? level : "unknown";
  const style = STYLES[known];
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.className}`}
      title={reasons?.length ? reasons.join("; ") : undefined}
      data-freshness={known}
    >
      <span aria-hidden className={`size-1.5 rounded-full ${style.dot}`} />
      {LEVEL_LABELS[known]}
    </span>
  );
}

import { isFreshnessLevel, LEVEL_LABELS } from "../lib/derive/freshness-wording";
import type { FreshnessLevel } from "../lib/derive/freshness";

const STYLES: Record<FreshnessLevel, { className: string; dot: string }> = {
  fresh: {
    className: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-400/40",
    dot: "bg-emerald-500",
  },
  // four hues that differ at a glance (green, yellow, orange, red), on a full tint rather than a near-white one
  "slightly-stale": {
    className: "bg-yellow-100 text-yellow-900 ring-yellow-600/40 dark:bg-yellow-900/50 dark:text-yellow-100 dark:ring-yellow-400/40",
    dot: "bg-yellow-500",
  },
  stale: {
    className: "bg-orange-100 text-orange-900 ring-orange-600/40 dark:bg-orange-900/50 dark:text-orange-100 dark:ring-orange-400/40",
    dot: "bg-orange-500",
  },
  "very-stale": {
    className: "bg-rose-100 text-rose-900 ring-rose-600/40 dark:bg-rose-900/50 dark:text-rose-100 dark:ring-rose-400/40",
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

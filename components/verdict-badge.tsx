export type Verdict = "approved" | "changes" | "comment";

const STYLES: Record<Verdict, string> = {
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30",
  changes: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30",
  comment: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/30",
};

export const VERDICT_TEXT: Record<Verdict, string> = {
  approved: "Approved",
  changes: "Changes requested",
  comment: "Comment",
};

const ICONS: Record<Verdict, string> = { approved: "✓", changes: "±", comment: "💬" };

/** A review's verdict; an unknown verdict shows as written, in grey. */
export function VerdictBadge({ verdict, raw }: { verdict: Verdict | null; raw?: string }) {
  const style = verdict ? STYLES[verdict] : "bg-stone-100 text-stone-600 ring-stone-500/20 dark:bg-stone-900 dark:text-stone-400";
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style}`} data-verdict={verdict ?? "unknown"}>
      {verdict && <span aria-hidden>{ICONS[verdict]}</span>}
      {verdict ? VERDICT_TEXT[verdict] : raw || "no verdict"}
    </span>
  );
}

const STYLES: Record<string, string> = {
  "in-progress": "bg-sky-100 text-sky-900 ring-sky-600/20 dark:bg-sky-900/50 dark:text-sky-100 dark:ring-sky-400/30",
  completed: "bg-emerald-100 text-emerald-900 ring-emerald-600/20 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-400/30",
  superseded: "bg-stone-200 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-500/30",
  blocked: "bg-rose-100 text-rose-900 ring-rose-600/20 dark:bg-rose-900/50 dark:text-rose-100 dark:ring-rose-400/30",
};

/** Status values in words: the one vocabulary of every page ("in progress", never also "open"). */
export const STATUS_LABELS: Record<string, string> = { "in-progress": "in progress", completed: "completed", superseded: "superseded", blocked: "blocked" };

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-xs text-stone-500 dark:text-stone-400">no status</span>;
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status] ?? STYLES.superseded}`}>
      {statusLabel(status)}
    </span>
  );
}

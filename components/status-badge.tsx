const STYLES: Record<string, string> = {
  "in-progress": "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  superseded: "bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300",
  blocked: "bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100",
};

export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-xs text-stone-500">no status</span>;
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status] ?? STYLES.superseded}`}>
      {status}
    </span>
  );
}

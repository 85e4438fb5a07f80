/** Shown while a page reads the index. */
export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">Loading…</span>
      <div aria-hidden className="h-7 w-56 animate-pulse rounded bg-stone-200 dark:bg-stone-800" />
      <div aria-hidden className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-stone-200/70 dark:bg-stone-800/70" />
        ))}
      </div>
      <div aria-hidden className="h-64 animate-pulse rounded-lg bg-stone-200/60 dark:bg-stone-800/60" />
    </div>
  );
}

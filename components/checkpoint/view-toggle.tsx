import Link from "next/link";

/** Normalised / original, as links: each view has its own URL (`?view=original`). */
export function ViewToggle({ id, view }: { id: string; view: "normalised" | "original" }) {
  const item = "rounded-md px-3 py-1.5 text-sm font-medium no-underline";
  const on = "bg-white text-stone-900 shadow-xs dark:bg-stone-700 dark:text-stone-50";
  const off = "text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white";
  return (
    <nav aria-label="View" className="inline-flex rounded-lg bg-stone-200/70 p-1 dark:bg-stone-800">
      <Link href={`/checkpoints/${id}`} aria-current={view === "normalised" ? "page" : undefined} className={`${item} ${view === "normalised" ? on : off}`} scroll={false}>
        Normalised
      </Link>
      <Link href={`/checkpoints/${id}?view=original`} aria-current={view === "original" ? "page" : undefined} className={`${item} ${view === "original" ? on : off}`} scroll={false}>
        Original
      </Link>
    </nav>
  );
}

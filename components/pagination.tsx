import Link from "next/link";

/** Page numbers around the current one, with the first and the last. */
function pageWindow(page: number, pages: number): (number | "gap")[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

const item = "inline-flex min-w-8 items-center justify-center rounded-md px-2 py-1 text-sm";

/** Page links are not prefetched: each would be a server render of another page of the list, on every visit. */
export function Pagination({ page, pages, hrefFor, label = "Pagination" }: { page: number; pages: number; hrefFor: (page: number) => string; label?: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-1">
      {page > 1 ? (
        <Link prefetch={false} href={hrefFor(page - 1)} rel="prev" className={`${item} no-underline hover:bg-stone-100 dark:hover:bg-stone-800`}>
          ← Previous
        </Link>
      ) : (
        <span className={`${item} text-stone-400 dark:text-stone-600`} aria-hidden>← Previous</span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-stone-400">…</li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${item} bg-teal-700 font-medium text-white dark:bg-teal-700`}>
                  <span className="sr-only">Page </span>{p}
                </span>
              ) : (
                <Link prefetch={false} href={hrefFor(p)} className={`${item} no-underline hover:bg-stone-100 dark:hover:bg-stone-800`} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link prefetch={false} href={hrefFor(page + 1)} rel="next" className={`${item} no-underline hover:bg-stone-100 dark:hover:bg-stone-800`}>
          Next →
        </Link>
      ) : (
        <span className={`${item} text-stone-400 dark:text-stone-600`} aria-hidden>Next →</span>
      )}
    </nav>
  );
}

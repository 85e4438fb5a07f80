import Link from "next/link";

export interface Crumb {
  label: string;
  href?: string;
}

/** Where this page sits; the last crumb is the page itself. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-500 dark:text-stone-400">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className="flex min-w-0 items-center gap-x-1.5">
              {i > 0 && <span aria-hidden className="text-stone-400 dark:text-stone-600">/</span>}
              {item.href && !last ? (
                <Link href={item.href} className="truncate">{item.label}</Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="max-w-[40ch] truncate text-stone-700 dark:text-stone-300">
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

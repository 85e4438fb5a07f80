"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  href: string;
  label: string;
}

/** The main navigation; the current section is marked for sight and for screen readers. */
export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname() ?? "/";
  return (
    <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
      {items.map((item) => {
        const current = item.href === "/" ? pathname === "/" : pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              // every page is rendered per request, so Next's default prefetch fetches only a shell: the
              // header's few links are prefetched whole (kept per next.config's staleTimes, dropped on
              // router.refresh and after a change), so a click shows the page without a round trip
              prefetch={!current}
              aria-current={current ? "page" : undefined}
              className={`rounded-md px-2 py-1 no-underline hover:bg-stone-100 hover:no-underline dark:hover:bg-stone-800 ${
                current ? "bg-stone-100 font-medium text-stone-900 dark:bg-stone-800 dark:text-stone-50" : "text-stone-600 dark:text-stone-300"
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

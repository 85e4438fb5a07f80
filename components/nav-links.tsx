"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

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

/** Phones: the same links behind a "Menu" button, so that the header stays one row. Closes on navigation. */
export function NavMenu({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="nav-menu"
        onClick={() => setOpen(!open)}
        className="rounded-md border border-stone-300 px-2.5 py-1 text-sm font-medium text-stone-700 dark:border-stone-700 dark:text-stone-200"
      >
        Menu <span aria-hidden>{open ? "▴" : "▾"}</span>
      </button>
      {open && (
        <nav id="nav-menu" aria-label="Main" className="absolute left-0 z-40 mt-1 w-48 rounded-lg border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900 [&_ul]:flex-col">
          <NavLinks items={items} />
        </nav>
      )}
    </div>
  );
}

import Link from "next/link";
import { NavLinks, NavMenu } from "./nav-links";
import { SearchBox } from "./search-box";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/checkpoints", label: "Checkpoints" },
  { href: "/repos", label: "Repositories" },
  { href: "/search", label: "Search" },
  { href: "/sessions", label: "Sessions" },
  { href: "/reviews", label: "Reviews" },
  { href: "/secrets", label: "Secrets" },
  { href: "/problems", label: "Problems" },
  { href: "/roots", label: "Roots" },
];

export function Header() {
  return (
    <header className="border-b border-stone-200 bg-white/80 backdrop-blur dark:border-stone-800 dark:bg-stone-900/80">
      {/* one row at every width: on phones the links sit behind "Menu" and the search box takes the rest */}
      <div className="mx-auto flex max-w-6xl items-center gap-x-3 px-4 py-2.5 md:gap-x-4">
        <Link href="/" className="flex items-center gap-2 font-semibold text-stone-900 no-underline hover:no-underline dark:text-stone-100">
          <svg aria-hidden viewBox="0 0 20 20" className="size-5 text-teal-700 dark:text-teal-400">
            <ellipse cx="10" cy="16" rx="7" ry="2.6" fill="currentColor" />
            <ellipse cx="10" cy="10.6" rx="5.2" ry="2.3" fill="currentColor" opacity="0.8" />
            <ellipse cx="10" cy="5.6" rx="3.3" ry="2" fill="currentColor" opacity="0.6" />
          </svg>
          Cairn
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks items={NAV} />
        </nav>
        <div className="md:hidden">
          <NavMenu items={NAV} />
        </div>
        <div className="min-w-0 flex-1 md:ml-auto md:w-64 md:flex-none">
          <SearchBox />
        </div>
      </div>
    </header>
  );
}

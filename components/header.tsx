import Link from "next/link";
import { SearchBox } from "./search-box";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/checkpoints", label: "Checkpoints" },
  { href: "/search", label: "Search" },
  { href: "/problems", label: "Problems" },
  { href: "/roots", label: "Roots" },
];

export function Header() {
  return (
    <header className="border-b border-stone-200 bg-white/80 backdrop-blur dark:border-stone-800 dark:bg-stone-900/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="flex items-center gap-2 font-semibold text-stone-900 no-underline dark:text-stone-100">
          <span aria-hidden className="text-lg">▲</span> Cairn
        </Link>
        <nav aria-label="Main" className="flex flex-wrap gap-4 text-sm">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="text-stone-600 dark:text-stone-300">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto w-full sm:w-72">
          <SearchBox />
        </div>
      </div>
    </header>
  );
}

import Link from "next/link";

/**
 * A column header that sorts: a link (keyboard and middle-click work, the sort lives in the URL),
 * `aria-sort` on the active column, the direction written out for screen readers.
 */
export function SortHeader({ label, active, dir, href, className = "" }: { label: string; active: boolean; dir: "asc" | "desc"; href: string; className?: string }) {
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined} className={`px-2 py-2 font-medium first:pl-0 ${className}`}>
      {/* no prefetch: a sort is another server render, and a list's dozen headers each asked for one on every visit */}
      <Link
        href={href}
        scroll={false}
        prefetch={false}
        className={`inline-flex items-center gap-1 whitespace-nowrap no-underline ${active ? "text-stone-900 dark:text-stone-100" : "text-stone-600 dark:text-stone-400"}`}
      >
        {label}
        <span aria-hidden className="text-[0.7rem]">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
        <span className="sr-only">{active ? `, sorted ${dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
      </Link>
    </th>
  );
}

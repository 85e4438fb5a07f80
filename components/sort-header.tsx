import Link from "next/link";

/** The link of a sortable header: the sort lives in the URL (keyboard and middle-click work), the direction written out for screen readers. */
export function SortLink({ label, active, dir, href, small = false }: { label: string; active: boolean; dir: "asc" | "desc"; href: string; small?: boolean }) {
  return (
    // no prefetch: a sort is another server render, and a list's dozen headers each asked for one on every visit
    <Link
      href={href}
      scroll={false}
      prefetch={false}
      aria-current={active && small ? "true" : undefined}
      className={`inline-flex items-center gap-1 whitespace-nowrap no-underline ${small ? "text-[0.7rem] font-normal" : ""} ${active ? "text-stone-900 dark:text-stone-100" : "text-stone-600 dark:text-stone-400"}`}
    >
      {label}
      <span aria-hidden className="text-[0.7rem]">{active ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
      <span className="sr-only">{active ? `, sorted ${dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
    </Link>
  );
}

/**
 * A column header that sorts: a link, `aria-sort` on the active column.
 */
export function SortHeader({ label, active, dir, href, className = "" }: { label: string; active: boolean; dir: "asc" | "desc"; href: string; className?: string }) {
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined} className={`px-2 py-2 font-medium first:pl-0 ${className}`}>
      <SortLink label={label} active={active} dir={dir} href={href} />
    </th>
  );
}

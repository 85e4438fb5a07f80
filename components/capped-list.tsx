import Link from "next/link";

/** Items a list draws before it says how many more there are (a repository may hold thousands of units). */
export const LIST_CAP = 100;

/** The first `max` items and how many were left out. */
export function capped<T>(items: readonly T[], max = LIST_CAP): { shown: T[]; more: number } {
  return items.length > max ? { shown: items.slice(0, max), more: items.length - max } : { shown: [...items], more: 0 };
}

/** "… and N more tasks" under a list drawn short, with a link to where they all are when there is one. */
export function MoreItems({ more, what, href, linkText }: { more: number; what: string; href?: string; linkText?: string }) {
  if (more <= 0) return null;
  return (
    <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-more-items>
      … and {more.toLocaleString("en")} more {what}
      {href && (
        <>
          {": "}
          <Link href={href} prefetch={false}>
            {linkText ?? "see them all"}
          </Link>
        </>
      )}
    </p>
  );
}

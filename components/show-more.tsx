import Link from "next/link";

/**
 * Under a list drawn short: "Show N more (T in all)" (a link to the whole list, not prefetched: it is the
 * heavy page), and on the whole list the way back to the short one.
 */
export function ShowMore({
  total,
  shown,
  limit,
  showAll,
  moreHref,
  fewerHref,
  className = "mt-3 text-sm",
}: {
  total: number;
  shown: number;
  limit: number;
  showAll: boolean;
  moreHref: string;
  fewerHref: string;
  className?: string;
}) {
  return (
    <>
      {total > shown && (
        <p className={className}>
          <Link href={moreHref} prefetch={false} className="font-medium">
            Show {total - shown} more ({total} in all)
          </Link>
        </p>
      )}
      {showAll && total > limit && (
        <p className={className}>
          <Link href={fewerHref}>Show the first {limit} only</Link>
        </p>
      )}
    </>
  );
}

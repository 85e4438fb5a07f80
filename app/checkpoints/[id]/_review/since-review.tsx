import Link from "next/link";
import { relativeTime } from "@/components/format";
import { VerdictBadge } from "@/components/verdict-badge";
import type { ReviewItem } from "@/lib/queries/reviews";

export interface ReviewedDoc {
  id: string;
  /** When the checkpoint says it was saved. */
  savedAt: string | null;
}

/** What the reviewer needs first: the last review, and whether the handoff changed after it. */
export function sinceLastReview(last: ReviewItem | null, doc: ReviewedDoc): { changed: boolean | null; sentence: string } {
  if (!last) return { changed: null, sentence: "Not reviewed yet: this is the first review." };
  const at = last.at ? Date.parse(last.at) : Number.NaN;
  if (!Number.isFinite(at)) return { changed: null, sentence: `Last reviewed ${last.atRaw || "at an unknown time"}: cannot tell what changed since.` };
  const saved = doc.savedAt ? Date.parse(doc.savedAt) : Number.NaN;
  // a day's slack: a review date is often a day without a time
  if (Number.isFinite(saved) && saved > at + 86_400_000) return { changed: true, sentence: `Saved again ${relativeTime(doc.savedAt)}, after the last review: read it again.` };
  return { changed: false, sentence: "No new save since the last review." };
}

/** "What changed since the last review", at the top of the review form. */
export function SinceLastReview({ last, doc }: { last: ReviewItem | null; doc: ReviewedDoc }) {
  const { changed, sentence } = sinceLastReview(last, doc);
  return (
    <div className="mb-4 space-y-1 rounded-md bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800/70" data-testid="since-last-review">
      <h3 className="font-semibold">What changed since the last review</h3>
      {last && (
        <p className="flex flex-wrap items-center gap-x-2">
          <VerdictBadge verdict={last.verdict} raw={last.verdictRaw} />
          <span>
            by {last.reviewer || "someone"}
            {last.at ? `, ${relativeTime(last.at)}` : ""}
          </span>
        </p>
      )}
      <p className={changed ? "font-medium" : undefined}>{sentence}</p>
      {last && (
        <Link href={`/checkpoints/${doc.id}/diff`} className="text-sm">
          What changed in the code since the save
        </Link>
      )}
    </div>
  );
}

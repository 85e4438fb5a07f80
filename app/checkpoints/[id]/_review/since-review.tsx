import Link from "next/link";
import { relativeTime } from "@/components/format";
import { VerdictBadge } from "@/components/verdict-badge";
import { readDb } from "@/lib/queries/db";
import type { ReviewItem } from "@/lib/queries/reviews";
import { sinceLastReview, type SinceReview } from "@/lib/queries/since-review";

export interface ReviewedDoc {
  id: string;
  /** When the checkpoint says it was saved. */
  savedAt: string | null;
}

/** What the reviewer reads first: the last review, and whether the checkpoint was saved again after it. */
export function sinceSentence(last: ReviewItem | null, since: SinceReview): string {
  if (!last) return "Not reviewed yet: this is the first review.";
  if (since.changed === null) return `Last reviewed ${last.atRaw || "at an unknown time"}: cannot tell what changed since.`;
  // the save's time is the later of its stated time and the commit that last changed its file
  if (since.changed) return `Saved again ${relativeTime(since.savedAt)}, after the last review: read it again.`;
  return "No new save since the last review.";
}

/** "What changed since the last review", at the top of the review form, with the file's own text changes. */
export async function SinceLastReview({ last, doc }: { last: ReviewItem | null; doc: ReviewedDoc }) {
  const since = await sinceLastReview(await readDb(), doc.id, last);
  const sentence = sinceSentence(last, since);
  const diff = since.diff;
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
      <p className={since.changed ? "font-medium" : undefined}>{sentence}</p>
      {diff && (diff.added.length > 0 || diff.removed.length > 0) && (
        <div data-testid="since-review-diff">
          <p className="text-stone-700 dark:text-stone-300">In this file since the reviewed version:</p>
          <pre className="mt-1 max-h-64 overflow-auto rounded bg-white p-2 font-mono text-xs whitespace-pre-wrap dark:bg-stone-900" tabIndex={0} aria-label="Lines changed since the last review">
            {diff.removed.slice(0, 200).map((line, i) => (
              <span key={`r${i}`} className="block text-rose-800 dark:text-rose-300">
                <span aria-hidden>- </span>
                <span className="sr-only">removed: </span>
                {line}
              </span>
            ))}
            {diff.added.slice(0, 200).map((line, i) => (
              <span key={`a${i}`} className="block text-emerald-800 dark:text-emerald-300">
                <span aria-hidden>+ </span>
                <span className="sr-only">added: </span>
                {line}
              </span>
            ))}
          </pre>
        </div>
      )}
      {last && (
        <Link href={`/checkpoints/${doc.id}/diff`} className="text-sm">
          What changed in the code since the save
        </Link>
      )}
    </div>
  );
}

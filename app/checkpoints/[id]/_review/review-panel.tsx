import { formatDate, relativeTime } from "@/components/format";
import { Markdown } from "@/components/markdown";
import { Panel } from "@/components/panel";
import { VerdictBadge } from "@/components/verdict-badge";
import { defaultReviewer } from "@/lib/actions/review";
import { readDb } from "@/lib/queries/db";
import { latestReview, reviewsFor, reviewTarget } from "@/lib/queries/reviews";
import { renderMarkdown } from "@/lib/render/markdown";
import { ReviewForm } from "./review-form";
import { SinceLastReview, type ReviewedDoc } from "./since-review";

/** The reviews of a checkpoint (from `.claude/reviews/<stem>.md`, work tree or branches) and the form to add one. */
export async function ReviewPanel({ documentId, since }: { documentId: string; /** On the review route: what changed since the last review, above the form. */ since?: ReviewedDoc }) {
  const db = await readDb();
  const target = reviewTarget(db, documentId);
  if (!target) return null;
  const reviews = reviewsFor(db, documentId);
  const reviewer = target.repoPath ? await defaultReviewer(target.repoPath) : "";
  return (
    <Panel id="reviews-heading" title="Reviews" description={reviews.length ? `${reviews.length} so far` : "none yet"}>
      {since && target.reviewable && <SinceLastReview last={latestReview(reviews)} doc={since} />}
      {reviews.length > 0 && (
        <ol className="mb-5 space-y-4" aria-label="Reviews, oldest first">
          {reviews.map((r, i) => (
            <li key={`${r.reviewDocumentId}-${i}`} className="rounded-md border border-stone-200 p-3 dark:border-stone-800" data-testid="review">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <VerdictBadge verdict={r.verdict} raw={r.verdictRaw} />
                <span className="font-medium">{r.reviewer || "someone"}</span>
                <time dateTime={r.at ?? undefined} className="text-stone-500 dark:text-stone-400" title={r.atRaw}>
                  {r.at ? `${formatDate(r.at)} · ${relativeTime(r.at)}` : r.atRaw}
                </time>
                {r.source !== "worktree" && (
                  <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs dark:bg-stone-800">{r.source.replace(/^git:/, "on ")}</span>
                )}
              </div>
              {r.comment.trim() ? <Markdown className="mt-2" html={renderMarkdown(r.comment)} /> : null}
            </li>
          ))}
        </ol>
      )}
      {target.reviewable ? (
        <ReviewForm documentId={documentId} reviewer={reviewer} reviewFile={target.reviewFile} />
      ) : (
        <p className="text-sm text-stone-500 dark:text-stone-400">{target.reason}</p>
      )}
    </Panel>
  );
}

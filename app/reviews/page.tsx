import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { formatDate, relativeTime } from "@/components/format";
import { LiveRefresh } from "@/components/live-refresh";
import { Panel } from "@/components/panel";
import { ShowMore } from "@/components/show-more";
import { StatusBadge } from "@/components/status-badge";
import { VerdictBadge } from "@/components/verdict-badge";
import { readDb } from "@/lib/queries/db";
import { reviewQueue } from "@/lib/queries/review-queue";
import { recentReviews } from "@/lib/queries/reviews";

export const metadata: Metadata = { title: "Reviews" };

const cell = "py-1.5 pr-3 align-top";

/** Rows drawn before "all of them" is one link away (`?all=1`): the page stays light however much awaits review. */
const REVIEWS_SHOWN = 50;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What awaits review (committed handoffs, and in-progress checkpoints that ask for one, not reviewed since their last save) and the latest reviews. */
export default async function ReviewsPage({ searchParams }: Props) {
  const [db, sp] = await Promise.all([readDb(), searchParams]);
  const [queue, recent] = [await reviewQueue(db), recentReviews(db, 20)];
  const showAll = sp.all === "1";
  const shown = showAll ? queue : queue.slice(0, REVIEWS_SHOWN);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Reviews</h1>
        <p className="max-w-prose text-sm text-stone-600 dark:text-stone-300">
          Reviews are kept in each repository under <code className="font-mono">.claude/reviews/</code>, one dated section each, so they travel through git
          with the checkpoints they review.
        </p>
      </header>
      <Panel id="queue-heading" title="Awaiting review" description={`${queue.length} awaiting review: committed handoffs, and in-progress checkpoints that ask for a review, not reviewed since their last save`}>
        {queue.length === 0 ? (
          <EmptyState title="Nothing awaits review">Committed handoffs, and in-progress checkpoints that ask for a review (&ldquo;ready for review&rdquo;), show here until someone reviews them after their last save.</EmptyState>
        ) : (
          <table className="w-full text-left text-sm" data-testid="review-queue">
            <caption className="sr-only">Awaiting review, newest save first</caption>
            <thead className="text-xs uppercase tracking-wide text-stone-500 dark:text-stone-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">Last save</th>
                <th scope="col" className="py-1 pr-3 font-medium">Repository</th>
                <th scope="col" className="py-1 pr-3 font-medium">Checkpoint</th>
                <th scope="col" className="py-1 pr-3 font-medium">Status</th>
                <th scope="col" className="py-1 font-medium">Last review</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.id} className="border-t border-stone-200 dark:border-stone-800">
                  <td className={`${cell} whitespace-nowrap font-mono text-xs`}>
                    <time dateTime={row.lastSave ?? undefined} title={relativeTime(row.lastSave)}>{formatDate(row.lastSave)}</time>
                  </td>
                  <td className={cell}>{row.repositoryId !== null && row.repoName ? <Link href={`/repos/${row.repositoryId}`}>{row.repoName}</Link> : (row.repoName ?? "—")}</td>
                  <td className={cell}>
                    <Link href={`/checkpoints/${row.id}/review`}>{row.title ?? row.path}</Link>
                    <div className="font-mono text-xs text-stone-500 dark:text-stone-400">
                      {row.path}
                      {row.committed === "branch" ? ` · ${row.source.replace(/^git:/, "on ")}` : ""}
                      {row.branch ? ` · ${row.branch}` : ""}
                    </div>
                  </td>
                  <td className={cell}>
                    <StatusBadge status={row.status} />
                  </td>
                  <td className={cell}>
                    {row.lastReview ? (
                      <span className="inline-flex flex-wrap items-center gap-1.5">
                        <VerdictBadge verdict={row.lastReview.verdict} raw={row.lastReview.verdictRaw} />
                        <span className="text-xs text-stone-500 dark:text-stone-400">before the last save</span>
                      </span>
                    ) : (
                      <span className="text-xs text-stone-500 dark:text-stone-400">never reviewed</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ShowMore total={queue.length} shown={shown.length} limit={REVIEWS_SHOWN} showAll={showAll} moreHref="/reviews?all=1#queue-heading" fewerHref="/reviews#queue-heading" />
      </Panel>
      <Panel id="recent-heading" title="Recent reviews">
        {recent.length === 0 ? (
          <p className="text-sm text-stone-500 dark:text-stone-400">No review indexed yet.</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="recent-reviews">
            {recent.map((r, i) => (
              <li key={`${r.reviewDocumentId}-${i}`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <VerdictBadge verdict={r.verdict} raw={r.verdictRaw} />
                <span className="font-medium">{r.reviewer}</span>
                <span className="text-stone-500 dark:text-stone-400">on</span>
                {r.checkpoint ? <Link href={`/checkpoints/${r.checkpoint.id}/review`}>{r.checkpoint.title ?? r.checkpoint.path}</Link> : <span className="font-mono text-xs">{r.path}</span>}
                {r.repoName && <span className="text-stone-500 dark:text-stone-400">in {r.repoName}</span>}
                <time dateTime={r.at ?? undefined} className="text-xs text-stone-500 dark:text-stone-400">{r.at ? relativeTime(r.at) : r.atRaw}</time>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <LiveRefresh />
    </div>
  );
}

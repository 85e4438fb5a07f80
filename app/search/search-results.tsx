"use client";

import Link from "next/link";
import { groupByRepository, matchedLine, type SearchResponse, type SearchResponseHit } from "@/lib/search/response";
import type { SnippetPart } from "@/lib/search/snippet";
import { StatusBadge } from "@/components/status-badge";
import { FreshnessBadge } from "@/components/freshness-badge";
import { formatDate } from "@/components/format";

/** Matched words in <mark>; the text itself is rendered by React, so it is always escaped. */
function Marked({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}

const MATCHED_BY: Record<SearchResponseHit["matchedBy"], string> = {
  text: "",
  file: "references the file",
  commit: "saved at this commit",
  filter: "",
};

function Result({ hit }: { hit: SearchResponseHit }) {
  const why = matchedLine(hit.matched);
  return (
    <li className="border-t border-stone-200 first:border-t-0 dark:border-stone-800">
      <Link
        href={hit.url}
        data-result-link
        className="block rounded-md px-3 py-2.5 text-stone-900 no-underline outline-offset-0 hover:bg-stone-100 hover:no-underline focus-visible:bg-teal-50 dark:text-stone-100 dark:hover:bg-stone-800/60 dark:focus-visible:bg-teal-950"
      >
        <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-medium text-teal-800 dark:text-teal-300">
            {hit.titleParts.length ? <Marked parts={hit.titleParts} /> : hit.path}
          </span>
          <StatusBadge status={hit.status} />
          <FreshnessBadge level={hit.level} />
          {MATCHED_BY[hit.matchedBy] && <span className="text-xs text-stone-500 dark:text-stone-400">{MATCHED_BY[hit.matchedBy]}</span>}
          {hit.matched?.similar && (
            <span data-testid="result-similar" className="text-xs text-stone-500 dark:text-stone-400">
              similar meaning
            </span>
          )}
        </span>
        {/* repository, branch and date first: they tell apart saves that share a title; the path may be cut */}
        <span className="mt-0.5 flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-xs text-stone-600 dark:text-stone-400" data-testid="result-origin">
          <span className="font-medium">{hit.repoName ?? "outside any repository"}</span>
          {hit.branch && (
            <>
              <span aria-hidden>·</span>
              <span className="font-mono">{hit.branch}</span>
            </>
          )}
          <span aria-hidden>·</span>
          <time dateTime={hit.savedAt ?? undefined} className="font-mono tabular-nums">{formatDate(hit.savedAt)}</time>
          {hit.source !== "worktree" && (
            <>
              <span aria-hidden>·</span>
              <span>{hit.source}</span>
            </>
          )}
          <span aria-hidden>·</span>
          <span className="min-w-0 max-w-full truncate font-mono text-stone-500 dark:text-stone-400">{hit.path}</span>
        </span>
        {hit.snippetParts.length > 0 && (
          <span data-testid="result-snippet" className="mt-1 block text-sm text-stone-700 dark:text-stone-300">
            <Marked parts={hit.snippetParts} />
          </span>
        )}
        {why && (
          <span data-testid="result-why" className={`mt-0.5 block text-xs ${hit.matched?.allWords ? "text-stone-600 dark:text-stone-400" : "text-amber-800 dark:text-amber-300"}`}>
            {why}
          </span>
        )}
      </Link>
    </li>
  );
}

/** "Show 20 more (37 in all)": the next page, then the whole count. */
export function showMoreLabel(more: number, limit: number, total: number): string {
  return `Show ${Math.min(more, limit)} more (${total} in all)`;
}

function List({ hits, label }: { hits: SearchResponseHit[]; label: string }) {
  return (
    <ol aria-label={label} className="rounded-lg border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      {hits.map((hit) => (
        <Result key={hit.id} hit={hit} />
      ))}
    </ol>
  );
}

export function SearchResults({
  response,
  group,
  onLoadMore,
  loading,
}: {
  response: SearchResponse;
  group: "flat" | "repo";
  onLoadMore: () => void;
  loading: boolean;
}) {
  const more = response.total - response.offset - response.hits.length;
  return (
    <div className="space-y-4">
      {group === "repo" ? (
        groupByRepository(response.hits).map((g) => {
          const name = g.repoName ?? "Outside any repository";
          return (
            <section key={g.repo ?? ""} aria-label={name} className="space-y-2">
              <h2 className="flex flex-wrap items-baseline gap-x-2 text-base font-semibold">
                {name}
                <span className="text-sm font-normal text-stone-500 dark:text-stone-400">
                  {g.count} {g.count === 1 ? "result" : "results"}
                </span>
                {g.repo && <span className="font-mono text-xs font-normal text-stone-500 dark:text-stone-400">{g.repo}</span>}
              </h2>
              <List hits={g.hits} label={`Results in ${name}`} />
            </section>
          );
        })
      ) : (
        <List hits={response.hits} label="Results" />
      )}
      {more > 0 && (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loading}
          className="rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100 disabled:opacity-60 dark:border-stone-700 dark:hover:bg-stone-800"
        >
          {loading ? "Loading…" : showMoreLabel(more, response.limit, response.total)}
        </button>
      )}
    </div>
  );
}

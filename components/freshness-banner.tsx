import Link from "next/link";
import type { ReactNode } from "react";
import type { FreshnessLevel } from "../lib/derive/freshness";
import { FreshnessBadge } from "./freshness-badge";
import { freshnessBanner, LEVEL_LABELS, parseFreshness, type FreshnessView, type ModifiedComparison } from "../lib/derive/freshness-wording";

/** Four levels in four hues (green, yellow, orange, red); landed work is drawn as fresh: good news, not a warning. */
const FRAME: Record<FreshnessLevel, string> = {
  fresh: "border-emerald-300 bg-emerald-50/70 dark:border-emerald-800 dark:bg-emerald-950/40",
  "slightly-stale": "border-yellow-300 bg-yellow-50/70 dark:border-yellow-800 dark:bg-yellow-950/40",
  stale: "border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/40",
  "very-stale": "border-rose-300 bg-rose-50 dark:border-rose-800 dark:bg-rose-950/40",
  unknown: "border-stone-300 bg-stone-100 dark:border-stone-700 dark:bg-stone-900",
};

const LIST_LIMIT = 20;

function PathList({ paths }: { paths: string[] }) {
  const shown = paths.slice(0, LIST_LIMIT);
  return (
    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
      {shown.map((p) => (
        <li key={p} className="break-all font-mono text-xs">{p}</li>
      ))}
      {paths.length > shown.length && <li className="text-xs text-stone-500 dark:text-stone-400">and {paths.length - shown.length} more</li>}
    </ul>
  );
}

const MODIFIED_GROUPS: { key: keyof ModifiedComparison; label: string; hint: string }[] = [
  { key: "stillModified", label: "Still modified", hint: "continuing from the saved state" },
  { key: "committedSince", label: "Committed since", hint: "the checkpoint's changes have been committed" },
  { key: "untouched", label: "Untouched", hint: "neither modified nor committed since" },
  { key: "missing", label: "Gone", hint: "no longer in the work tree" },
  { key: "unmentioned", label: "Modified now, not in the checkpoint", hint: "new changes since the checkpoint" },
];

function ModifiedFiles({ modified }: { modified: ModifiedComparison }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">Files the checkpoint says it modified, compared with now</h3>
      <dl className="mt-1 grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {MODIFIED_GROUPS.filter((g) => modified[g.key].length > 0).map((g) => (
          <div key={g.key} className="contents">
            <dt className="text-sm">
              <span className="font-medium">{g.label}</span> <span className="text-stone-500 dark:text-stone-400">({modified[g.key].length})</span>
              <span className="block text-xs text-stone-500 dark:text-stone-400">{g.hint}</span>
            </dt>
            <dd>
              <PathList paths={modified[g.key]} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export interface FreshnessBannerProps {
  /** The record's `freshness` object as stored (documents.freshness), or an already parsed view. */
  freshness: unknown;
  /** The branch the checkpoint was saved on. */
  branch: string | null;
  /** The checkpoint's id: "See what changed" links to its diff page. */
  checkpointId?: string;
  /** The head sha as written in the file (documents.headShaRaw), to tell "no commit recorded" from "recorded commit gone". */
  recordedSha?: string | null;
  /** Hide the "See what changed" link (on the diff page itself). */
  showDiffLink?: boolean;
  /** Shown when the work has landed in the default branch and the checkpoint is still open (the Complete form). */
  landedAction?: ReactNode;
}

function isView(value: unknown): value is FreshnessView {
  return !!value && typeof value === "object" && "modifiedFileStates" in value && "rebasedAway" in value;
}

const ICON: Record<FreshnessLevel, string> = { fresh: "✓", "slightly-stale": "↻", stale: "⚠", "very-stale": "⚠", unknown: "?" };

/**
 * The checkpoint skill's resume warning as one verdict: a sentence leading with the deciding fact (landed
 * work reads as done, in green), "See what changed", and the details (notes, grading reasons, missing and
 * modified files) folded below. Renders nothing for a fresh checkpoint or one without freshness.
 */
export function FreshnessBanner({ freshness, branch, checkpointId, recordedSha = null, showDiffLink = true, landedAction }: FreshnessBannerProps) {
  const view = isView(freshness) ? freshness : parseFreshness(freshness);
  const text = freshnessBanner({ freshness: view, branch, recordedSha });
  if (!text) return null;
  const headingId = `freshness-${checkpointId ?? "banner"}`;
  const tone = text.landed ? "fresh" : text.level;
  const hasDetails = text.notes.length > 0 || text.reasons.length > 0 || text.missingFiles.length > 0 || !!text.modified;
  return (
    <section aria-labelledby={headingId} data-testid="freshness-banner" data-landed={text.landed ? "true" : undefined} className={`space-y-2 rounded-lg border px-4 py-3 ${FRAME[tone]}`}>
      <h2 id={headingId} className="sr-only">
        Freshness
      </h2>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 flex-1 basis-64 font-medium" data-testid="freshness-verdict">
          <span aria-hidden className="mr-1.5">{ICON[tone]}</span>
          <span data-testid="freshness-headline">{text.headline}</span>
        </p>
        {text.landed && landedAction}
        {showDiffLink && checkpointId && (
          <Link href={`/checkpoints/${checkpointId}/diff`} className="text-sm font-medium">
            See what changed
          </Link>
        )}
      </div>
      {hasDetails && (
        <details className="group text-sm">
          <summary className="cursor-pointer text-stone-700 dark:text-stone-300">
            Details <FreshnessBadge level={text.level} />
            {text.age && <span className="ml-2 text-xs" data-testid="freshness-age">{text.age}</span>}
          </summary>
          <div className="mt-2 space-y-3">
            {text.notes.length > 0 && (
              <ul className="list-disc space-y-1 pl-5">
                {text.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
            {text.reasons.length > 0 && (
              <p className="text-stone-700 dark:text-stone-300">
                <span className="font-medium">Why {LEVEL_LABELS[text.level]}:</span> {text.reasons.join("; ")}.
              </p>
            )}
            {text.missingFiles.length > 0 && (
              <div>
                <h3 className="font-semibold">Referenced files that no longer exist ({text.missingFiles.length})</h3>
                <p className="text-xs text-stone-600 dark:text-stone-400">Renamed or deleted since the checkpoint.</p>
                <PathList paths={text.missingFiles} />
              </div>
            )}
            {text.modified && <ModifiedFiles modified={text.modified} />}
          </div>
        </details>
      )}
    </section>
  );
}

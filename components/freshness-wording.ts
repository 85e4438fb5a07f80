/**
 * Pure wording of the freshness banner (no React, no DB, no git): what a checkpoint's stored
 * `freshness` object says, in the words of the checkpoint skill's resume warning.
 */
import type { Freshness, FreshnessLevel, ModifiedFileState } from "../lib/derive/freshness";

export const FRESHNESS_LEVELS: readonly FreshnessLevel[] = ["fresh", "slightly-stale", "stale", "very-stale", "unknown"];

export const LEVEL_LABELS: Record<FreshnessLevel, string> = {
  fresh: "fresh",
  "slightly-stale": "slightly stale",
  stale: "stale",
  "very-stale": "very stale",
  unknown: "freshness unknown",
};

export function isFreshnessLevel(value: unknown): value is FreshnessLevel {
  return typeof value === "string" && (FRESHNESS_LEVELS as readonly string[]).includes(value);
}

/** The stored `documents.freshness` JSON, read defensively (older rows may lack fields). */
export interface FreshnessView extends Freshness {
  /** Explicit flags when the indexer stores them; otherwise inferred from the other fields. */
  rebasedAway: boolean | null;
  savedCommitGone: boolean | null;
}

const MODIFIED_STATES: readonly ModifiedFileState[] = ["still-modified", "committed-since", "untouched", "missing"];

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
function bool(value: unknown): boolean | null {
  return typeof value === "boolean" ? value : null;
}
function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : [];
}

/** Reads the stored JSON; null when there is none (e.g. a global checkpoint not linked to a repository). */
export function parseFreshness(value: unknown): FreshnessView | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const basis = v.countBasis === "sha" || v.countBasis === "time" ? v.countBasis : null;
  const states = Array.isArray(v.modifiedFileStates) ? v.modifiedFileStates : [];
  return {
    level: isFreshnessLevel(v.level) ? v.level : "unknown",
    reasons: strings(v.reasons),
    newCommits: num(v.newCommits),
    bookkeepingCommits: num(v.bookkeepingCommits),
    commitsSinceSavedAt: num(v.commitsSinceSavedAt),
    countBasis: basis,
    headReachable: bool(v.headReachable),
    resolvedHeadSha: str(v.resolvedHeadSha),
    branchMatches: bool(v.branchMatches),
    currentBranch: str(v.currentBranch),
    savedBranchExists: bool(v.savedBranchExists),
    savedBranchMoved: num(v.savedBranchMoved),
    dirtySaved: num(v.dirtySaved),
    dirtyNow: num(v.dirtyNow),
    filesChanged: num(v.filesChanged),
    missingFiles: strings(v.missingFiles),
    modifiedFileStates: states.flatMap((s: unknown) => {
      if (!s || typeof s !== "object") return [];
      const { path, state } = s as Record<string, unknown>;
      return typeof path === "string" && MODIFIED_STATES.includes(state as ModifiedFileState)
        ? [{ path, state: state as ModifiedFileState }]
        : [];
    }),
    unmentionedModified: strings(v.unmentionedModified),
    rebasedAway: bool(v.rebasedAway),
    savedCommitGone: bool(v.savedCommitGone),
  };
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

export function shortSha(sha: string | null | undefined): string {
  return (sha ?? "").trim().slice(0, 7);
}

/** "main" from "refs/heads/main"; null for no branch. */
export function branchName(branch: string | null | undefined): string | null {
  const name = branch?.trim().replace(/^refs\/heads\//, "") ?? "";
  return name || null;
}

/** The saved commit exists but is in neither HEAD's history nor its saved branch. */
export function isRebasedAway(f: FreshnessView): boolean {
  if (f.rebasedAway !== null) return f.rebasedAway;
  return f.headReachable === false && f.reasons.some((r) => /rebased or reset away/.test(r));
}

/** The checkpoint recorded a commit id this repository does not have. */
export function isSavedCommitGone(f: FreshnessView, recordedSha: string | null): boolean {
  if (f.savedCommitGone !== null) return f.savedCommitGone;
  return !!recordedSha?.trim() && f.resolvedHeadSha === null && f.reasons.some((r) => /saved commit does not exist/.test(r));
}

export interface BannerInput {
  freshness: FreshnessView | null;
  /** The branch the checkpoint was saved on (the record's `branch`). */
  branch: string | null;
  /** The head sha exactly as the file recorded it (documents.headShaRaw): tells "no commit recorded" from "recorded commit gone". */
  recordedSha?: string | null;
}

export interface ModifiedComparison {
  stillModified: string[];
  committedSince: string[];
  untouched: string[];
  missing: string[];
  /** Modified now, not mentioned by the checkpoint. */
  unmentioned: string[];
}

export interface BannerText {
  level: FreshnessLevel;
  headline: string;
  /** Plain statements about rewritten history and vanished branches. */
  notes: string[];
  /** The grading reasons, as the indexer worded them. */
  reasons: string[];
  missingFiles: string[];
  modified: ModifiedComparison | null;
}

const ADVICE = "treat Current State and Gotchas as possibly stale";

/** "4 new commits (2 bookkeeping)" or "3 commits since the save time (no commit recorded in the file)". */
export function commitsPhrase(f: FreshnessView, recordedSha: string | null): string | null {
  const bookkeeping = f.bookkeepingCommits ?? 0;
  if (f.countBasis === "sha" && f.newCommits !== null && f.newCommits > 0) {
    return `${plural(f.newCommits, "new commit")}${bookkeeping > 0 ? ` (${bookkeeping} bookkeeping)` : ""}`;
  }
  if (f.countBasis === "time" && f.commitsSinceSavedAt !== null && f.commitsSinceSavedAt > 0) {
    const why = recordedSha?.trim() ? "the recorded commit is not in this repository" : "no commit recorded in the file";
    const extra = bookkeeping > 0 ? `; ${bookkeeping} bookkeeping` : "";
    return `${plural(f.commitsSinceSavedAt, "commit")} since the save time (${why}${extra})`;
  }
  return null;
}

/** The one-line warning: "State has moved since this checkpoint: ..., branch X -> Y: treat ...". */
export function headline(f: FreshnessView, branch: string | null, recordedSha: string | null): string {
  if (f.level === "unknown") return "Cannot tell whether state has moved since this checkpoint";
  const parts: string[] = [];
  const commits = commitsPhrase(f, recordedSha);
  if (commits) parts.push(commits);
  if (f.filesChanged !== null && f.filesChanged > 0) parts.push(`${plural(f.filesChanged, "file")} changed`);
  if (f.branchMatches === false) parts.push(`branch ${branchName(branch) ?? "?"} -> ${f.currentBranch ?? "detached HEAD"}`);
  if (parts.length === 0) return `This checkpoint may be out of date: ${ADVICE}`;
  return `State has moved since this checkpoint: ${parts.join(", ")}: ${ADVICE}`;
}

export function notes(f: FreshnessView, branch: string | null, recordedSha: string | null): string[] {
  const out: string[] = [];
  const saved = branchName(branch);
  if (isRebasedAway(f)) {
    out.push(
      `The saved commit ${shortSha(f.resolvedHeadSha)} is no longer in the current history: it was rebased or reset away.`,
    );
  }
  if (isSavedCommitGone(f, recordedSha ?? null)) {
    out.push(
      `The commit this checkpoint recorded (${(recordedSha ?? "").trim().slice(0, 12)}) does not exist in this repository: rebased away and pruned, or saved in another clone.`,
    );
  }
  if (f.savedBranchExists === false && saved) out.push(`The saved branch ${saved} no longer exists.`);
  return out;
}

export function modifiedComparison(f: FreshnessView): ModifiedComparison | null {
  const pick = (state: ModifiedFileState) => f.modifiedFileStates.filter((m) => m.state === state).map((m) => m.path);
  const result: ModifiedComparison = {
    stillModified: pick("still-modified"),
    committedSince: pick("committed-since"),
    untouched: pick("untouched"),
    missing: pick("missing"),
    unmentioned: f.unmentionedModified,
  };
  return Object.values(result).some((list) => list.length > 0) ? result : null;
}

/** Everything the banner says, or null when there is nothing to say (fresh, or no freshness at all). */
export function freshnessBanner(input: BannerInput): BannerText | null {
  const f = input.freshness;
  if (!f || f.level === "fresh") return null;
  const recorded = input.recordedSha ?? null;
  return {
    level: f.level,
    headline: headline(f, input.branch, recorded),
    notes: notes(f, input.branch, recorded),
    reasons: f.reasons,
    missingFiles: f.missingFiles,
    modified: modifiedComparison(f),
  };
}

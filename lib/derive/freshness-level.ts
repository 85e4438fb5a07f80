/**
 * How stale a checkpoint is, from facts already gathered: pure, no git. The thresholds are the
 * MOST a save may have and still be at that level; see FRESHNESS.md.
 */

export type FreshnessLevel = "fresh" | "slightly-stale" | "stale" | "very-stale" | "unknown";

export const FRESHNESS_LIMITS = {
  /** Real commits since the save (bookkeeping commits excluded). */
  realCommits: { fresh: 0, slightlyStale: 5, stale: 20 },
  /** Days since savedAt. */
  ageDays: { fresh: 1, slightlyStale: 3, stale: 14 },
  /** Files changed since the save beyond the ones already dirty when it was saved. */
  filesMoved: { fresh: 3, slightlyStale: 15, stale: 50 },
} as const;

const LEVEL_ORDER: readonly FreshnessLevel[] = ["fresh", "slightly-stale", "stale", "very-stale"];

export interface LevelFacts {
  /** A saved sha or a saved time exists: without either, the level is unknown. */
  hasBasis: boolean;
  realCommits: number | null;
  /** "sha" counts headSha..HEAD; "time" counts commits after savedAt. */
  countBasis: "sha" | "time" | null;
  bookkeepingCommits: number | null;
  ageDays: number | null;
  filesChanged: number | null;
  filesMoved: number | null;
  savedBranch: string | null;
  currentBranch: string | null;
  branchMatches: boolean | null;
  savedBranchExists: boolean | null;
  savedBranchMoved: number | null;
  missingFiles: number;
  dirtySaved: number | null;
  dirtyNow: number | null;
  /** The saved commit exists but is not an ancestor of HEAD. */
  rebasedAway: boolean;
  /** A well-formed saved sha that this repository does not have. */
  savedCommitGone: boolean;
  /** The saved commit lies beyond the history window that was read. */
  beyondHistoryWindow: boolean;
  extraReasons: readonly string[];
}

export interface LevelVerdict {
  level: FreshnessLevel;
  reasons: string[];
}

function levelByLimits(value: number | null, limits: { fresh: number; slightlyStale: number; stale: number }): FreshnessLevel {
  if (value === null) return "fresh";
  if (value <= limits.fresh) return "fresh";
  if (value <= limits.slightlyStale) return "slightly-stale";
  if (value <= limits.stale) return "stale";
  return "very-stale";
}

function worst(levels: readonly FreshnessLevel[]): FreshnessLevel {
  return levels.reduce((a, b) => (LEVEL_ORDER.indexOf(b) > LEVEL_ORDER.indexOf(a) ? b : a), "fresh");
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function commitReason(facts: LevelFacts): string | null {
  if (facts.realCommits === null || facts.bookkeepingCommits === null) return null;
  const total = facts.realCommits + facts.bookkeepingCommits;
  if (total === 0) return null;
  const since = facts.countBasis === "time" ? "since the save time (counted by date: no usable saved commit)" : "since save";
  const bookkeeping = facts.bookkeepingCommits > 0 ? ` (${facts.bookkeepingCommits} bookkeeping)` : "";
  return `${plural(total, "commit")} ${since}${bookkeeping}`;
}

function ageReason(ageDays: number): string {
  if (ageDays < 1) return `saved ${plural(Math.floor(ageDays * 24), "hour")} ago`;
  return `saved ${plural(Math.floor(ageDays), "day")} ago`;
}

/** Picks the level and explains it in plain words. */
export function decideFreshnessLevel(facts: LevelFacts): LevelVerdict {
  const reasons: string[] = [...facts.extraReasons];
  const levels: FreshnessLevel[] = [];

  const commits = commitReason(facts);
  if (commits) reasons.push(commits);
  levels.push(levelByLimits(facts.realCommits, FRESHNESS_LIMITS.realCommits));

  if (facts.ageDays !== null) {
    const ageLevel = levelByLimits(facts.ageDays, FRESHNESS_LIMITS.ageDays);
    if (ageLevel !== "fresh") reasons.push(ageReason(facts.ageDays));
    levels.push(ageLevel);
  }

  const filesLevel = levelByLimits(facts.filesMoved, FRESHNESS_LIMITS.filesMoved);
  if (filesLevel !== "fresh" && facts.filesChanged !== null) {
    reasons.push(`${plural(facts.filesChanged, "file")} changed since save`);
  }
  levels.push(filesLevel);

  if (facts.branchMatches === false) {
    reasons.push(`branch changed: ${facts.savedBranch ?? "?"} -> ${facts.currentBranch ?? "detached HEAD"}`);
    levels.push("stale");
  }
  if (facts.missingFiles > 0) {
    reasons.push(`${plural(facts.missingFiles, "referenced file")} missing`);
    levels.push("stale");
  }
  if (facts.savedBranchExists === false) {
    reasons.push(`saved branch ${facts.savedBranch ?? "?"} no longer exists`);
    levels.push("very-stale");
  } else if (facts.savedBranchMoved !== null && facts.savedBranchMoved > 0 && facts.branchMatches === false) {
    reasons.push(`saved branch ${facts.savedBranch ?? "?"} has ${plural(facts.savedBranchMoved, "commit")} since save`);
  }
  if (facts.rebasedAway) {
    reasons.push("saved commit is no longer in the current history (rebased or reset away)");
    levels.push("very-stale");
  }
  if (facts.savedCommitGone) {
    reasons.push("saved commit does not exist in this repository");
    levels.push("very-stale");
  }
  if (facts.beyondHistoryWindow) {
    reasons.push("saved commit is older than the history that was read");
    levels.push("very-stale");
  }
  if (facts.dirtySaved !== null && facts.dirtyNow !== null && facts.dirtySaved !== facts.dirtyNow) {
    reasons.push(`dirty files: ${facts.dirtySaved} at save, ${facts.dirtyNow} now`);
  }

  if (!facts.hasBasis) {
    reasons.unshift("no saved commit and no save time: cannot tell how far the repository moved");
    return { level: "unknown", reasons };
  }
  return { level: worst(levels), reasons };
}

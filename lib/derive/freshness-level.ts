/**
 * How far the code moved since a checkpoint was saved, from facts already gathered: pure, no git.
 * The thresholds are the MOST a save may have and still be at that level. Age is reported beside
 * the level (ageDays) and never decides it.
 */

export type FreshnessLevel = "fresh" | "slightly-stale" | "stale" | "very-stale" | "unknown";

export const FRESHNESS_LIMITS = {
  /** Real commits since the save (bookkeeping commits excluded). */
  realCommits: { fresh: 0, slightlyStale: 5, stale: 20 },
  /** Code files changed since the save beyond the ones already dirty when it was saved (the agent's own files never count). */
  filesMoved: { fresh: 3, slightlyStale: 15, stale: 50 },
} as const;

/** Age is shown beside the level and never raises it; past this many days an untouched save is dormant (the queue suggests archiving it when its code moved too). */
export const DORMANT_DAYS = 30;

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
  const since = facts.countBasis === "time" ? "since the save time (no usable saved commit)" : "since the save";
  const bookkeeping = facts.bookkeepingCommits > 0 ? ` (${facts.bookkeepingCommits} bookkeeping)` : "";
  return `${plural(total, "commit")} ${since}${bookkeeping}`;
}

const rank = (level: FreshnessLevel) => LEVEL_ORDER.indexOf(level);

/** Picks the level and explains it in plain words, the deciding reason first. */
export function decideFreshnessLevel(facts: LevelFacts): LevelVerdict {
  const graded: { reason: string; level: FreshnessLevel }[] = [];
  const levels: FreshnessLevel[] = [];
  const add = (reason: string | null, level: FreshnessLevel) => {
    levels.push(level);
    if (reason) graded.push({ reason, level });
  };

  add(commitReason(facts), levelByLimits(facts.realCommits, FRESHNESS_LIMITS.realCommits));

  const filesLevel = levelByLimits(facts.filesMoved, FRESHNESS_LIMITS.filesMoved);
  add(filesLevel !== "fresh" && facts.filesChanged !== null ? `${plural(facts.filesChanged, "file")} changed since the save` : null, filesLevel);

  if (facts.branchMatches === false) add(`branch changed: ${facts.savedBranch ?? "?"} -> ${facts.currentBranch ?? "detached HEAD"}`, "stale");
  if (facts.missingFiles > 0) add(`${plural(facts.missingFiles, "referenced file")} missing`, "stale");
  if (facts.savedBranchExists === false) add(`saved branch ${facts.savedBranch ?? "?"} no longer exists`, "very-stale");
  else if (facts.savedBranchMoved !== null && facts.savedBranchMoved > 0 && facts.branchMatches === false) {
    add(`saved branch ${facts.savedBranch ?? "?"} has ${plural(facts.savedBranchMoved, "commit")} since the save`, "fresh");
  }
  if (facts.rebasedAway) add("saved commit is no longer in the current history (rebased or reset away)", "very-stale");
  if (facts.savedCommitGone) add("saved commit does not exist in this repository", "very-stale");
  if (facts.beyondHistoryWindow) add("saved commit is older than the history that was read", "very-stale");
  if (facts.dirtySaved !== null && facts.dirtyNow !== null && facts.dirtySaved !== facts.dirtyNow) {
    add(`dirty files: ${facts.dirtySaved} at save, ${facts.dirtyNow} now`, "fresh");
  }

  // the deciding reason first (a stable sort keeps the order above among equals)
  const ordered = graded.map((g, index) => ({ ...g, index })).sort((a, b) => rank(b.level) - rank(a.level) || a.index - b.index);
  const reasons = [...ordered.map((g) => g.reason), ...facts.extraReasons];
  if (!facts.hasBasis) {
    reasons.unshift("no saved commit and no save time: cannot tell how far the repository moved");
    return { level: "unknown", reasons };
  }
  return { level: worst(levels), reasons };
}

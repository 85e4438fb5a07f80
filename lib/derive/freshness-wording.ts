/**
 * Pure wording of the freshness banner (no React, no DB, no git): what a checkpoint's stored
 * `freshness` object says, in the words of the checkpoint skill's resume warning.
 */
import type { Freshness, FreshnessLevel, Landed, ModifiedFileState } from "./freshness";
import { FRESHNESS_LIMITS } from "./freshness-level";

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
export interface FreshnessView extends Omit<Freshness, "rebasedAway" | "savedCommitGone"> {
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

function parseLanded(value: unknown): Landed | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const into = str(v.into);
  const commit = str(v.commit);
  const at = str(v.at);
  return into && commit && at ? { into, commit, at, merge: v.merge === true } : null;
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
    bookkeepingFiles: num(v.bookkeepingFiles),
    filesTouched: num(v.filesTouched),
    commitsTouching: num(v.commitsTouching),
    ageDays: num(v.ageDays),
    landed: parseLanded(v.landed),
    savedInFuture: v.savedInFuture === true,
    savedCommitAt: str(v.savedCommitAt),
    ownCommitAt: str(v.ownCommitAt), ownCommitSha: str(v.ownCommitSha),
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
  /** One sentence for a person, leading with the deciding fact. */
  headline: string;
  /** "saved 40 days ago": shown beside the level, never part of it. */
  age: string | null;
  landed: Landed | null;
  /** Plain statements about rewritten history, vanished branches and clock skew. */
  notes: string[];
  /** The grading reasons, as the indexer worded them (the deciding one first). */
  reasons: string[];
  missingFiles: string[];
  modified: ModifiedComparison | null;
}

const DAY = 86_400_000;

/** "today", "yesterday", "3 days ago", "2 hours ago". */
export function ago(iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - Date.parse(iso);
  if (!Number.isFinite(ms)) return "at an unknown time";
  if (ms < 0) return "in the future";
  if (ms < 3_600_000) return plural(Math.max(1, Math.floor(ms / 60_000)), "minute") + " ago";
  if (ms < DAY) return plural(Math.floor(ms / 3_600_000), "hour") + " ago";
  if (ms < 2 * DAY) return "yesterday";
  return `${plural(Math.floor(ms / DAY), "day")} ago`;
}

/** "saved 40 days ago" from ageDays. */
export function agePhrase(ageDays: number | null): string | null {
  if (ageDays === null) return null;
  if (ageDays < 1 / 24) return "saved just now";
  if (ageDays < 1) return `saved ${plural(Math.floor(ageDays * 24), "hour")} ago`;
  if (ageDays < 2) return "saved yesterday";
  return `saved ${plural(Math.floor(ageDays), "day")} ago`;
}

/** "Landed in main 3 days ago, merge abc1234". */
export function landedPhrase(landed: Landed, now: Date = new Date()): string {
  return `Landed in ${landed.into} ${ago(landed.at, now)}, ${landed.merge ? "merge" : "commit"} ${shortSha(landed.commit)}`;
}

/** "12 commits since the save (3 bookkeeping)", or by the save time when no commit was usable. */
export function commitsPhrase(f: FreshnessView, recordedSha: string | null): string | null {
  const bookkeeping = f.bookkeepingCommits ?? 0;
  if (f.countBasis === "sha" && f.newCommits !== null && f.newCommits > 0) {
    return `${plural(f.newCommits, "commit")} since the save${bookkeeping > 0 ? ` (${bookkeeping} bookkeeping)` : ""}`;
  }
  if (f.countBasis === "time" && f.commitsSinceSavedAt !== null && f.commitsSinceSavedAt > 0) {
    const why = recordedSha?.trim() ? "the recorded commit is not in this repository" : "no commit recorded in the file";
    const extra = bookkeeping > 0 ? `; ${bookkeeping} bookkeeping` : "";
    return `${plural(f.commitsSinceSavedAt, "commit")} since the save time (${why}${extra})`;
  }
  return null;
}

const SEVERITY: Record<FreshnessLevel, number> = { unknown: 0, fresh: 0, "slightly-stale": 1, stale: 2, "very-stale": 3 };

function byLimits(value: number | null, limits: { fresh: number; slightlyStale: number; stale: number }): number {
  if (value === null || value <= limits.fresh) return 0;
  if (value <= limits.slightlyStale) return 1;
  return value <= limits.stale ? 2 : 3;
}

/** Its own files that moved, exactly: "1 commit touched 1 of its files" (the commits that did; " touched …" when all did). */
export function touchedPhrase(f: FreshnessView, lead = "", total: number | null = null): string {
  if (!f.filesTouched || f.filesTouched <= 0) return "";
  const its = plural(f.filesTouched, "of its files", "of its files");
  if (total !== null && f.commitsTouching === total && !f.bookkeepingCommits) return ` touched ${its}`;
  // unknown, or no commit since touched them (they differ by the work tree, or by the branch HEAD is on)
  return f.commitsTouching ? `${lead}${plural(f.commitsTouching, "commit")} touched ${its}` : `${lead}${its} changed`;
}

/** What moved, each fact with the severity it grades to, most severe first (same numbers as the reasons). */
function movedFacts(f: FreshnessView, branch: string | null, recordedSha: string | null): string[] {
  const facts: { text: string; severity: number }[] = [];
  if (isRebasedAway(f)) facts.push({ text: "the saved commit was rebased or reset away", severity: 3 });
  if (isSavedCommitGone(f, recordedSha)) facts.push({ text: "the saved commit is not in this repository", severity: 3 });
  const saved = branchName(branch);
  if (f.savedBranchExists === false && saved) facts.push({ text: `branch ${saved} is gone`, severity: 3 });
  const commits = commitsPhrase(f, recordedSha);
  const total = f.countBasis === "time" ? f.commitsSinceSavedAt : f.newCommits;
  const real = total === null ? null : total - (f.bookkeepingCommits ?? 0);
  if (commits) {
    facts.push({ text: `${commits}${touchedPhrase(f, "; ", total)}`, severity: byLimits(real, FRESHNESS_LIMITS.realCommits) });
  }
  if (f.filesChanged !== null && f.filesChanged > 0) {
    const moved = Math.max(0, f.filesChanged - (f.dirtySaved ?? 0));
    facts.push({ text: `${plural(f.filesChanged, "file")} changed`, severity: byLimits(moved, FRESHNESS_LIMITS.filesMoved) });
  }
  // a gone branch is named once ("branch x is gone"), not again as "branch x -> main"
  if (f.branchMatches === false && !(f.savedBranchExists === false && saved)) facts.push({ text: `branch ${saved ?? "?"} -> ${f.currentBranch ?? "detached HEAD"}`, severity: 2 });
  if (f.missingFiles.length > 0) facts.push({ text: `${plural(f.missingFiles.length, "referenced file")} missing`, severity: 2 });
  return facts
    .map((fact, index) => ({ ...fact, index }))
    .sort((a, b) => b.severity - a.severity || a.index - b.index)
    .map((fact) => fact.text);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The banner's one sentence: the deciding fact first ("Landed in main yesterday, merge abc1234", "12 commits since the save, …"). */
export function headline(f: FreshnessView, branch: string | null, recordedSha: string | null, now: Date = new Date()): string {
  if (f.landed) return `${landedPhrase(f.landed, now)}: the work of this checkpoint is done there.`;
  if (f.level === "unknown") return "Cannot tell how far the code moved: this checkpoint recorded neither a usable commit nor a save time.";
  const facts = movedFacts(f, branch, recordedSha);
  if (facts.length === 0) return f.level === "fresh" ? "The code has not moved since this save." : "The code moved a little since this save.";
  return `${capitalise(facts.slice(0, 3).join(", "))}.`;
}

export function notes(f: FreshnessView, branch: string | null, recordedSha: string | null): string[] {
  const out: string[] = [];
  const saved = branchName(branch);
  if (f.savedInFuture) out.push("The save time is in the future: clock skew? Lists sort it by its commit time instead.");
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
  // the headline says "branch X is gone" already; landed work leaves its branch as expected
  if (f.savedBranchExists === false && saved && !f.landed && f.level === "unknown") out.push(`The saved branch ${saved} no longer exists.`);
  if (f.bookkeepingFiles) out.push(`${plural(f.bookkeepingFiles, "file")} of the agent's own (.claude/, checkpoints, notes) also changed: not counted.`);
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

/** Everything the banner says, or null when there is nothing to say (fresh and not landed, or no freshness at all). */
export function freshnessBanner(input: BannerInput & { now?: Date }): BannerText | null {
  const f = input.freshness;
  if (!f || (f.level === "fresh" && !f.landed && !f.savedInFuture)) return null;
  const recorded = input.recordedSha ?? null;
  return {
    level: f.level,
    headline: headline(f, input.branch, recorded, input.now),
    age: agePhrase(f.ageDays),
    landed: f.landed,
    notes: notes(f, input.branch, recorded),
    reasons: f.reasons,
    missingFiles: f.missingFiles,
    modified: modifiedComparison(f),
  };
}

export { SEVERITY as LEVEL_SEVERITY };

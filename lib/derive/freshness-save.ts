/**
 * One save's freshness, judged from what computeFreshness (freshness.ts) gathered once for its whole repository:
 * the saved commit and time, the branch it names, the files it names, and the commits and changes since.
 */
import type { CommitGraph } from "../git/history";
import type { HeadState, RefTip } from "../git/repo-facts";
import { isSha } from "../git/runner";
import { isAgentFile, splitAgentFiles } from "./freshness-bookkeeping";
import { findUnmentionedModified, judgeModifiedFiles, toRepoRelative, type DirtyPaths, type ModifiedFileVerdict } from "./freshness-files";
import { decideFreshnessLevel, type FreshnessLevel } from "./freshness-level";
import type { Landed, LandingMap } from "./freshness-landed";

export interface SaveInput {
  id: string;
  /** As written in the checkpoint: may be short, may be hostile text. Validated before use. */
  headSha: string | null;
  branch: string | null;
  /** ISO-8601. */
  savedAt: string | null;
  dirtySaved: number | null;
  /** Repository-relative paths the checkpoint refers to. */
  referencedFiles: string[];
  /** Repository-relative paths the checkpoint says were modified. */
  modifiedFiles: string[];
  /** The save's own file, repository-relative, when it is in the work tree: the commit that last changed it is not drift. */
  path?: string | null;
}

export interface Freshness {
  newCommits: number | null;
  bookkeepingCommits: number | null;
  commitsSinceSavedAt: number | null;
  countBasis: "sha" | "time" | null;
  headReachable: boolean | null;
  resolvedHeadSha: string | null;
  branchMatches: boolean | null;
  currentBranch: string | null;
  savedBranchExists: boolean | null;
  savedBranchMoved: number | null;
  dirtySaved: number | null;
  dirtyNow: number | null;
  /** Code files changed since the save (committed since, or dirty now); the agent's own files are counted apart. */
  filesChanged: number | null;
  /** `.claude/**`, CLAUDE.md, PROMPT.md and indexed documents changed since the save: never raise the level. */
  bookkeepingFiles: number | null;
  /** Of the code files the checkpoint refers to or says it modified, how many changed since the save. */
  filesTouched: number | null;
  /** How many commits since the save touched those files (null: a commit's files were not read). */
  commitsTouching?: number | null;
  /** Days since savedAt (one decimal), shown beside the level; never raises it. */
  ageDays: number | null;
  /** The saved work is contained in the default branch. */
  landed: Landed | null;
  /** savedAt is more than five minutes ahead of the time freshness was computed (clock skew). */
  savedInFuture: boolean;
  /** Commit time of the saved commit (ISO), when it resolved. */
  savedCommitAt: string | null;
  /** The commit after the save that last changed its own file (ISO): drift counts from it, and it dates the save when later. */
  ownCommitAt?: string | null;
  /** That commit's sha: the diff page compares from it too. */
  ownCommitSha?: string | null;
  rebasedAway: boolean;
  savedCommitGone: boolean;
  missingFiles: string[];
  modifiedFileStates: ModifiedFileVerdict[];
  unmentionedModified: string[];
  level: FreshnessLevel;
  reasons: string[];
}

const DETACHED_BRANCH_NAMES = /^(?:HEAD|detached|\(detached\)|\(no branch\)|\(HEAD detached (?:at|from) .*\))$/i;

interface SavedBranch {
  name: string;
  detached: boolean;
}

export function readSavedBranch(raw: string | null): SavedBranch | null {
  const name = raw?.trim().replace(/^refs\/heads\//, "") ?? "";
  if (!name) return null;
  return { name, detached: DETACHED_BRANCH_NAMES.test(name) };
}

/** The saved sha in the form handed to resolution, or null when it is not a hex object id. */
export function savedShaText(save: SaveInput): string | null {
  const text = save.headSha?.trim().toLowerCase() ?? "";
  return isSha(text) ? text : null;
}

export function savedTime(save: SaveInput): number | null {
  const millis = save.savedAt ? Date.parse(save.savedAt) : Number.NaN;
  return Number.isFinite(millis) ? millis : null;
}

/** Tip of the saved branch: a local branch first, else a remote-tracking one ("origin/<name>"). */
export function findBranchTip(refs: readonly RefTip[], branch: string): RefTip | null {
  return (
    refs.find((ref) => ref.kind === "branch" && ref.shortName === branch) ??
    refs.find((ref) => ref.kind === "remote" && (ref.shortName === branch || ref.shortName.slice(ref.shortName.indexOf("/") + 1) === branch)) ??
    null
  );
}

export function unknownFreshness(save: SaveInput, reason: string): Freshness {
  return {
    newCommits: null, bookkeepingCommits: null, commitsSinceSavedAt: null, countBasis: null,
    headReachable: null, resolvedHeadSha: null, branchMatches: null, currentBranch: null,
    savedBranchExists: null, savedBranchMoved: null, dirtySaved: save.dirtySaved, dirtyNow: null,
    filesChanged: null, bookkeepingFiles: null, filesTouched: null, ageDays: null, landed: null, savedInFuture: false,
    savedCommitAt: null, rebasedAway: false, savedCommitGone: false,
    missingFiles: [], modifiedFileStates: [], unmentionedModified: [],
    level: "unknown", reasons: [reason],
  };
}

export interface RepositoryState {
  head: HeadState;
  refs: RefTip[];
  dirty: DirtyPaths | null;
  graph: CommitGraph;
  resolved: Map<string, string | null>;
  changedSince: Map<string, Set<string> | null>;
  exists: Map<string, boolean | null>;
  documentPaths: ReadonlySet<string>;
  landing: LandingMap | null;
  /** Each commit's files, as the freshness run's diff-tree read them. */
  commitFiles?: ReadonlyMap<string, readonly string[]>;
  /** Per save id: the commit after its base that last changed its own file (drift counts from there). */
  fileBases?: Map<string, { sha: string; committedAt: number }>;
}

/** More than this far ahead of now, a save time is a clock's mistake. */
export const FUTURE_SLACK_MS = 5 * 60_000;

interface SaveBasis {
  /** The commit the save is compared from: the saved sha, or for time-only saves, HEAD's first-parent commit at savedAt. */
  base: string | null;
  resolvedHeadSha: string | null;
}

export function saveBasis(save: SaveInput, state: RepositoryState): SaveBasis {
  const text = savedShaText(save);
  const resolvedHeadSha = text ? state.resolved.get(text) ?? null : null;
  const own = state.fileBases?.get(save.id)?.sha;
  if (own) return { base: own, resolvedHeadSha };
  if (resolvedHeadSha) return { base: resolvedHeadSha, resolvedHeadSha };
  const time = savedTime(save);
  const head = state.head.headSha;
  const base = time !== null && head ? state.graph.firstParentAtOrBefore(head, Math.floor(time / 1000)) : null;
  return { base, resolvedHeadSha: null };
}

/** The saved work (its commit, or for a time-only save its branch's commit at the save) in the default branch. */
export function landedFor(save: SaveInput, state: RepositoryState, resolvedHeadSha: string | null, branchTip: string | null, time: number | null): Landed | null {
  const savedBranch = readSavedBranch(save.branch);
  if (!state.landing || !savedBranch || savedBranch.detached || savedBranch.name === state.landing.branch.name) return null;
  const seconds = time === null ? null : Math.floor(time / 1000);
  // a branch merged and deleted (how Spec Kit work ends): the commit that last changed the save's own file is its work
  const work = resolvedHeadSha ?? (branchTip && seconds !== null ? state.graph.firstParentAtOrBefore(branchTip, seconds) : null) ?? state.fileBases?.get(save.id)?.sha ?? null;
  return work ? state.landing.landed(work, seconds, branchTip) : null;
}

/** The commits of base..tip (not bookkeeping) that touched any of `files`; null when one's files are unknown. */
function countCommitsTouching(graph: CommitGraph, commitFiles: RepositoryState["commitFiles"], base: string, tip: string, files: ReadonlySet<string>): number | null {
  if (!commitFiles) return null;
  let count = 0;
  for (const node of graph.commitsBetween(base, tip)) {
    if (node.bookkeeping) continue;
    const listed = commitFiles.get(node.sha);
    if (!listed) {
      if (node.parents.length <= 1) return null;
      continue;
    }
    if (listed.some((file) => files.has(file))) count += 1;
  }
  return count;
}

export function freshnessForSave(save: SaveInput, state: RepositoryState, topLevel: string | null, now: Date): Freshness {
  const { head, graph, dirty } = state;
  const shaText = savedShaText(save);
  const { base, resolvedHeadSha } = saveBasis(save, state);
  // a save's time is the later of its stated time and the commit that last changed its file (issue 39)
  const stated = savedTime(save);
  const ownCommit = state.fileBases?.get(save.id);
  const time = ownCommit && (stated === null || ownCommit.committedAt * 1000 > stated) ? ownCommit.committedAt * 1000 : stated;
  const extraReasons: string[] = [];
  if (save.headSha?.trim() && !shaText) extraReasons.push("saved head sha is not a commit id; ignored");
  if (!head.headSha) extraReasons.push("repository has no commits yet");

  let newCommits: number | null = null;
  let bookkeepingCommits: number | null = null;
  let commitsSinceSavedAt: number | null = null;
  let countBasis: "sha" | "time" | null = null;
  let headReachable: boolean | null = null;
  let beyondHistoryWindow = false;
  if (resolvedHeadSha && head.headSha) {
    const count = graph.countBetween(base ?? resolvedHeadSha, head.headSha);
    if (count) {
      newCommits = count.total;
      bookkeepingCommits = count.bookkeeping;
      countBasis = "sha";
      headReachable = graph.isAncestor(resolvedHeadSha, head.headSha);
    } else beyondHistoryWindow = graph.truncated;
  }
  if (countBasis === null && time !== null && head.headSha) {
    // the same commits the diff page lists: those after the last commit made before the save
    const count = base ? graph.countBetween(base, head.headSha) : graph.countCommittedAfter(head.headSha, Math.floor(time / 1000));
    if (count) {
      commitsSinceSavedAt = count.total;
      bookkeepingCommits = count.bookkeeping;
      countBasis = "time";
    }
  }

  const savedBranch = readSavedBranch(save.branch);
  const branchMatches = savedBranch ? (savedBranch.detached ? head.detached : savedBranch.name === head.currentBranch) : null;
  const tip = savedBranch && !savedBranch.detached ? findBranchTip(state.refs, savedBranch.name) : null;
  // The checked-out branch exists even before its first commit (an unborn branch has no ref yet).
  const savedBranchExists = savedBranch && !savedBranch.detached ? tip !== null || savedBranch.name === head.currentBranch : null;
  const savedBranchMoved = tip && resolvedHeadSha ? graph.countBetween(resolvedHeadSha, tip.sha)?.total ?? null : null;
  // Not in HEAD's history is "rebased away" unless the saved commit still sits on its own branch.
  const onSavedBranch = tip !== null && resolvedHeadSha !== null && graph.isAncestor(resolvedHeadSha, tip.sha);

  const normalize = (files: readonly string[]) =>
    files.map((file) => toRepoRelative(file, topLevel)).filter((file): file is string => file !== null);
  const referenced = [...new Set(normalize(save.referencedFiles))];
  const modified = normalize(save.modifiedFiles);
  const missingFiles = referenced.filter((file) => state.exists.get(file) === false);
  const committedSince = base ? state.changedSince.get(base) ?? null : null;

  let filesChanged: number | null = null;
  let bookkeepingFiles: number | null = null;
  let filesTouched: number | null = null;
  let commitsTouching: number | null = null;
  if (committedSince) {
    const split = splitAgentFiles(new Set([...committedSince, ...(dirty?.listed ?? [])]), state.documentPaths);
    filesChanged = split.code.size;
    bookkeepingFiles = split.agent.size;
    const own = splitAgentFiles([...referenced, ...modified], state.documentPaths).code;
    filesTouched = [...own].filter((file) => split.code.has(file) || (dirty?.has(file) ?? false)).length;
    if (filesTouched > 0 && base && head.headSha) commitsTouching = countCommitsTouching(graph, state.commitFiles, base, head.headSha, own);
  }
  const baseline = save.dirtySaved ?? modified.length;
  const filesMoved = filesChanged === null ? null : Math.max(0, filesChanged - baseline);
  const ageDays = time === null ? null : Math.max(0, Math.floor((now.getTime() - time) / 8_640_000) / 10);
  const savedInFuture = time !== null && time - now.getTime() > FUTURE_SLACK_MS;
  const savedNode = resolvedHeadSha ? graph.get(resolvedHeadSha) : undefined;
  const savedCommitAt = savedNode ? new Date(savedNode.committedAt * 1000).toISOString() : null;
  const landed = landedFor(save, state, resolvedHeadSha, tip?.sha ?? null, time);
  const rebasedAway = headReachable === false && !onSavedBranch;
  const savedCommitGone = shaText !== null && resolvedHeadSha === null;
  if (savedInFuture) extraReasons.push("saved in the future: clock skew?");

  const dirtyNow = dirty ? dirty.entries.length : null;
  const realCommits = bookkeepingCommits === null ? null : (newCommits ?? commitsSinceSavedAt ?? 0) - bookkeepingCommits;
  const verdict = decideFreshnessLevel({
    hasBasis: shaText !== null || time !== null,
    realCommits,
    countBasis,
    bookkeepingCommits,
    ageDays,
    filesChanged,
    filesMoved,
    savedBranch: savedBranch?.name ?? null,
    currentBranch: head.currentBranch,
    // once the work landed in the default branch, leaving (or deleting) its branch is expected
    branchMatches: landed ? null : branchMatches,
    savedBranchExists: landed ? null : savedBranchExists,
    savedBranchMoved,
    missingFiles: missingFiles.length,
    dirtySaved: save.dirtySaved,
    dirtyNow,
    rebasedAway: rebasedAway && !landed,
    savedCommitGone,
    beyondHistoryWindow,
    extraReasons,
  });

  return {
    newCommits, bookkeepingCommits, commitsSinceSavedAt, countBasis, headReachable, resolvedHeadSha,
    branchMatches, currentBranch: head.currentBranch, savedBranchExists, savedBranchMoved,
    dirtySaved: save.dirtySaved, dirtyNow, filesChanged, bookkeepingFiles, filesTouched, commitsTouching, ageDays, landed, savedInFuture,
    savedCommitAt, ownCommitAt: ownCommit ? new Date(ownCommit.committedAt * 1000).toISOString() : null, ownCommitSha: ownCommit?.sha ?? null, rebasedAway, savedCommitGone, missingFiles,
    modifiedFileStates: judgeModifiedFiles({ modifiedFiles: modified, exists: state.exists, dirty, committedSince }),
    unmentionedModified: findUnmentionedModified(dirty, modified).filter((file) => !isAgentFile(file, state.documentPaths)),
    level: verdict.level,
    reasons: verdict.reasons,
  };
}

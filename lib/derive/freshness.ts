/**
 * How far a repository has moved since each of its checkpoints was saved. All checkpoints of one
 * repository are answered together with a small, constant number of git processes: this file asks git
 * (computeFreshness), freshness-save.ts judges each save from the answers.
 */
import type { CommitNode } from "../git/history";
import { RepoFacts } from "../git/repo-facts";
import { saveCommitNodes } from "../git/save-commits";
import { checkPathsExist, DirtyPaths, toRepoRelative } from "./freshness-files";
import { changesAndBookkeeping } from "./freshness-changes";
import { findDefaultBranch, LandingMap } from "./freshness-landed";
import {
  findBranchTip,
  freshnessForSave,
  readSavedBranch,
  saveBasis,
  savedShaText,
  unknownFreshness,
  type Freshness,
  type RepositoryState,
  type SaveInput,
} from "./freshness-save";

export { DORMANT_DAYS, FRESHNESS_LIMITS, decideFreshnessLevel, type FreshnessLevel } from "./freshness-level";
export { isAgentFile } from "./freshness-bookkeeping";
export type { Landed } from "./freshness-landed";
export type { ModifiedFileState, ModifiedFileVerdict } from "./freshness-files";
export { compareShas, diffSinceSave } from "./freshness-diff";
export type { CommitSummary, DiffSinceSave, FileDiff, FileStat, ShaComparison } from "./freshness-diff";
export { FUTURE_SLACK_MS, type Freshness, type SaveInput } from "./freshness-save";

/**
 * A save's own commit is not drift (issue 39): for each save whose file was added or changed by a commit after its
 * base, that commit becomes its base. The files changed since are the union of the files of the commits after it
 * (read by the same diff-tree); only when one of those is unknown is git asked for that base's diff.
 */
async function countFromOwnCommits(facts: RepoFacts, state: RepositoryState, saves: SaveInput[], headSha: string, documentPaths: ReadonlySet<string>): Promise<void> {
  const fileBases = new Map<string, { sha: string; committedAt: number }>();
  for (const save of saves) {
    if (!save.path) continue;
    const base = saveBasis(save, state).base;
    if (!base) continue;
    let own: CommitNode | null = null;
    for (const node of state.graph.commitsBetween(base, headSha)) {
      if (node.parents.length > 1 || (own && own.committedAt >= node.committedAt)) continue;
      if (facts.commitFiles.get(node.sha)?.includes(save.path)) own = node;
    }
    if (own) fileBases.set(save.id, { sha: own.sha, committedAt: own.committedAt });
  }
  if (fileBases.size === 0) return;
  const unknown: string[] = [];
  for (const { sha } of fileBases.values()) {
    if (state.changedSince.has(sha)) continue;
    const files = new Set<string>();
    let known = true;
    for (const node of state.graph.commitsBetween(sha, headSha)) {
      const listed = facts.commitFiles.get(node.sha);
      if (listed) for (const file of listed) files.add(file);
      // a merge lists no files (its sides are in the range); a bookkeeping commit touches only the agent's files
      else if (node.parents.length <= 1 && !node.bookkeeping) known = false;
    }
    if (known) state.changedSince.set(sha, files);
    else unknown.push(sha);
  }
  if (unknown.length) {
    const changed = await changesAndBookkeeping(facts, state.graph, unknown, headSha, [], documentPaths);
    for (const [base, files] of changed) state.changedSince.set(base, files ? new Set(files.map((file) => file.path)) : null);
  }
  state.fileBases = fileBases;
}

/**
 * Freshness of every save of one repository, keyed by save id. Git processes: rev-parse (layout),
 * symbolic-ref + rev-parse (HEAD), for-each-ref and cat-file (saved shas) unless the repository's files
 * answer them (lib/git/fs-refs.ts, fs-resolve.ts), config + status, log
 * (history, local branches included), diff-tree (files since each base, of each commit since and of each save commit,
 * one process); ls-tree only for bare repositories.
 */
export async function computeFreshness(
  repoPath: string,
  saves: SaveInput[],
  now = new Date(),
  facts: RepoFacts = new RepoFacts(repoPath),
  options: { documentPaths?: Iterable<string> } = {},
): Promise<Map<string, Freshness>> {
  const documentPaths = new Set(options.documentPaths ?? []);
  const result = new Map<string, Freshness>();
  const layout = await facts.layout();
  if (!layout) {
    for (const save of saves) result.set(save.id, unknownFreshness(save, "not a git repository"));
    return result;
  }

  const shaTexts = saves.map(savedShaText).filter((text): text is string => text !== null);
  const [head, refs, remoteHead, status, resolved] = await Promise.all([
    facts.head(),
    facts.refs(),
    facts.remoteHead(),
    facts.status(),
    shaTexts.length > 0 ? facts.resolveCommits(shaTexts) : Promise.resolve(new Map<string, string | null>()),
  ]);

  const savedBranchTips = saves
    .map((save) => readSavedBranch(save.branch))
    .map((branch) => (branch && !branch.detached ? findBranchTip(refs, branch.name)?.sha : undefined))
    .filter((sha): sha is string => sha !== undefined);
  const resolvedShas = [...resolved.values()].filter((sha): sha is string => sha !== null);
  const allPaths = saves.flatMap((save) => [...save.referencedFiles, ...save.modifiedFiles]);
  const repoPaths = allPaths.map((file) => toRepoRelative(file, layout.topLevel)).filter((file): file is string => file !== null);

  const defaultBranch = findDefaultBranch(refs, remoteHead);
  // the local branches too: the same log then answers the save timeline (lib/index/save-events.ts)
  const localBranchTips = refs.filter((ref) => ref.kind === "branch").map((ref) => ref.sha);
  const [graph, exists] = await Promise.all([
    facts.history(head.headSha ? [head.headSha, ...savedBranchTips, ...resolvedShas, ...(defaultBranch ? [defaultBranch.tip] : []), ...localBranchTips] : []),
    checkPathsExist(repoPath, layout.topLevel, head.headSha, repoPaths),
  ]);

  const partial: RepositoryState = {
    head, refs, graph, resolved, exists,
    dirty: status ? new DirtyPaths(status) : null,
    changedSince: new Map(),
    documentPaths,
    landing: defaultBranch && graph.has(defaultBranch.tip) ? new LandingMap(graph, defaultBranch) : null,
    commitFiles: facts.commitFiles,
  };
  const bases = saves.map((save) => saveBasis(save, partial).base).filter((base): base is string => base !== null);
  const headSha = head.headSha;
  if (headSha && bases.length > 0) {
    // commits that touch only the agent's own files are bookkeeping whatever their subject
    const counted = new Set<string>();
    for (const base of new Set(bases)) for (const node of graph.commitsBetween(base, headSha)) counted.add(node.sha);
    // the save commits' files come with the same diff-tree (a merge lists none: nothing to read)
    const saveCommits = (saveCommitNodes(graph, refs) ?? []).filter((node) => node.parents.length <= 1).map((node) => node.sha);
    const changed = await changesAndBookkeeping(facts, graph, bases, headSha, counted, documentPaths, saveCommits);
    for (const [base, files] of changed) {
      partial.changedSince.set(base, files ? new Set(files.map((file) => file.path)) : null);
    }
    await countFromOwnCommits(facts, partial, saves, headSha, documentPaths);
  }

  for (const save of saves) result.set(save.id, freshnessForSave(save, partial, layout.topLevel, now));
  return result;
}

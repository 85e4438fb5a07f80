/**
 * What changed since a checkpoint was saved, for the diff page: the commits, a diffstat and one
 * unified diff per file (each capped). Also the commits between any two shas.
 */
import { redactValue, scanSecrets } from "./secrets";
import { approximateBytes, ShaPairCache } from "../git/diff-cache";
import { isAgentFile } from "./freshness-bookkeeping";
import { isBookkeepingSubject } from "../git/history";
import { parseDiffTreeBlocks } from "../git/repo-facts";
import { GitError, isFullSha, resolveCommit, runGit, tryGit } from "../git/runner";
import {
  capPatch,
  DIFF_SHAPE,
  MAX_LISTED_COMMITS,
  parseRawNumstat,
  PATCH_MAX_BYTES,
  patchBudget,
  splitPatchByFile,
  type FileStat,
} from "./freshness-patch";

export {
  capPatch,
  MAX_FILE_DIFF_BYTES,
  MAX_FILE_DIFF_LINES,
  MAX_LISTED_COMMITS,
  MAX_PATCH_FILES,
  MAX_PATCH_LINES,
  parseRawNumstat,
  patchBudget,
  type FileStat,
} from "./freshness-patch";

export interface CommitSummary {
  sha: string;
  parents: string[];
  /** Committer date, ISO-8601 UTC. */
  committedAt: string;
  author: string;
  subject: string;
  bookkeeping: boolean;
}

export interface FileDiff {
  path: string;
  oldPath: string | null;
  patch: string;
  truncated: boolean;
}

export interface DiffSinceSave {
  fromSha: string;
  toSha: string;
  commits: CommitSummary[];
  commitsTruncated: boolean;
  stat: { filesChanged: number; additions: number; deletions: number; files: FileStat[] };
  files: FileDiff[];
  /** The whole patch exceeded the output cap: stat only. */
  patchesOmitted: boolean;
  /** Changed files whose patch was not read (past MAX_PATCH_FILES / MAX_PATCH_LINES), in stat order. */
  patchesNotRead: string[];
  /**
   * The files each listed commit with at most one parent touched (read with the diff, in the same
   * git call as the indexer's bookkeeping check); null when git could not say.
   */
  commitFiles: Record<string, string[]> | null;
}

export interface ShaComparison {
  fromSha: string;
  toSha: string;
  /** Commits in from..to, newest first. */
  commits: CommitSummary[];
  commitsTruncated: boolean;
  /** Commits in to..from (from has them, to does not). */
  behindCount: number;
}

const COMMIT_FORMAT = "--format=%H%x00%P%x00%ct%x00%an%x00%s";

async function listCommits(cwd: string, exclude: string | null, include: string): Promise<{ commits: CommitSummary[]; truncated: boolean }> {
  const range = exclude ? [include, `^${exclude}`] : [include];
  const out = await runGit(cwd, ["log", COMMIT_FORMAT, "--encoding=UTF-8", `--max-count=${MAX_LISTED_COMMITS + 1}`, ...range, "--"]);
  const commits: CommitSummary[] = [];
  for (const line of out.split("\n")) {
    const [sha, parents, time, author, ...subjectParts] = line.split("\u0000");
    if (!isFullSha(sha)) continue;
    const subject = subjectParts.join(" ");
    commits.push({
      sha,
      parents: (parents ?? "").split(" ").filter(isFullSha),
      committedAt: new Date(Number(time) * 1000).toISOString(),
      author: author ?? "",
      subject,
      bookkeeping: isBookkeepingSubject(subject),
    });
  }
  const listed = commits.slice(0, MAX_LISTED_COMMITS);
  // commit subjects and authors are shown on pages: they get the same redaction as checkpoint text
  for (const commit of listed) {
    commit.subject = (await scanSecrets(commit.subject, "commit-subject.txt")).redacted;
    commit.author = await redactValue(commit.author);
  }
  return { commits: listed, truncated: commits.length > MAX_LISTED_COMMITS };
}

/** The empty tree of this repository's object format (a save made before the first commit is compared with it). */
async function emptyTree(repoPath: string): Promise<string | null> {
  const out = await runGit(repoPath, ["hash-object", "-t", "tree", "--stdin"], { input: "" });
  const sha = out.trim();
  return isFullSha(sha) ? sha : null;
}

/** The files each commit (of at most one parent) touched: ONE `git diff-tree --stdin` for all of them. */
async function filesOfCommits(repoPath: string, commits: readonly CommitSummary[]): Promise<Record<string, string[]> | null> {
  const wanted = commits.filter((c) => c.parents.length <= 1).map((c) => c.sha);
  if (wanted.length === 0) return {};
  const out = await tryGit(repoPath, ["diff-tree", "--stdin", "-r", "-z", "--name-status", "--always", "--no-renames", "--root"], {
    input: wanted.map((sha) => `${sha}\n`).join(""),
    timeoutMs: 30_000,
  });
  if (out === null) return null;
  const blocks = parseDiffTreeBlocks(out);
  if (blocks.length !== wanted.length) return null;
  return Object.fromEntries(wanted.map((sha, index) => [sha, (blocks[index] ?? []).map((file) => file.path)]));
}

/**
 * The commits of a diff that touch only the agent's own files (as agentOnlyCommits answers), from the
 * files read with the diff: no git process. Null when they were not read.
 */
export function agentOnlyCommitsOf(diff: DiffSinceSave, documentPaths: ReadonlySet<string>): Set<string> | null {
  const files = diff.commitFiles;
  if (!files) return null;
  const result = new Set<string>();
  for (const commit of diff.commits) {
    const touched = files[commit.sha];
    if (touched && touched.length > 0 && touched.every((path) => isAgentFile(path, documentPaths))) result.add(commit.sha);
  }
  return result;
}

async function computeDiff(repoPath: string, resolvedFrom: string | null, to: string): Promise<DiffSinceSave | null> {
  const from = resolvedFrom ?? (await emptyTree(repoPath));
  if (!from) return null;
  const [history, raw] = await Promise.all([
    listCommits(repoPath, resolvedFrom, to),
    runGit(repoPath, ["diff", "-z", "--raw", "--numstat", ...DIFF_SHAPE, from, to, "--"]),
  ]);
  const commitFiles = filesOfCommits(repoPath, history.commits).catch(() => null);
  const statFiles = parseRawNumstat(raw);
  const { read, notRead } = patchBudget(statFiles);
  // past the budget, git is asked for the budgeted files' patches only (renames keep their source)
  const pathspec = notRead.length === 0 ? [] : [...new Set(read.flatMap((file) => (file.oldPath ? [file.oldPath, file.path] : [file.path])))];

  let patch: string | null = null;
  if (read.length > 0) {
    try {
      patch = await runGit(
        repoPath,
        ["diff", "-p", "-U3", ...DIFF_SHAPE, "--src-prefix=a/", "--dst-prefix=b/", from, to, "--", ...pathspec],
        { maxBytes: PATCH_MAX_BYTES, timeoutMs: 30_000 },
      );
    } catch (error) {
      if (!(error instanceof GitError) || error.kind === "exit") throw error;
    }
  } else patch = "";

  const chunks = patch === null ? [] : splitPatchByFile(patch);
  const files: FileDiff[] =
    chunks.length === read.length
      ? read.map((file, index) => ({ path: file.path, oldPath: file.oldPath, ...capPatch(chunks[index] ?? "") }))
      : chunks.map((chunk) => ({ path: /^diff --git a\/.* b\/(.*)$/m.exec(chunk)?.[1] ?? "", oldPath: null, ...capPatch(chunk) }));
  // a committed checkpoint's secrets must not reappear through its diff
  for (const file of files) file.patch = (await scanSecrets(file.patch, file.path)).redacted;

  return {
    fromSha: from,
    toSha: to,
    commits: history.commits,
    commitsTruncated: history.truncated,
    stat: {
      filesChanged: statFiles.length,
      additions: statFiles.reduce((sum, file) => sum + (file.additions ?? 0), 0),
      deletions: statFiles.reduce((sum, file) => sum + (file.deletions ?? 0), 0),
      files: statFiles,
    },
    files,
    patchesOmitted: patch === null,
    patchesNotRead: patch === null ? [] : notRead.map((file) => file.path),
    commitFiles: await commitFiles,
  };
}

/** Diffs by repository and both commits; a page view of the same pair again starts no git process. */
const diffs = new ShaPairCache<DiffSinceSave | null>({ maxEntries: 100, maxBytes: 16 * 1024 * 1024 }, approximateBytes);
const comparisons = new ShaPairCache<ShaComparison | null>({ maxEntries: 200, maxBytes: 4 * 1024 * 1024 }, approximateBytes);

/** How many diffs and comparisons are remembered, and about how many bytes they hold (tests, the bench). */
export function diffCacheStats(): { entries: number; bytes: number } {
  return { entries: diffs.size + comparisons.size, bytes: diffs.bytes + comparisons.bytes };
}

export function clearDiffCache(): void {
  diffs.clear();
  comparisons.clear();
}

/**
 * Commits, diffstat and capped per-file diffs from a saved sha to `toRef` (HEAD by default).
 * Both values pass through resolveCommit; null when either does not name a commit. A null `fromSha`
 * compares with the empty tree: every commit of `toRef` came after the save.
 *
 * Remembered by both commits (full shas name their content): the caller gets its own copy, free to change.
 */
export async function diffSinceSave(repoPath: string, fromSha: string | null, toRef = "HEAD"): Promise<DiffSinceSave | null> {
  const resolve = async () => {
    const [resolvedFrom, to] = await Promise.all([fromSha === null ? null : resolveCommit(repoPath, fromSha), resolveCommit(repoPath, toRef)]);
    return (fromSha !== null && !resolvedFrom) || !to ? null : { from: resolvedFrom, to };
  };
  const kept = (d: DiffSinceSave | null) => d !== null;
  let diff: DiffSinceSave | null;
  if ((fromSha === null || isFullSha(fromSha)) && isFullSha(toRef)) {
    const key = ShaPairCache.key(repoPath, fromSha?.toLowerCase() ?? null, toRef.toLowerCase());
    diff = await diffs.getOrCompute(key, async () => {
      const pair = await resolve();
      return pair && computeDiff(repoPath, pair.from, pair.to);
    }, kept);
  } else {
    // a name (HEAD, a branch, a short sha) is resolved each time; the diff of what it names is remembered
    const pair = await resolve();
    diff = pair && (await diffs.getOrCompute(ShaPairCache.key(repoPath, pair.from, pair.to), () => computeDiff(repoPath, pair.from, pair.to), kept));
  }
  return diff && structuredClone(diff);
}

/** Commits between two shas: those in a..b, and how many b lacks from a. */
export async function compareShas(repoPath: string, a: string, b: string): Promise<ShaComparison | null> {
  const known = isFullSha(a) && isFullSha(b);
  const compute = async (): Promise<ShaComparison | null> => {
    const [from, to] = await Promise.all([resolveCommit(repoPath, a), resolveCommit(repoPath, b)]);
    if (!from || !to) return null;
    const [forward, behind] = await Promise.all([
      listCommits(repoPath, from, to),
      runGit(repoPath, ["rev-list", "--count", from, `^${to}`, "--"]),
    ]);
    return { fromSha: from, toSha: to, commits: forward.commits, commitsTruncated: forward.truncated, behindCount: Number(behind.trim()) || 0 };
  };
  const comparison = known ? await comparisons.getOrCompute(ShaPairCache.key(repoPath, a.toLowerCase(), b.toLowerCase()), compute, (c) => c !== null) : await compute();
  return comparison && structuredClone(comparison);
}

import "server-only";
/** The repository at exactly a path (never an enclosing one), and git failures in plain words: shared by the diff and compare pages. */
import { lstat, realpath, stat } from "node:fs/promises";
import { gitDirsOf, readGitStamp, type StampLayout } from "../git/fs-stamp";
import { RepoFacts, type HeadState, type RefTip } from "../git/repo-facts";
import { GitError, MISSING_OBJECTS_MESSAGE } from "../git/runner";

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

const real = (path: string) => realpath(path).catch(() => path);

/**
 * The repository at exactly `path`, or why not. git looks upwards for a repository, so a folder
 * that lost its .git would otherwise be answered by an enclosing repository.
 */
export async function repositoryAt(path: string): Promise<{ facts: RepoFacts; isBare: boolean } | "gone" | "not-a-repository"> {
  if (!(await isDirectory(path))) return "gone";
  const facts = new RepoFacts(path);
  const layout = await facts.layout();
  if (!layout) return "not-a-repository";
  const [here, top, gitDir] = await Promise.all([real(path), layout.topLevel ? real(layout.topLevel) : null, real(layout.gitDir)]);
  const same = layout.topLevel ? top === here : gitDir === here;
  return same ? { facts, isBare: layout.isBare } : "not-a-repository";
}

/** What the diff and compare pages ask of a repository: whether it is bare, HEAD and the branch tips. */
export interface PageFacts {
  isBare: boolean;
  head: HeadState;
  refs: RefTip[];
}

/** Repositories whose facts are remembered (one small entry each). */
const MAX_REMEMBERED = 2_000;
const remembered = new Map<string, { stamp: string; facts: PageFacts }>();

/** How git keeps this folder's files, told from the filesystem: a `.git` folder, a `.git` file (linked worktree), else a bare clone. */
async function stampLayout(path: string): Promise<StampLayout> {
  const dotGit = await lstat(`${path}/.git`).catch(() => null);
  return dotGit?.isDirectory() ? "worktree" : dotGit?.isFile() ? "linked-worktree" : "bare";
}

/** The repository's git stamp (lib/git/fs-stamp.ts: HEAD, index, config, refs), or null when it cannot be told without git. */
async function gitStamp(path: string): Promise<string | null> {
  const dirs = await gitDirsOf(path, await stampLayout(path));
  const stamp = dirs ? await readGitStamp(dirs) : null;
  return stamp === null ? null : `${dirs?.gitDir}\u0000${dirs?.commonDir}\u0000${stamp}`;
}

/**
 * `repositoryAt`, then HEAD and the refs, remembered by the repository's git stamp: while HEAD, the refs
 * and the config stay as they were (read from the filesystem alone), a page view starts no git process.
 * The stamp is read before git is asked, so a change made meanwhile shows at the next view. No
 * `git status`: these pages need HEAD, not the work tree.
 */
export async function pageFactsAt(path: string): Promise<PageFacts | "gone" | "not-a-repository"> {
  if (!(await isDirectory(path))) {
    remembered.delete(path);
    return "gone";
  }
  const stamp = await gitStamp(path);
  const known = remembered.get(path);
  if (stamp !== null && known?.stamp === stamp) {
    remembered.delete(path);
    remembered.set(path, known);
    return structuredClone(known.facts);
  }
  const found = await repositoryAt(path);
  if (typeof found === "string") {
    remembered.delete(path);
    return found;
  }
  const [head, refs] = await Promise.all([found.facts.headWithoutStatus(), found.facts.refs()]);
  const facts: PageFacts = { isBare: found.isBare, head, refs };
  remembered.delete(path);
  if (stamp !== null) {
    remembered.set(path, { stamp, facts: structuredClone(facts) });
    if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  }
  return facts;
}

/** Forgets every remembered repository (tests). */
export function forgetPageFacts(): void {
  remembered.clear();
}

export function errorMessage(error: unknown): string {
  if (error instanceof GitError) {
    if (error.missingObjects) return MISSING_OBJECTS_MESSAGE;
    if (error.kind === "timeout") return "git took too long to compute this diff.";
    if (error.kind === "output-too-large") return "The change is too large to show.";
    return `git could not compute the diff: ${error.stderrFirstLine || error.kind}`;
  }
  return "The diff could not be computed.";
}

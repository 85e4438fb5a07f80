/**
 * The agent's own files, counted apart: `.claude/**`, `CLAUDE.md`, `PROMPT.md`, the conventions' folders (`memory-bank/`,
 * `specs/`, `conductor/`, `openspec/`, `.kiro/`, `.taskmaster/`, `.planning/`, `backlog/`) and every file Cairn
 * indexes as a document. Changing them (writing the next checkpoint, pressing Complete) says nothing
 * about how far the code moved. A commit that touches only such files is a bookkeeping commit,
 * whatever its subject.
 */
import type { CommitGraph, CommitNode } from "../git/history";
import { parseDiffTreeBlocks, type ChangedFile } from "../git/repo-facts";
import { isFullSha, tryGit } from "../git/runner";

const AGENT_BASENAMES = new Set(["CLAUDE.md", "PROMPT.md"]);
/** The folders agent conventions keep their files in (docs/architecture.md's families), at the repository's top. */
export const AGENT_FOLDERS = ["memory-bank", "specs", "conductor", "openspec", ".kiro", ".taskmaster", ".planning", "backlog"] as const;

/** Commits whose files are read at most, per repository and run (beyond it, subjects alone decide). */
export const MAX_COMMITS_READ_FOR_FILES = 5_000;

/** Whether a repository-relative path is one of the agent's own files. */
export function isAgentFile(relative: string, documentPaths: ReadonlySet<string>): boolean {
  const clean = relative.replace(/^\.\//, "");
  if (clean === ".claude" || clean.startsWith(".claude/") || clean.includes("/.claude/")) return true;
  if (AGENT_FOLDERS.some((folder) => clean.startsWith(`${folder}/`))) return true;
  const base = clean.slice(clean.lastIndexOf("/") + 1);
  if (AGENT_BASENAMES.has(base)) return true;
  return documentPaths.has(clean);
}

/** Splits paths into code files and the agent's own files. */
export function splitAgentFiles(paths: Iterable<string>, documentPaths: ReadonlySet<string>): { code: Set<string>; agent: Set<string> } {
  const code = new Set<string>();
  const agent = new Set<string>();
  for (const file of paths) (isAgentFile(file, documentPaths) ? agent : code).add(file);
  return { code, agent };
}

/** The `diff-tree --stdin` that lists each commit's files against its parent (a root commit: all its files). */
export const COMMIT_FILES_ARGS = ["diff-tree", "--stdin", "-r", "-z", "--name-status", "--always", "--no-renames", "--root"];

/** The commits agentOnlyCommits reads: each once, full shas, merges and beyond the cap left out. */
export function commitsToRead(commits: Iterable<{ sha: string; parents: readonly string[] }>): string[] {
  return [...new Map([...commits].map((c) => [c.sha, c])).values()]
    .filter((c) => isFullSha(c.sha) && c.parents.length <= 1)
    .map((c) => c.sha)
    .slice(0, MAX_COMMITS_READ_FOR_FILES);
}

/** Of `wanted` (commitsToRead), those whose files (one block each, in order) are all the agent's own. */
export function agentOnlyFromBlocks(wanted: readonly string[], blocks: readonly ChangedFile[][], documentPaths: ReadonlySet<string>): Set<string> {
  const result = new Set<string>();
  if (blocks.length !== wanted.length) return result;
  wanted.forEach((sha, index) => {
    const files = blocks[index] ?? [];
    if (files.length > 0 && files.every((file) => isAgentFile(file.path, documentPaths))) result.add(sha);
  });
  return result;
}

/**
 * Which of `commits` touch only the agent's own files (ONE `git diff-tree --stdin` for all of them;
 * merges and empty commits are left to their subject). The shas come from git's own output, never
 * from a checkpoint.
 */
export async function agentOnlyCommits(
  cwd: string,
  commits: Iterable<{ sha: string; parents: readonly string[] }>,
  documentPaths: ReadonlySet<string>,
): Promise<Set<string>> {
  const wanted = commitsToRead(commits);
  if (wanted.length === 0) return new Set();
  const out = await tryGit(cwd, COMMIT_FILES_ARGS, { input: wanted.map((sha) => `${sha}\n`).join(""), timeoutMs: 30_000 });
  if (out === null) return new Set();
  return agentOnlyFromBlocks(wanted, parseDiffTreeBlocks(out), documentPaths);
}

/** Commits already read per graph (a graph lives for one repository's index run): never read twice. */
const checked = new WeakMap<CommitGraph, Set<string>>();

/** The commits of `commits` (in the graph, not bookkeeping by subject) not read yet; they count as read from now. */
export function commitsToCheck(graph: CommitGraph, commits: Iterable<string>): CommitNode[] {
  const seen = checked.get(graph) ?? new Set<string>();
  checked.set(graph, seen);
  const nodes = [...new Set(commits)]
    .filter((sha) => !seen.has(sha))
    .map((sha) => graph.get(sha))
    .filter((node): node is NonNullable<typeof node> => !!node && !node.bookkeeping);
  for (const node of nodes) seen.add(node.sha);
  return nodes;
}

/** Marks the nodes in `agentOnly` as bookkeeping; how many. */
export function markAgentOnly(nodes: readonly CommitNode[], agentOnly: ReadonlySet<string>): number {
  for (const node of nodes) if (agentOnly.has(node.sha)) node.bookkeeping = true;
  return agentOnly.size;
}

/** Marks as bookkeeping every commit of `commits` (in the graph) that touches only the agent's own files. */
export async function markBookkeepingByFiles(
  cwd: string,
  graph: CommitGraph,
  commits: Iterable<string>,
  documentPaths: ReadonlySet<string>,
): Promise<number> {
  const nodes = commitsToCheck(graph, commits);
  return markAgentOnly(nodes, await agentOnlyCommits(cwd, nodes, documentPaths));
}

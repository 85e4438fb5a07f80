/**
 * The agent's own files, counted apart: `.claude/**`, `CLAUDE.md`, `PROMPT.md` and every file Cairn
 * indexes as a document. Changing them (writing the next checkpoint, pressing Complete) says nothing
 * about how far the code moved. A commit that touches only such files is a bookkeeping commit,
 * whatever its subject.
 */
import type { CommitGraph } from "../git/history";
import { parseDiffTreeBlocks } from "../git/repo-facts";
import { isFullSha, tryGit } from "../git/runner";

const AGENT_BASENAMES = new Set(["CLAUDE.md", "PROMPT.md"]);

/** Commits whose files are read at most, per repository and run (beyond it, subjects alone decide). */
export const MAX_COMMITS_READ_FOR_FILES = 5_000;

/** Whether a repository-relative path is one of the agent's own files. */
export function isAgentFile(relative: string, documentPaths: ReadonlySet<string>): boolean {
  const clean = relative.replace(/^\.\//, "");
  if (clean === ".claude" || clean.startsWith(".claude/") || clean.includes("/.claude/")) return true;
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
  const wanted = [...new Map([...commits].map((c) => [c.sha, c])).values()]
    .filter((c) => isFullSha(c.sha) && c.parents.length <= 1)
    .map((c) => c.sha)
    .slice(0, MAX_COMMITS_READ_FOR_FILES);
  const result = new Set<string>();
  if (wanted.length === 0) return result;
  const out = await tryGit(cwd, ["diff-tree", "--stdin", "-r", "-z", "--name-status", "--always", "--no-renames", "--root"], {
    input: wanted.map((sha) => `${sha}\n`).join(""),
    timeoutMs: 30_000,
  });
  if (out === null) return result;
  const blocks = parseDiffTreeBlocks(out);
  if (blocks.length !== wanted.length) return result;
  wanted.forEach((sha, index) => {
    const files = blocks[index] ?? [];
    if (files.length > 0 && files.every((file) => isAgentFile(file.path, documentPaths))) result.add(sha);
  });
  return result;
}

/** Commits already read per graph (a graph lives for one repository's index run): never read twice. */
const checked = new WeakMap<CommitGraph, Set<string>>();

/** Marks as bookkeeping every commit of `commits` (in the graph) that touches only the agent's own files. */
export async function markBookkeepingByFiles(
  cwd: string,
  graph: CommitGraph,
  commits: Iterable<string>,
  documentPaths: ReadonlySet<string>,
): Promise<number> {
  const seen = checked.get(graph) ?? new Set<string>();
  checked.set(graph, seen);
  const nodes = [...new Set(commits)]
    .filter((sha) => !seen.has(sha))
    .map((sha) => graph.get(sha))
    .filter((node): node is NonNullable<typeof node> => !!node && !node.bookkeeping);
  for (const node of nodes) seen.add(node.sha);
  const agentOnly = await agentOnlyCommits(cwd, nodes, documentPaths);
  for (const node of nodes) if (agentOnly.has(node.sha)) node.bookkeeping = true;
  return agentOnly.size;
}

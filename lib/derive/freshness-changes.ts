/**
 * The two file questions of a freshness run in ONE `git diff-tree --stdin`: the files changed between
 * each save's base and HEAD (`<tip> <base>` lines, as RepoFacts.filesChangedSince asks) and the files
 * of each commit since (`<sha>` lines, as agentOnlyCommits asks); git answers one block per line, in
 * order. When that single call fails or its blocks do not line up, both questions are asked apart,
 * exactly as before, so that one failing never takes the other's answer with it. The same call also lists
 * the files of `alsoRead` commits (the save commits, for lib/index/save-events.ts) into facts.commitFiles.
 */
import type { CommitGraph } from "../git/history";
import { parseDiffTreeBlocks, type ChangedFile, type RepoFacts } from "../git/repo-facts";
import { isFullSha, tryGit } from "../git/runner";
import { agentOnlyCommits, agentOnlyFromBlocks, COMMIT_FILES_ARGS, commitsToCheck, commitsToRead, markAgentOnly } from "./freshness-bookkeeping";

/** Answers per repository's facts (one index run), `base..tip` -> files; null for a base git rejected. */
const answers = new WeakMap<RepoFacts, Map<string, ChangedFile[] | null>>();

/**
 * Files changed between each base and `tip`, and `commits` that touch only the agent's own files marked
 * as bookkeeping in `graph` (markBookkeepingByFiles).
 */
export async function changesAndBookkeeping(
  facts: RepoFacts,
  graph: CommitGraph,
  bases: readonly string[],
  tip: string,
  commits: Iterable<string>,
  documentPaths: ReadonlySet<string>,
  alsoRead: readonly string[] = [],
): Promise<Map<string, ChangedFile[] | null>> {
  const cache = answers.get(facts) ?? new Map<string, ChangedFile[] | null>();
  answers.set(facts, cache);
  const wanted = [...new Set(bases.filter(isFullSha))];
  const missing = isFullSha(tip) ? wanted.filter((base) => !cache.has(`${base}..${tip}`)) : [];
  const nodes = commitsToCheck(graph, commits);
  const toRead = commitsToRead(nodes);
  const inToRead = new Set(toRead);
  const extra = [...new Set(alsoRead)].filter((sha) => isFullSha(sha) && !inToRead.has(sha) && !facts.commitFiles.has(sha));
  let agentOnly: Set<string> | null = null;
  if (missing.length > 0 && toRead.length + extra.length > 0) {
    // The commits first: a `<tip> <base>` line grafts `base` onto tip as its parent for the rest of the
    // process, so a later `<tip>` line would list tip's files against `base` instead of its real parent.
    const commits = [...toRead, ...extra];
    const input = [...commits.map((sha) => `${sha}\n`), ...missing.map((base) => `${tip} ${base}\n`)].join("");
    const out = await tryGit(facts.cwd, COMMIT_FILES_ARGS, { input, timeoutMs: 30_000 });
    const blocks = out === null ? null : parseDiffTreeBlocks(out);
    if (blocks && blocks.length === commits.length + missing.length) {
      agentOnly = agentOnlyFromBlocks(toRead, blocks.slice(0, toRead.length), documentPaths);
      commits.forEach((sha, index) => facts.commitFiles.set(sha, (blocks[index] ?? []).map((file) => file.path)));
      missing.forEach((base, index) => cache.set(`${base}..${tip}`, blocks[commits.length + index] ?? null));
    }
  }
  if (agentOnly === null) {
    const [changed, only] = await Promise.all([
      missing.length > 0 ? facts.filesChangedSince(missing, tip) : Promise.resolve(new Map<string, ChangedFile[] | null>()),
      agentOnlyCommits(facts.cwd, nodes, documentPaths),
    ]);
    for (const [base, files] of changed) cache.set(`${base}..${tip}`, files);
    agentOnly = only;
  }
  markAgentOnly(nodes, agentOnly);
  return new Map(wanted.map((base) => [base, cache.get(`${base}..${tip}`) ?? null]));
}

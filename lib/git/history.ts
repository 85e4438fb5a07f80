/**
 * A repository's history read with ONE `git log` and answered in memory: the commit DAG lets us
 * count `base..tip` exactly as `git rev-list --count base..tip` does, merges included, for any
 * number of checkpoints without another process.
 */
import { isFullSha, runGit, tryGit } from "./runner";

export const DEFAULT_HISTORY_LIMIT = 100_000;
const HISTORY_MAX_BYTES = 64 * 1024 * 1024;

const BOOKKEEPING_SUBJECT = /^chore\((?:checkpoint|session)\):/;

/** Commits that only save checkpoints or session notes: `chore(checkpoint):` / `chore(session):`. */
export function isBookkeepingSubject(subject: string): boolean {
  return BOOKKEEPING_SUBJECT.test(subject);
}

export interface CommitNode {
  sha: string;
  parents: string[];
  /** Committer time, seconds since the epoch. */
  committedAt: number;
  subject: string;
  bookkeeping: boolean;
}

export interface CommitCount {
  total: number;
  bookkeeping: number;
}

export const HISTORY_LOG_FORMAT = "--format=%H%x00%P%x00%ct%x00%s";

/** Parses `git log` output in HISTORY_LOG_FORMAT (one commit per line). */
export function parseHistoryLog(out: string): CommitNode[] {
  const nodes: CommitNode[] = [];
  for (const line of out.split("\n")) {
    const [sha, parentText, time, ...subjectParts] = line.split("\u0000");
    if (!isFullSha(sha)) continue;
    const subject = subjectParts.join("\u0000");
    nodes.push({
      sha,
      parents: (parentText ?? "").split(" ").filter(isFullSha),
      committedAt: Number(time) || 0,
      subject,
      bookkeeping: isBookkeepingSubject(subject),
    });
  }
  return nodes;
}

export class CommitGraph {
  private readonly nodes = new Map<string, CommitNode>();
  private readonly ancestorMemo = new Map<string, Set<string>>();

  /** `truncated`: the log hit its limit, so older commits are absent. */
  constructor(nodes: readonly CommitNode[], readonly truncated: boolean) {
    for (const node of nodes) this.nodes.set(node.sha, node);
  }

  get size(): number {
    return this.nodes.size;
  }

  has(sha: string): boolean {
    return this.nodes.has(sha);
  }

  get(sha: string): CommitNode | undefined {
    return this.nodes.get(sha);
  }

  /** Full shas in the graph starting with `prefix` (for abbreviated checkpoint shas). */
  matchPrefix(prefix: string): string[] {
    const lower = prefix.toLowerCase();
    const matches: string[] = [];
    for (const sha of this.nodes.keys()) if (sha.startsWith(lower)) matches.push(sha);
    return matches;
  }

  /** Every commit reachable from `tip`, itself included (memoised per tip). */
  ancestors(tip: string): Set<string> {
    const cached = this.ancestorMemo.get(tip);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = this.nodes.has(tip) ? [tip] : [];
    while (stack.length > 0) {
      const sha = stack.pop() as string;
      if (seen.has(sha)) continue;
      seen.add(sha);
      for (const parent of this.nodes.get(sha)?.parents ?? []) {
        if (!seen.has(parent) && this.nodes.has(parent)) stack.push(parent);
      }
    }
    this.ancestorMemo.set(tip, seen);
    return seen;
  }

  isAncestor(candidate: string, tip: string): boolean {
    return this.ancestors(tip).has(candidate);
  }

  /** Commits in `base..tip` (reachable from tip, not from base), as `git rev-list --count`. */
  countBetween(base: string, tip: string): CommitCount | null {
    if (!this.nodes.has(base) || !this.nodes.has(tip)) return null;
    const excluded = this.ancestors(base);
    return this.countWhere(tip, (node) => !excluded.has(node.sha));
  }

  /** The commits of `base..tip`, newest first in graph order. */
  commitsBetween(base: string, tip: string): CommitNode[] {
    const excluded = this.nodes.has(base) ? this.ancestors(base) : new Set<string>();
    return [...this.ancestors(tip)].filter((sha) => !excluded.has(sha)).map((sha) => this.nodes.get(sha) as CommitNode);
  }

  /** Commits reachable from `tip` committed strictly after `epochSeconds`. */
  countCommittedAfter(tip: string, epochSeconds: number): CommitCount | null {
    if (!this.nodes.has(tip)) return null;
    return this.countWhere(tip, (node) => node.committedAt > epochSeconds);
  }

  /** Newest commit on tip's first-parent chain committed at or before `epochSeconds`. */
  firstParentAtOrBefore(tip: string, epochSeconds: number): string | null {
    let current = this.nodes.get(tip);
    while (current) {
      if (current.committedAt <= epochSeconds) return current.sha;
      current = current.parents[0] ? this.nodes.get(current.parents[0]) : undefined;
    }
    return null;
  }

  private countWhere(tip: string, include: (node: CommitNode) => boolean): CommitCount {
    const count: CommitCount = { total: 0, bookkeeping: 0 };
    for (const sha of this.ancestors(tip)) {
      const node = this.nodes.get(sha) as CommitNode;
      if (!include(node)) continue;
      count.total += 1;
      if (node.bookkeeping) count.bookkeeping += 1;
    }
    return count;
  }
}

/**
 * Reads the union of the histories of `tips` (full shas: HEAD, branch tips, saved commits) with
 * one `git log`, newest `limit` commits at most.
 */
export async function readHistory(cwd: string, tips: readonly string[], limit = DEFAULT_HISTORY_LIMIT): Promise<CommitGraph> {
  const starts = [...new Set(tips.filter(isFullSha))];
  if (starts.length === 0) return new CommitGraph([], false);
  const out = await runGit(
    cwd,
    ["log", HISTORY_LOG_FORMAT, "--encoding=UTF-8", `--max-count=${limit}`, ...starts, "--"],
    { maxBytes: HISTORY_MAX_BYTES, timeoutMs: 30_000 },
  );
  const nodes = parseHistoryLog(out);
  return new CommitGraph(nodes, nodes.length >= limit);
}

/** The history log with each commit's files (`--name-only`, a root commit's too, a merge's none). */
const FILES_LOG_ARGS = ["--format=%x01%H%x00%P%x00%ct%x00%s", "--name-only", "-z", "--no-renames", "--root"];

/** Parses the FILES_LOG_ARGS log; null when a block does not read as one (the caller then asks git again). */
export function parseHistoryWithFiles(out: string): { nodes: CommitNode[]; files: Map<string, string[]> } | null {
  const nodes: CommitNode[] = [];
  const files = new Map<string, string[]>();
  for (const block of out.split("\u0001").slice(1)) {
    const newline = block.indexOf("\n");
    const header = (newline < 0 ? block : block.slice(0, newline)).replace(/\u0000+$/, "");
    const [sha, parentText, time, ...subjectParts] = header.split("\u0000");
    if (!isFullSha(sha) || time === undefined || !/^\d+$/.test(time)) return null;
    const subject = subjectParts.join("\u0000");
    nodes.push({ sha, parents: (parentText ?? "").split(" ").filter(isFullSha), committedAt: Number(time), subject, bookkeeping: isBookkeepingSubject(subject) });
    files.set(sha, newline < 0 ? [] : block.slice(newline + 1).split("\u0000").filter((file) => file !== ""));
  }
  return { nodes, files };
}

/**
 * readHistory with every commit's files, for a small repository (one log then answers the history, the files
 * each commit touched, and so the last commit of each file). Null when git failed or the output is odd.
 */
export async function readHistoryWithFiles(cwd: string, tips: readonly string[], limit = DEFAULT_HISTORY_LIMIT): Promise<{ graph: CommitGraph; files: Map<string, string[]> } | null> {
  const starts = [...new Set(tips.filter(isFullSha))];
  if (starts.length === 0) return null;
  const out = await tryGit(cwd, ["log", ...FILES_LOG_ARGS, "--encoding=UTF-8", `--max-count=${limit}`, ...starts, "--"], {
    maxBytes: HISTORY_MAX_BYTES,
    timeoutMs: 30_000,
  });
  const parsed = out === null ? null : parseHistoryWithFiles(out);
  return parsed ? { graph: new CommitGraph(parsed.nodes, parsed.nodes.length >= limit), files: parsed.files } : null;
}

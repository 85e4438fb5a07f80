/**
 * The save commits of a repository (`chore(checkpoint):` / `chore(session):` on its local branches) answered
 * from a history graph already read, in the order `git log --branches` shows them: committer date, newest
 * first, a tie in the order git met the commits (its walk: the branches' tips sorted by date, stably, in
 * ref-name order; then each commit's parents, in order, the first time they are met). This spares the
 * `git log --branches --grep` a cold index used to start; its files come with the freshness step's one
 * `diff-tree` (see lib/derive/freshness-changes.ts).
 */
import { isBookkeepingSubject, type CommitGraph, type CommitNode } from "./history";
import type { RefTip } from "./repo-facts";

/** At most this many save commits per repository (the log's `-n`). */
export const MAX_SAVE_COMMITS = 5000;

/** A binary heap of commits: newest committer date first, then the order they were queued. */
class WalkQueue {
  private readonly items: Array<{ node: CommitNode; order: number }> = [];
  private queued = 0;

  get size(): number {
    return this.items.length;
  }

  private before(a: { node: CommitNode; order: number }, b: { node: CommitNode; order: number }): boolean {
    return a.node.committedAt !== b.node.committedAt ? a.node.committedAt > b.node.committedAt : a.order < b.order;
  }

  push(node: CommitNode): void {
    const items = this.items;
    items.push({ node, order: this.queued++ });
    for (let at = items.length - 1; at > 0; ) {
      const parent = (at - 1) >> 1;
      if (!this.before(items[at]!, items[parent]!)) break;
      [items[at], items[parent]] = [items[parent]!, items[at]!];
      at = parent;
    }
  }

  pop(): CommitNode {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let at = 0; ; ) {
        const left = at * 2 + 1;
        const right = left + 1;
        let best = at;
        if (left < items.length && this.before(items[left]!, items[best]!)) best = left;
        if (right < items.length && this.before(items[right]!, items[best]!)) best = right;
        if (best === at) break;
        [items[at], items[best]] = [items[best]!, items[at]!];
        at = best;
      }
    }
    return top.node;
  }
}

/**
 * The commits `git log <starts>` shows that `keep` accepts, in its order, `limit` at most; null when the
 * graph cannot tell (a start or a parent is not in it, or it was cut at its limit).
 */
export function logOrder(graph: CommitGraph, starts: readonly string[], keep: (node: CommitNode) => boolean, limit: number): CommitNode[] | null {
  if (graph.truncated) return null;
  const queue = new WalkQueue();
  const seen = new Set<string>();
  for (const sha of starts) {
    if (seen.has(sha)) continue;
    const node = graph.get(sha);
    if (!node) return null;
    seen.add(sha);
    queue.push(node);
  }
  const shown: CommitNode[] = [];
  while (queue.size > 0 && shown.length < limit) {
    const node = queue.pop();
    for (const parent of node.parents) {
      if (seen.has(parent)) continue;
      const next = graph.get(parent);
      if (!next) return null;
      seen.add(parent);
      queue.push(next);
    }
    if (keep(node)) shown.push(node);
  }
  return shown;
}

/**
 * The save commits on the local branches (`refs`), as `git log --branches --grep` lists them; null when the
 * graph cannot tell, or when there may be more than the log's limit (the log counts a commit whose message
 * body, not subject, matches: only git can say where it stops).
 */
export function saveCommitNodes(graph: CommitGraph, refs: readonly RefTip[]): CommitNode[] | null {
  const branchTips = refs.filter((ref) => ref.kind === "branch").map((ref) => ref.sha);
  const nodes = logOrder(graph, branchTips, (node) => isBookkeepingSubject(node.subject), MAX_SAVE_COMMITS);
  return nodes && nodes.length < MAX_SAVE_COMMITS ? nodes : null;
}

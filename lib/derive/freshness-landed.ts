/**
 * Landed: the work a checkpoint was saved on (its commit, or its branch's tip) is now contained in
 * the repository's default branch. Answered from the commit graph already read (no extra git).
 */
import type { CommitGraph } from "../git/history";
import type { RefTip } from "../git/repo-facts";

export interface Landed {
  /** The default branch ("main"). */
  into: string;
  /** The commit of the default branch that brought the work in (a merge, or the work itself when fast-forwarded). */
  commit: string;
  /** Its commit time, ISO-8601 UTC. */
  at: string;
  /** The landing commit is a merge (else the work was fast-forwarded in). */
  merge: boolean;
}

export interface DefaultBranch {
  name: string;
  tip: string;
}

/** A save made up to this long before the landing commit still counts as landed by it (clocks drift). */
const SLACK_SECONDS = 300;

/**
 * The default branch: what `origin/HEAD` names, else `main`, else `master` (local first, then a
 * remote-tracking branch of that name).
 */
export function findDefaultBranch(refs: readonly RefTip[], remoteHead: string | null): DefaultBranch | null {
  const named = remoteHead ? remoteHead.replace(/^refs\/remotes\//, "").replace(/^[^/]+\//, "") : null;
  for (const name of [named, "main", "master"]) {
    if (!name) continue;
    const tip =
      refs.find((ref) => ref.kind === "branch" && ref.shortName === name) ??
      refs.find((ref) => ref.kind === "remote" && ref.shortName.slice(ref.shortName.indexOf("/") + 1) === name);
    if (tip) return { name, tip: tip.sha };
  }
  return null;
}

/**
 * For every commit reachable from the default branch's tip: the commit on its first-parent chain
 * that brought it in (itself for commits of the chain). One pass over the graph.
 */
export class LandingMap {
  private readonly landedBy = new Map<string, string>();

  constructor(private readonly graph: CommitGraph, readonly branch: DefaultBranch) {
    const chain: string[] = [];
    for (let node = graph.get(branch.tip); node; node = node.parents[0] ? graph.get(node.parents[0]) : undefined) {
      if (chain.length > 0 && chain[chain.length - 1] === node.sha) break;
      chain.push(node.sha);
    }
    const onChain = new Set(chain);
    // oldest first: each chain commit claims what it brings in that no older one did
    for (const sha of chain.reverse()) {
      this.landedBy.set(sha, sha);
      const stack = (graph.get(sha)?.parents.slice(1) ?? []).filter((p) => !onChain.has(p));
      while (stack.length > 0) {
        const current = stack.pop() as string;
        if (this.landedBy.has(current) || !graph.has(current)) continue;
        this.landedBy.set(current, sha);
        for (const parent of graph.get(current)?.parents ?? []) if (!this.landedBy.has(parent)) stack.push(parent);
      }
    }
  }

  /** The default-branch commit that brought `sha` in, or null when `sha` is not in the default branch. */
  landingOf(sha: string): string | null {
    return this.landedBy.get(sha) ?? null;
  }

  /**
   * Whether `work` (saved at `savedAtSeconds`) landed: it came in through a merge made after the save,
   * or the saved branch's later tip did (a fast-forward after more work). A commit that was already on
   * the default branch when the save was made (the branch point) has not landed.
   */
  landed(work: string, savedAtSeconds: number | null, branchTip: string | null): Landed | null {
    const after = (sha: string) => {
      const node = this.graph.get(sha);
      return !!node && (savedAtSeconds === null || node.committedAt + SLACK_SECONDS >= savedAtSeconds);
    };
    const viaMerge = this.landingOf(work);
    if (viaMerge && viaMerge !== work && after(viaMerge)) return this.describe(viaMerge);
    if (branchTip && branchTip !== work && this.graph.isAncestor(work, branchTip)) {
      const tipLanding = this.landingOf(branchTip);
      if (tipLanding && (tipLanding !== branchTip || after(branchTip)) && after(tipLanding)) return this.describe(tipLanding);
    }
    return null;
  }

  private describe(commit: string): Landed {
    const node = this.graph.get(commit);
    return { into: this.branch.name, commit, at: new Date((node?.committedAt ?? 0) * 1000).toISOString(), merge: (node?.parents.length ?? 0) > 1 };
  }
}

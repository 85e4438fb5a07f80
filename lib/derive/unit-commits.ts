/**
 * The commits a convention unit names beside its done tasks (Conductor's `- [x] Task: ... fc5c774`, a phase's
 * `[checkpoint: 4bea48b]`), checked one by one against the history of the branch the unit is on (its own branch
 * when it names one and git knows it, else the branch checked out). A task marked done whose commit is not in
 * that history is flagged on the unit's page: "task 3 says done at fc5c774, which is not in feature/x".
 * Git: one `cat-file --batch-check` for every sha of the repository, one `git log` for the branches (RepoFacts).
 */
import type { RepoFacts } from "../git/repo-facts";
import { isSha } from "../git/runner";
import { findBranchTip } from "./freshness-save";

export interface UnitCommitsInput {
  id: string;
  branch: string | null;
  commits: Array<{ name: string; sha: string }>;
}

export interface CommitCheck {
  name: string;
  sha: string;
  /** true: in the branch's history; false: not (or not in the repository at all); null: could not tell. */
  inBranch: boolean | null;
  /** The sentence a page shows when the commit is missing, else null. */
  flag: string | null;
}

export interface UnitCommitChecks {
  branch: string | null;
  checks: CommitCheck[];
}

/** At most this many commits are checked per repository (a hostile plan can name thousands). */
export const MAX_UNIT_COMMITS = 2000;

export async function checkUnitCommits(facts: RepoFacts, units: readonly UnitCommitsInput[]): Promise<Map<string, UnitCommitChecks>> {
  const result = new Map<string, UnitCommitChecks>();
  const wanted = units.filter((u) => u.commits.length > 0);
  if (wanted.length === 0) return result;
  const [head, refs] = await Promise.all([facts.head(), facts.refs()]);
  const shas = [...new Set(wanted.flatMap((u) => u.commits.map((c) => c.sha.toLowerCase())).filter((s) => isSha(s)))].slice(0, MAX_UNIT_COMMITS);
  const resolved = shas.length ? await facts.resolveCommits(shas) : new Map<string, string | null>();
  const tipOf = (u: UnitCommitsInput) => {
    const own = u.branch ? findBranchTip(refs, u.branch) : null;
    if (own) return { name: u.branch!, sha: own.sha };
    return head.headSha ? { name: head.currentBranch ?? "HEAD", sha: head.headSha } : null;
  };
  const tips = [...new Set(wanted.map(tipOf).flatMap((t) => (t ? [t.sha] : [])))];
  const graph = tips.length ? await facts.history(tips) : null;
  for (const unit of wanted) {
    const tip = tipOf(unit);
    const checks = unit.commits.map(({ name, sha }): CommitCheck => {
      const key = sha.toLowerCase();
      const full = resolved.get(key) ?? null;
      let inBranch: boolean | null = null;
      if (resolved.has(key)) {
        if (full === null) inBranch = false;
        else if (tip && graph) inBranch = graph.isAncestor(full, tip.sha) ? true : graph.truncated ? null : false;
      }
      const where = tip?.name ?? "this repository";
      const flag = inBranch === false ? `${name} says done at ${sha}, which is not in ${where}` : null;
      return { name, sha, inBranch, flag };
    });
    result.set(unit.id, { branch: tip?.name ?? null, checks });
  }
  return result;
}

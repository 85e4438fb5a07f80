import { createHash } from "node:crypto";
import { tryGit } from "../git/runner";
import { filterNeutralizingOverrides } from "../git/repo-facts";

export interface RepositoryState {
  currentBranch: string | null;
  headSha: string | null;
  /** Changes whenever HEAD, the index or the work tree change. */
  fingerprint: string;
}

/** One `git status --porcelain=v2 --branch` answers branch, HEAD and dirtiness together. */
export async function readRepositoryState(repoPath: string): Promise<RepositoryState> {
  const configOverrides = await filterNeutralizingOverrides(repoPath);
  const status = await tryGit(repoPath, ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal", "--ignore-submodules=dirty"], {
    configOverrides,
    timeoutMs: 30_000,
  });
  if (status !== null) {
    let currentBranch: string | null = null;
    let headSha: string | null = null;
    for (const line of status.split("\0")) {
      if (line.startsWith("# branch.oid ")) {
        const oid = line.slice("# branch.oid ".length);
        headSha = /^[0-9a-f]{40}$/.test(oid) ? oid : null;
      } else if (line.startsWith("# branch.head ")) {
        const head = line.slice("# branch.head ".length);
        currentBranch = head === "(detached)" ? null : head;
      }
    }
    return { currentBranch, headSha, fingerprint: createHash("sha1").update(status).digest("hex") };
  }
  // bare repositories have no work tree: HEAD alone
  const head = (await tryGit(repoPath, ["rev-parse", "--verify", "--quiet", "HEAD"]))?.trim() ?? null;
  const branch = (await tryGit(repoPath, ["symbolic-ref", "--quiet", "--short", "HEAD"]))?.trim() ?? null;
  return { currentBranch: branch, headSha: head, fingerprint: `bare:${head}:${branch}` };
}

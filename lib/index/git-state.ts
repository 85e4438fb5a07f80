import { createHash } from "node:crypto";
import { RepoFacts } from "../git/repo-facts";

export interface RepositoryState {
  currentBranch: string | null;
  headSha: string | null;
  /** Changes whenever HEAD, the index or the work tree change. */
  fingerprint: string;
  /** Entries of `git status` (changed or untracked files); null for a bare repository. */
  changedFiles: number | null;
}

/** Branch, HEAD and a fingerprint of the work tree, from the status the freshness step reuses. */
export async function readRepositoryState(facts: RepoFacts): Promise<RepositoryState> {
  const snapshot = await facts.statusSnapshot();
  if (snapshot) {
    return {
      currentBranch: snapshot.head.currentBranch,
      headSha: snapshot.head.headSha,
      fingerprint: createHash("sha1").update(snapshot.raw).digest("hex"),
      changedFiles: snapshot.entries.length,
    };
  }
  // bare repositories have no work tree: HEAD alone
  const head = await facts.head();
  return { currentBranch: head.currentBranch, headSha: head.headSha, fingerprint: `bare:${head.headSha}:${head.currentBranch}`, changedFiles: null };
}

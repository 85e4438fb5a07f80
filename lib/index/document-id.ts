import { createHash } from "node:crypto";

/** Stable id: the same file (repository, path, source) keeps its id across re-indexes. */
export function documentId(repoPath: string | null, path: string, source = "worktree"): string {
  return createHash("sha1")
    .update(`${repoPath ?? ""}\0${path}\0${source}`)
    .digest("hex")
    .slice(0, 16);
}

export function contentHash(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

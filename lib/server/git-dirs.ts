/**
 * The git files the live watcher watches for one repository: its git folder (a linked worktree's `.git` file
 * points at its own), the repository's common folder (`commondir`), and the files in them that move freshness.
 * Read with the careful reader: a FIFO or device named `.git` is refused, never waited on.
 */
import { isAbsolute, join, resolve } from "node:path";
import { readRegularFileSync } from "../discover/read-file";

/** Per work tree (a linked worktree has its own) and per repository (shared by its worktrees). */
export const WORKTREE_GIT_FILES = ["HEAD", "index", join("logs", "HEAD")];
export const COMMON_GIT_FILES = ["FETCH_HEAD", "packed-refs"];
export interface RepoEntry {
  path: string;
  gitDir: string;
  commonDir: string;
  bare: boolean;
}

/** `.git` pointer files are a line long. */
const POINTER_MAX_BYTES = 64 * 1024;

/** `.git` folder, or the folder a linked worktree's `.git` file points at; a bare repository is its own. */
export function gitDirOf(repoPath: string, bare: boolean): string {
  if (bare) return repoPath;
  const dotGit = join(repoPath, ".git");
  // a FIFO or device named .git is refused at once instead of blocking the event loop
  const read = readRegularFileSync(dotGit, { maxBytes: POINTER_MAX_BYTES, links: "follow" });
  if (read.ok) {
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(read.bytes.toString("utf8"))?.[1];
    if (pointer) return isAbsolute(pointer) ? pointer : resolve(repoPath, pointer);
  }
  return dotGit;
}

/** A linked worktree's git folder names the repository's own in `commondir`. */
export function commonDirOf(gitDir: string): string {
  const read = readRegularFileSync(join(gitDir, "commondir"), { maxBytes: POINTER_MAX_BYTES, links: "follow" });
  const pointer = read.ok ? read.bytes.toString("utf8").trim() : ""; // else not a linked worktree
  if (pointer) return isAbsolute(pointer) ? pointer : resolve(gitDir, pointer);
  return gitDir;
}

export function gitFilesOf(entry: RepoEntry): string[] {
  return [...WORKTREE_GIT_FILES.map((f) => join(entry.gitDir, f)), ...COMMON_GIT_FILES.map((f) => join(entry.commonDir, f))];
}

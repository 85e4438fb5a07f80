/**
 * File-level freshness: which referenced files are missing, and what became of the files a
 * checkpoint said it modified (the checkpoint skill's "compare modified files against current git
 * state": still modified, committed since, untouched, or gone).
 */
import { lstatSync } from "node:fs";
import path from "node:path";
import type { StatusEntry } from "../git/repo-facts";
import { lsTree } from "../git/objects";

export type ModifiedFileState = "still-modified" | "committed-since" | "untouched" | "missing";

export interface ModifiedFileVerdict {
  path: string;
  state: ModifiedFileState;
}

/**
 * A checkpoint's path as a clean repository-relative path, or null when it cannot be one
 * (empty, outside the repository, absolute without a work tree).
 */
export function toRepoRelative(raw: string, topLevel: string | null): string | null {
  let candidate = raw.trim();
  if (!candidate || candidate.includes("\u0000")) return null;
  if (path.isAbsolute(candidate)) {
    if (!topLevel) return null;
    candidate = path.relative(topLevel, candidate);
  }
  candidate = path.posix.normalize(candidate).replace(/\/+$/, "");
  if (candidate === "." || candidate === ".." || candidate.startsWith("../") || path.posix.isAbsolute(candidate)) return null;
  return candidate;
}

/**
 * Whether each path exists now: in the work tree when there is one (lstat, no git), else in
 * HEAD's tree (one `ls-tree`). null when it cannot be told (bare repository without commits).
 */
export async function checkPathsExist(
  repoPath: string,
  topLevel: string | null,
  headSha: string | null,
  paths: readonly string[],
): Promise<Map<string, boolean | null>> {
  const unique = [...new Set(paths)];
  const result = new Map<string, boolean | null>();
  if (unique.length === 0) return result;
  if (topLevel) {
    // synchronous lstats: a few per save, each cheaper than a thread-pool round trip
    for (const relative of unique) {
      let exists: boolean;
      try {
        lstatSync(path.join(topLevel, relative));
        exists = true;
      } catch {
        exists = false;
      }
      result.set(relative, exists);
    }
    return result;
  }
  if (!headSha) {
    for (const relative of unique) result.set(relative, null);
    return result;
  }
  const entries = await lsTree(repoPath, headSha, unique).catch(() => null);
  const present = new Set(entries?.map((entry) => entry.path) ?? []);
  for (const relative of unique) result.set(relative, entries === null ? null : present.has(relative));
  return result;
}

/** The dirty paths of `git status`, answering "is this file modified now?". */
export class DirtyPaths {
  private readonly exact = new Set<string>();
  private readonly directories: string[] = [];

  constructor(readonly entries: readonly StatusEntry[]) {
    for (const entry of entries) {
      if (entry.path.endsWith("/")) this.directories.push(entry.path);
      else this.exact.add(entry.path);
      if (entry.originalPath) this.exact.add(entry.originalPath);
    }
  }

  /** Paths as `git status --short` lists them (untracked directories collapsed, "dir/"). */
  get listed(): string[] {
    return this.entries.map((entry) => entry.path);
  }

  has(relative: string): boolean {
    return this.exact.has(relative) || this.directories.some((directory) => relative.startsWith(directory));
  }
}

export interface FileStateInput {
  modifiedFiles: readonly string[];
  exists: ReadonlyMap<string, boolean | null>;
  dirty: DirtyPaths | null;
  /** Paths changed between the saved commit and HEAD; null when the saved commit is unknown. */
  committedSince: ReadonlySet<string> | null;
}

/**
 * One verdict per modified file that can be judged. Order: missing, still modified, committed
 * since, untouched. A file that is neither dirty nor missing is left out when the saved commit is
 * unknown (committed-since vs untouched cannot be told).
 */
export function judgeModifiedFiles(input: FileStateInput): ModifiedFileVerdict[] {
  const verdicts: ModifiedFileVerdict[] = [];
  for (const file of new Set(input.modifiedFiles)) {
    let state: ModifiedFileState | null;
    if (input.exists.get(file) === false) state = "missing";
    else if (input.dirty?.has(file)) state = "still-modified";
    else if (input.committedSince === null) state = null;
    else state = input.committedSince.has(file) ? "committed-since" : "untouched";
    if (state) verdicts.push({ path: file, state });
  }
  return verdicts;
}

/** Dirty paths now that the checkpoint's modified-files list does not mention. */
export function findUnmentionedModified(dirty: DirtyPaths | null, modifiedFiles: readonly string[]): string[] {
  if (!dirty) return [];
  const mentioned = new Set(modifiedFiles);
  const mentionedList = [...mentioned];
  return dirty.entries
    .filter((entry) => {
      if (mentioned.has(entry.path) || (entry.originalPath && mentioned.has(entry.originalPath))) return false;
      if (entry.path.endsWith("/")) return !mentionedList.some((file) => file.startsWith(entry.path));
      return true;
    })
    .map((entry) => entry.path);
}

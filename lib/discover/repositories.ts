import { lstat, readdir, stat } from "node:fs/promises";
import type { Dirent } from "node:fs";
import { join, resolve } from "node:path";
import { MAX_ROOT_DEPTH, SKIPPED_FOLDERS } from "./limits";
import { readRegularFile } from "./read-file";

const WALK_BATCH = 8;

export type RepositoryLayout = "worktree" | "linked-worktree" | "bare";

export interface FoundRepository {
  path: string;
  layout: RepositoryLayout;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function gitEntryLayout(dir: string): Promise<RepositoryLayout | null> {
  try {
    const entry = await lstat(join(dir, ".git"));
    if (entry.isDirectory()) return "worktree";
    if (entry.isFile()) {
      // swapped for a FIFO or device since the lstat: refused on the handle, never waited on
      const read = await readRegularFile(join(dir, ".git"), { maxBytes: 64 * 1024 });
      return read.ok && read.bytes.toString("utf8").startsWith("gitdir:") ? "linked-worktree" : null;
    }
  } catch {
    /* no .git here */
  }
  return null;
}

async function looksBare(dir: string): Promise<boolean> {
  try {
    const [head, objects, refs] = await Promise.all([
      stat(join(dir, "HEAD")),
      stat(join(dir, "objects")),
      stat(join(dir, "refs")),
    ]);
    return head.isFile() && objects.isDirectory() && refs.isDirectory();
  } catch {
    return false;
  }
}

/**
 * Walk a root for git repositories: work trees, linked worktrees (`.git` is a file), bare clones and
 * repositories nested inside others. Symlinked folders are never followed, so nothing outside the root is walked.
 */
export async function findRepositories(root: string, maxDepth = MAX_ROOT_DEPTH): Promise<FoundRepository[]> {
  const found: FoundRepository[] = [];
  const start = resolve(root);
  if (!(await isDirectory(start))) return found;

  async function walk(dir: string, depth: number): Promise<void> {
    let entries: Dirent[] | null;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      entries = null;
    }
    // `.git` is looked at only where the folder lists one (a failed lstat per folder walked cost more than the walk);
    // a folder that cannot be listed is still asked directly
    const layout = entries === null || entries.some((e) => e.name === ".git") ? await gitEntryLayout(dir) : null;
    if (layout) found.push({ path: dir, layout });
    else if (dir.endsWith(".git") && (await looksBare(dir))) {
      found.push({ path: dir, layout: "bare" });
      return;
    }
    if (depth >= maxDepth || entries === null) return;
    const children = entries.filter(
      (e) => e.isDirectory() && e.name !== ".git" && !SKIPPED_FOLDERS.has(e.name),
    );
    // a few folders at a time: a home folder holds thousands, and an unbounded fan-out holds them all in memory
    for (let i = 0; i < children.length; i += WALK_BATCH) {
      await Promise.all(children.slice(i, i + WALK_BATCH).map((child) => walk(join(dir, child.name), depth + 1)));
    }
  }

  await walk(start, 0);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

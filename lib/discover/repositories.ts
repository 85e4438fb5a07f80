import { lstat, readdir, stat } from "node:fs/promises";
import type { Dirent } from "node:fs";
import { join, resolve } from "node:path";
import { MAX_ROOT_DEPTH, SKIPPED_FOLDERS } from "./limits";
import { readRegularFile } from "./read-file";
import { isInside } from "./inside";
import { bareVerdict, checkoutVerdict, enclosingCheckout } from "./trust";

const WALK_BATCH = 8;

export type RepositoryLayout = "worktree" | "linked-worktree" | "bare";

export interface FoundRepository {
  path: string;
  layout: RepositoryLayout;
  /**
   * The folder holding a `.git` that this repository lies inside, when that folder is below the root (a clone kept
   * in another's work tree, a folder of an unpacked archive): such a repository is never grouped with another
   * repository's project by remote and history alone (lib/index/identity-step.ts).
   */
  nestedIn?: string;
}

export interface FindOptions {
  /** The user's root that reaches `start` (default: `start` itself); what identity rules are bounded by (trust.ts). */
  root?: string;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function gitEntryLayout(dir: string): Promise<"worktree" | "linked-worktree" | null> {
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
 * Only folders git itself keeps as repositories in place are reported (trust.ts): a committed folder that looks
 * bare, a `.git` borrowing another repository's git folder, are walked as plain folders.
 */
export async function findRepositories(root: string, maxDepth = MAX_ROOT_DEPTH, options: FindOptions = {}): Promise<FoundRepository[]> {
  const found: FoundRepository[] = [];
  const start = resolve(root);
  const bound = resolve(options.root ?? root);
  if (!(await isDirectory(start))) return found;
  /** `enclosing` when it is a folder below the root (the root itself, or a folder above it, is the user's choice). */
  const nestedIn = (enclosing: string | null) => (enclosing !== null && enclosing !== bound && isInside(bound, enclosing) ? { nestedIn: enclosing } : {});

  async function walk(dir: string, depth: number, enclosing: string | null): Promise<void> {
    let entries: Dirent[] | null;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      entries = null;
    }
    // `.git` is looked at only where the folder lists one (a failed lstat per folder walked cost more than the walk);
    // a folder that cannot be listed is still asked directly
    const layout = entries === null || entries.some((e) => e.name === ".git") ? await gitEntryLayout(dir) : null;
    if (layout) {
      if (checkoutVerdict(dir, layout, bound).ok) found.push({ path: dir, layout, ...nestedIn(enclosing) });
    } else if (dir.endsWith(".git") && (await looksBare(dir))) {
      if ((await bareVerdict(dir, enclosing, bound)).ok) found.push({ path: dir, layout: "bare", ...nestedIn(enclosing) });
      return;
    }
    // below a folder holding a `.git` (a repository, or one refused above), that folder encloses what is found
    const inner = layout || (entries?.some((e) => e.name === ".git") ?? false) ? dir : enclosing;
    if (depth >= maxDepth || entries === null) return;
    const children = entries.filter(
      (e) => e.isDirectory() && e.name !== ".git" && !SKIPPED_FOLDERS.has(e.name),
    );
    // a few folders at a time: a home folder holds thousands, and an unbounded fan-out holds them all in memory
    for (let i = 0; i < children.length; i += WALK_BATCH) {
      await Promise.all(children.slice(i, i + WALK_BATCH).map((child) => walk(join(dir, child.name), depth + 1, inner)));
    }
  }

  await walk(start, 0, enclosingCheckout(start));
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

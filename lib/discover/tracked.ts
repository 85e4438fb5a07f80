/**
 * Checkpoints found by content: tracked HTML carrying `jacked:` meta and tracked Markdown whose frontmatter says
 * checkpoint, wherever they are. The tracked paths are read from the index file (else one `git ls-files`), then the first bytes of
 * each tracked HTML/Markdown file the walk also saw (so the walk's bounds hold: depth, skipped folders, nested
 * repositories). A verdict is remembered per file while its mtime and size stay the same.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { readTrackedPaths } from "../git/index-file";
import { tryGit } from "../git/runner";
import { isSniffable, looksLikeCheckpoint, sniffBytes } from "../parse/routes";
import { yielder, type Yielder } from "./yield";

/**
 * Bytes read from a Markdown file (its frontmatter; 4 KB at the root, in an agent's folder or a planning folder,
 * where the content sniff reads whether it is a saved working state) and from an HTML file (its head).
 */
export const SNIFF_BYTES = { markdown: 2 * 1024, savedStatePlace: 4 * 1024, html: 8 * 1024 } as const;
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const MAX_REMEMBERED = 50_000;

const verdicts = new Map<string, { mtimeMs: number; size: number; checkpoint: boolean }>();

export interface SniffCost {
  gitProcesses: number;
  /** Files whose first bytes were read. */
  sniffed: number;
  /** Files whose verdict was remembered from an earlier run of this process. */
  remembered: number;
  bytesRead: number;
}

/** Repository-relative paths git tracks (null when git cannot say: a bare repository, a broken index). */
export async function trackedPaths(repoPath: string, cost?: SniffCost, pace?: Yielder): Promise<Set<string> | null> {
  // read from the index file itself when it is plainly understood: no process
  const fromIndex = await readTrackedPaths(repoPath, pace);
  if (fromIndex) return fromIndex;
  if (cost) cost.gitProcesses += 1;
  const out = await tryGit(repoPath, ["ls-files", "-z", "--cached"], { maxBytes: 64 * 1024 * 1024 });
  if (out === null) return null;
  return new Set(out.split("\0").filter(Boolean));
}

/**
 * Read the first bytes of a regular file, never through a symlink, never blocking (O_NONBLOCK: a FIFO opens at
 * once and is refused on its handle). Synchronous on purpose: thousands of tiny reads cost far less without a
 * thread-pool round trip each, and each one is bounded by a few KB.
 */
function head(absPath: string, bytes: number): { text: string; mtimeMs: number; size: number } | null {
  let fd: number;
  try {
    fd = openSync(absPath, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return null;
    const buffer = Buffer.alloc(Math.min(bytes, info.size));
    const read = buffer.length ? readSync(fd, buffer, 0, buffer.length, 0) : 0;
    const slice = buffer.subarray(0, read);
    return { text: slice.includes(0) ? "" : slice.toString("utf8"), mtimeMs: info.mtimeMs, size: info.size };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Of the files the walk saw (`seen`: relative path -> absolute path, not claimed by name), those git tracks
 * whose first bytes say checkpoint. Gives way to requests every few milliseconds (`pace`, shared with the walk).
 */
export async function sniffTracked(repoPath: string, seen: Map<string, string>, cost: SniffCost, pace: Yielder = yielder()): Promise<string[]> {
  const candidates: string[] = [];
  for (const rel of seen.keys()) {
    if (isSniffable(rel) !== null) candidates.push(rel);
    const turn = pace.step();
    if (turn) await turn;
  }
  if (candidates.length === 0) return [];
  const tracked = await trackedPaths(repoPath, cost, pace);
  if (!tracked) return [];
  const found: string[] = [];
  for (const rel of candidates) {
    if (!tracked.has(rel)) continue;
    const turn = pace.step();
    if (turn) await turn;
    const absPath = seen.get(rel)!;
    let info;
    try {
      info = lstatSync(absPath);
    } catch {
      continue;
    }
    if (!info.isFile()) continue; // a symlink is never followed, a folder or FIFO never read
    const known = verdicts.get(absPath);
    let checkpoint: boolean;
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) {
      cost.remembered += 1;
      checkpoint = known.checkpoint;
    } else {
      const read = head(absPath, sniffBytes(rel));
      if (!read) continue;
      cost.sniffed += 1;
      cost.bytesRead += Buffer.byteLength(read.text);
      checkpoint = looksLikeCheckpoint(rel, read.text);
      if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
      verdicts.set(absPath, { mtimeMs: read.mtimeMs, size: read.size, checkpoint });
    }
    if (checkpoint) found.push(rel);
  }
  return found;
}

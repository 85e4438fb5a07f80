import { lstat, readdir, realpath } from "node:fs/promises";
import { lstatSync, type Stats } from "node:fs";
import { join, relative, sep } from "node:path";
import { isCandidatePath } from "../parse/registry";
import { isSniffable } from "../parse/routes";
import { BINARY_SNIFF_BYTES, MAX_FILE_BYTES, MAX_REPO_DEPTH, SKIPPED_FOLDERS } from "./limits";
import { readRegularFile } from "./read-file";
import { fileVerdict, folderRuling, rulesFor, rulingVerdict, type GlobalDiscoverySettings } from "./ignore";
import { sniffTracked, type SniffCost } from "./tracked";
import { decodeText } from "./text-encoding";
import { isInside } from "./inside";
import { yielder, type Yielder } from "./yield";
import { WalkStamp } from "./walk-stamp";

export interface CandidateFile {
  /** Relative to the repository, forward slashes. */
  relPath: string;
  absPath: string;
  mtimeMs: number;
  size: number;
  /** How it was found: a family's name or a convention (default), its first bytes, or the user's `!path` rule. */
  origin?: "name" | "content" | "user";
}

export interface RejectedFile {
  absPath: string;
  relPath: string;
  reason: string;
}

/** What discovering one repository's files cost. */
export interface DiscoveryCost extends SniffCost {
  /** Files the walk listed (every file within the bounds, not only candidates). */
  walkedFiles: number;
}

export interface CandidateScan {
  files: CandidateFile[];
  rejected: RejectedFile[];
  cost?: DiscoveryCost;
  /** Problems with the user's discovery rules (an unreadable .cairnignore, a broken settings file). */
  problems?: string[];
  /** With `options.stamp`: a hash of every file the walk listed (path, modification time, size). */
  stamp?: string;
  /** `options.skipWhen` answered yes to the stamp: the scan stopped after the walk (files and rejected are empty). */
  skipped?: boolean;
}

export interface CandidateOptions {
  /** The global settings (config.json beside the database); the repository's `.cairnignore` is read here. */
  settings?: GlobalDiscoverySettings | null;
  /** Stamp the walk: every listed file's modification time and size (one lstat each). */
  stamp?: boolean;
  /** Asked with the stamp after the walk; yes stops the scan there (nothing changed since it was last taken). */
  skipWhen?: (stamp: string) => boolean;
}

/**
 * One lstat, synchronous (a walk stats every file it lists: a thread-pool round trip each cost more than
 * the call), handed on as a settled promise so that callers read it like the asynchronous one.
 */
function lstatNow(path: string): Promise<Stats> {
  try {
    return Promise.resolve(lstatSync(path));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Whether anything (a folder, a file, a link) is at `path`, without following it. */
function existsNoFollow(path: string): boolean {
  try {
    // an absent path answers undefined instead of an error (most folders have no `.git`: no exception per folder)
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

export { isInside };

/** Why a link to the real path `target` is not followed (it leaves the repository), or null. */
export function linkLeaves(bounds: Bounds, target: string): string | null {
  if (!isInside(bounds.root, target)) return "symlink points outside the root; not read";
  if (!isInside(bounds.repo, target)) return "symlink points outside its repository; not read";
  return null;
}

/** Where a candidate may lead: its repository's real path, and the root's (for the message). */
export interface Bounds {
  repo: string;
  root: string;
}

async function realBounds(repoPath: string, root: string): Promise<Bounds> {
  const repo = await realpath(repoPath).catch(() => repoPath);
  return { repo, root: await realpath(root).catch(() => root) };
}

/**
 * Stat a candidate, refusing symlinks that leave its repository (a committed HANDOFF.md linking to
 * ~/.ssh/config, the root being the home folder), and files over the size cap.
 */
async function inspect(absPath: string, relPath: string, bounds: Bounds, linkStat: Promise<Stats> = lstatNow(absPath)): Promise<CandidateFile | RejectedFile> {
  const link = await linkStat;
  let size = link.size;
  let mtimeMs = link.mtimeMs;
  if (link.isSymbolicLink()) {
    let target: string;
    try {
      target = await realpath(absPath);
    } catch {
      return { absPath, relPath, reason: "symlink points to a file that does not exist; not read" };
    }
    const leaves = linkLeaves(bounds, target);
    if (leaves) return { absPath, relPath, reason: leaves };
    const targetStat = await lstat(target);
    if (!targetStat.isFile()) return { absPath, relPath, reason: "symlink does not point to a regular file; not read" };
    size = targetStat.size;
    mtimeMs = targetStat.mtimeMs;
  } else if (!link.isFile()) {
    return { absPath, relPath, reason: "not a regular file; not read" };
  }
  if (size > MAX_FILE_BYTES) {
    const mb = (size / 1024 / 1024).toFixed(1);
    return { absPath, relPath, reason: `file is ${mb} MB, over the ${MAX_FILE_BYTES / 1024 / 1024} MB limit; not read` };
  }
  return { relPath, absPath, mtimeMs, size };
}

/**
 * Find the candidate files of every family inside one repository. Nested repositories are left to
 * their own scan; symlinked folders are never entered.
 */
export async function findCandidateFiles(repoPath: string, root: string = repoPath, options: CandidateOptions = {}): Promise<CandidateScan> {
  const cost: DiscoveryCost = { walkedFiles: 0, gitProcesses: 0, sniffed: 0, remembered: 0, bytesRead: 0 };
  const rules = await rulesFor(repoPath, options.settings ?? null);
  const bounds = await realBounds(repoPath, root);
  const pace: Yielder = yielder();
  const scan: CandidateScan = { files: [], rejected: [], cost, problems: [...(options.settings?.problems ?? []), ...rules.problems] };
  /** Files no family names, kept for the sniff of tracked files. */
  const unnamed = new Map<string, string>();
  const stamp = options.stamp || options.skipWhen ? new WalkStamp() : null;
  const add = (abs: string, rel: string, origin: CandidateFile["origin"], linkStat?: Promise<Stats>) =>
    inspect(abs, rel, bounds, linkStat).then(
      (result) => {
        if ("reason" in result) scan.rejected.push(result);
        else scan.files.push(origin === "name" ? result : { ...result, origin });
      },
      (error: unknown) => {
        scan.rejected.push({ absPath: abs, relPath: rel, reason: `could not be read: ${String(error)}` });
      },
    );

  /** `ruling`: the last rule matching `dir` or a folder above it (ignore.ts folderRuling), tested once per folder. */
  async function walk(dir: string, depth: number, ruling: number): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const work: Promise<void>[] = [];
    const stampLines = stamp?.folder(dir) ?? null;
    for (const entry of entries) {
      // requests run in between (a pace shared by the whole walk and the sniff)
      const turn = pace.step();
      if (turn) await turn;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === ".git" || SKIPPED_FOLDERS.has(entry.name) || depth >= MAX_REPO_DEPTH) continue;
        const folderRuled = folderRuling(rules, toPosix(relative(repoPath, abs)), ruling);
        if (rulingVerdict(rules, folderRuled) === "drop") continue;
        // a nested repository: indexed on its own
        if (!existsNoFollow(join(abs, ".git"))) work.push(walk(abs, depth + 1, folderRuled));
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const rel = toPosix(relative(repoPath, abs));
      cost.walkedFiles += 1;
      // one lstat per file, for the stamp and (a candidate) for its inspection
      const linkStat = stampLines ? lstatNow(abs) : undefined;
      if (linkStat && stampLines) {
        work.push(
          linkStat.then(
            (info) => void stampLines.push(`${rel}\0${info.isSymbolicLink() ? "l" : "f"}:${info.mtimeMs}:${info.ctimeMs}:${info.size}:${info.ino}`),
            () => void stampLines.push(`${rel}\0-`),
          ),
        );
      }
      const ruled = fileVerdict(rules, rel, ruling);
      if (ruled === "drop") continue;
      if (isCandidatePath(rel)) work.push(add(abs, rel, "name", linkStat));
      else if (ruled === "add") work.push(add(abs, rel, "user", linkStat));
      else if (isSniffable(rel)) unnamed.set(rel, abs);
    }
    await Promise.all(work);
  }

  await walk(repoPath, 0, -1);
  if (stamp) {
    // a candidate read through a symlink is stamped by its checked target too
    const extra = scan.files.map((file) => `${file.relPath}\0target:${file.mtimeMs}:${file.size}`);
    for (const file of scan.rejected) extra.push(`${file.relPath}\0rejected:${file.reason}`);
    for (const problem of scan.problems ?? []) extra.push(`\0problem:${problem}`);
    scan.stamp = await stamp.digest(extra, pace);
    if (options.skipWhen?.(scan.stamp)) return { files: [], rejected: [], cost, problems: scan.problems, stamp: scan.stamp, skipped: true };
  }
  const sniffed = await sniffTracked(repoPath, unnamed, cost, pace);
  await Promise.all(sniffed.map((rel) => add(unnamed.get(rel)!, rel, "content")));
  scan.files.sort((a, b) => a.relPath.localeCompare(b.relPath));
  return scan;
}

export type ReadOutcome = { ok: true; text: string; bytes: Buffer; notices: string[] } | { ok: false; reason: string };

/**
 * Read a candidate as text. Opens without following a symlink swapped in after discovery and without blocking
 * on a FIFO; checks the opened handle, reads at most the cap plus one byte; NUL in the first 8 KB means binary.
 * `within` (a real path: the repository): a link, or a linked folder above the file, is followed only when its
 * real target stays inside it. null only for the user's global folder, whose entries are never links (the
 * global scan refuses them) and whose own place is the user's choice.
 */
export async function readCandidate(absPath: string, within: string | null): Promise<ReadOutcome> {
  const read = await readRegularFile(absPath, { maxBytes: MAX_FILE_BYTES, links: within ? { within } : "follow" });
  if (!read.ok) {
    switch (read.refusal) {
      case "missing":
        return { ok: false, reason: "file vanished while reading; not read" };
      case "link":
        return { ok: false, reason: "file became a symlink while reading; not read" };
      case "outside":
        return { ok: false, reason: "symlink points outside its repository; not read" };
      case "not-regular":
        return { ok: false, reason: "not a regular file; not read" };
      case "too-large":
        return { ok: false, reason: "file grew over the size limit while reading; not read" };
      default:
        return { ok: false, reason: `could not be read (${read.code ?? "error"})` };
    }
  }
  const bytes = read.bytes;
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    return { ok: false, reason: "file looks binary (a NUL byte in its first 8 KB); not read" };
  }
  const decoded = decodeText(bytes);
  return { ok: true, text: decoded.text, bytes, notices: decoded.notice ? [decoded.notice] : [] };
}

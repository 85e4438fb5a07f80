import { constants } from "node:fs";
import { lstat, open, readdir, realpath } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { isCandidatePath } from "../parse/registry";
import { BINARY_SNIFF_BYTES, MAX_FILE_BYTES, MAX_REPO_DEPTH, SKIPPED_FOLDERS } from "./limits";

export interface CandidateFile {
  /** Relative to the repository, forward slashes. */
  relPath: string;
  absPath: string;
  mtimeMs: number;
  size: number;
}

export interface RejectedFile {
  absPath: string;
  relPath: string;
  reason: string;
}

export interface CandidateScan {
  files: CandidateFile[];
  rejected: RejectedFile[];
}

function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}

export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && rel !== "..");
}

/** Stat a candidate, refusing symlinks that leave the root and files over the size cap. */
async function inspect(absPath: string, relPath: string, root: string): Promise<CandidateFile | RejectedFile> {
  const link = await lstat(absPath);
  let size = link.size;
  let mtimeMs = link.mtimeMs;
  if (link.isSymbolicLink()) {
    let target: string;
    try {
      target = await realpath(absPath);
    } catch {
      return { absPath, relPath, reason: "symlink points to a file that does not exist; not read" };
    }
    const realRoot = await realpath(root);
    if (!isInside(realRoot, target)) {
      return { absPath, relPath, reason: "symlink points outside the root; not read" };
    }
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
export async function findCandidateFiles(repoPath: string, root: string = repoPath): Promise<CandidateScan> {
  const scan: CandidateScan = { files: [], rejected: [] };

  async function walk(dir: string, depth: number): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const work: Promise<void>[] = [];
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === ".git" || SKIPPED_FOLDERS.has(entry.name) || depth >= MAX_REPO_DEPTH) continue;
        work.push(
          (async () => {
            try {
              await lstat(join(abs, ".git"));
              return; // a nested repository: indexed on its own
            } catch {
              await walk(abs, depth + 1);
            }
          })(),
        );
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const rel = toPosix(relative(repoPath, abs));
      if (!isCandidatePath(rel)) continue;
      work.push(
        inspect(abs, rel, root).then(
          (result) => {
            if ("reason" in result) scan.rejected.push(result);
            else scan.files.push(result);
          },
          (error: unknown) => {
            scan.rejected.push({ absPath: abs, relPath: rel, reason: `could not be read: ${String(error)}` });
          },
        ),
      );
    }
    await Promise.all(work);
  }

  await walk(repoPath, 0);
  scan.files.sort((a, b) => a.relPath.localeCompare(b.relPath));
  return scan;
}

export type ReadOutcome = { ok: true; text: string; bytes: Buffer } | { ok: false; reason: string };

/**
 * Read a candidate as text. Opens without following a symlink swapped in after discovery (a checked
 * symlink is read through its resolved target) and without blocking on a FIFO; checks the opened
 * handle, reads at most the cap plus one byte; NUL in the first 8 KB means binary.
 */
export async function readCandidate(absPath: string): Promise<ReadOutcome> {
  let target = absPath;
  try {
    if ((await lstat(absPath)).isSymbolicLink()) target = await realpath(absPath);
  } catch {
    return { ok: false, reason: "file vanished while reading; not read" };
  }
  let handle;
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ELOOP" ? "file became a symlink while reading; not read" : `could not be read (${code ?? "error"})` };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, reason: "not a regular file; not read" };
    if (info.size > MAX_FILE_BYTES) return { ok: false, reason: "file grew over the size limit while reading; not read" };
    const buffer = Buffer.alloc(Math.min(info.size, MAX_FILE_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_FILE_BYTES) return { ok: false, reason: "file grew over the size limit while reading; not read" };
    const bytes = buffer.subarray(0, length);
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      return { ok: false, reason: "file looks binary (a NUL byte in its first 8 KB); not read" };
    }
    return { ok: true, text: bytes.toString("utf8"), bytes };
  } finally {
    await handle.close();
  }
}

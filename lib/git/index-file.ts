/**
 * The paths git tracks, read straight from the index file (`.git/index`, formats 2, 3 and 4) instead of
 * starting `git ls-files`. Anything this reader does not fully understand (a split index, a SHA-256
 * repository, a truncated or odd file, a link where the file should be) gives null, and the caller asks
 * git as before.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import type { Yielder } from "../discover/yield";
import { gitDirsOf } from "./fs-stamp";

const MAX_INDEX_BYTES = 64 * 1024 * 1024;
const SHA1_BYTES = 20;

/** An index file's entries' paths one by one; at the end, whether the whole file was plainly understood. */
function* entryPaths(bytes: Buffer): Generator<string, boolean> {
  if (bytes.length < 12 + SHA1_BYTES || bytes.toString("latin1", 0, 4) !== "DIRC") return false;
  const version = bytes.readUInt32BE(4);
  const count = bytes.readUInt32BE(8);
  if (version < 2 || version > 4) return false;
  const end = bytes.length - SHA1_BYTES;
  let offset = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i += 1) {
    const flagsAt = offset + 40 + SHA1_BYTES;
    if (flagsAt + 2 > end) return false;
    const flags = bytes.readUInt16BE(flagsAt);
    const extended = (flags & 0x4000) !== 0;
    if (extended && version < 3) return false;
    let nameAt = flagsAt + 2 + (extended ? 2 : 0);
    let name: Buffer;
    if (version === 4) {
      // the name is the previous one less its last `strip` bytes, plus a NUL-terminated suffix
      if (nameAt >= end) return false;
      let byte = bytes[nameAt++];
      let strip = byte & 0x7f;
      while (byte & 0x80) {
        if (nameAt >= end || strip > 1 << 24) return false;
        byte = bytes[nameAt++];
        strip = (strip + 1) * 128 + (byte & 0x7f);
      }
      if (strip > previous.length) return false;
      const nul = bytes.indexOf(0, nameAt);
      if (nul < 0 || nul >= end) return false;
      name = Buffer.concat([previous.subarray(0, previous.length - strip), bytes.subarray(nameAt, nul)]);
      offset = nul + 1;
    } else {
      const nul = bytes.indexOf(0, nameAt);
      if (nul < 0 || nul >= end) return false;
      name = bytes.subarray(nameAt, nul);
      // entries are padded with 1 to 8 NULs to a multiple of 8 bytes
      const size = (nameAt - offset + name.length + 8) & ~7;
      offset += size;
    }
    if (name.length === 0) return false;
    yield name.toString("utf8");
    previous = name;
  }
  // extensions: a split index keeps its entries elsewhere
  while (offset + 8 <= end) {
    const signature = bytes.toString("latin1", offset, offset + 4);
    const size = bytes.readUInt32BE(offset + 4);
    if (signature === "link") return false;
    offset += 8 + size;
  }
  return offset === end;
}

/** Parses an index file's entries (repository-relative paths); null when the file is not plainly understood. */
export function parseIndexPaths(bytes: Buffer): string[] | null {
  const paths: string[] = [];
  const entries = entryPaths(bytes);
  for (let next = entries.next(); ; next = entries.next()) {
    if (next.done) return next.value ? paths : null;
    paths.push(next.value);
  }
}

/** parseIndexPaths a few milliseconds at a time (`pace`): 200,000 entries held the event loop for a quarter second. */
async function parseIndexPathsPaced(bytes: Buffer, pace: Yielder): Promise<Set<string> | null> {
  const paths = new Set<string>();
  const entries = entryPaths(bytes);
  for (let next = entries.next(); ; next = entries.next()) {
    if (next.done) return next.value ? paths : null;
    paths.add(next.value);
    const turn = pace.step();
    if (turn) await turn;
  }
}

/**
 * The tracked paths of the work tree at `repoPath` (a sparse index is left to git); null when unsure. With
 * `pace`, the entries are read a few milliseconds at a time.
 */
export async function readTrackedPaths(repoPath: string, pace?: Yielder): Promise<Set<string> | null> {
  let layout: "worktree" | "linked-worktree";
  try {
    const entry = lstatSync(join(repoPath, ".git"));
    if (entry.isDirectory()) layout = "worktree";
    else if (entry.isFile()) layout = "linked-worktree";
    else return null;
  } catch {
    return null;
  }
  const dirs = await gitDirsOf(repoPath, layout);
  if (!dirs) return null;
  const config = await readRegularFile(join(dirs.commonDir, "config"), { maxBytes: 1024 * 1024 });
  // a SHA-256 repository (or a config this reader cannot vouch for): ask git
  if (!config.ok || /objectformat|splitindex|sparse/i.test(config.bytes.toString("utf8"))) return null;
  const read = await readRegularFile(join(dirs.gitDir, "index"), { maxBytes: MAX_INDEX_BYTES });
  if (!read.ok) return read.refusal === "missing" ? new Set() : null;
  if (pace) return parseIndexPathsPaced(read.bytes, pace);
  const paths = parseIndexPaths(read.bytes);
  return paths ? new Set(paths) : null;
}

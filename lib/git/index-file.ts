/**
 * The paths git tracks, read straight from the index file (`.git/index`, formats 2, 3 and 4) instead of
 * starting `git ls-files`. Anything this reader does not fully understand (a split index, a SHA-256
 * repository, a truncated or odd file, a link where the file should be) gives null, and the caller asks
 * git as before.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import { gitDirsOf } from "./fs-stamp";

const MAX_INDEX_BYTES = 64 * 1024 * 1024;
const SHA1_BYTES = 20;

/** Parses an index file's entries (repository-relative paths); null when the file is not plainly understood. */
export function parseIndexPaths(bytes: Buffer): string[] | null {
  if (bytes.length < 12 + SHA1_BYTES || bytes.toString("latin1", 0, 4) !== "DIRC") return null;
  const version = bytes.readUInt32BE(4);
  const count = bytes.readUInt32BE(8);
  if (version < 2 || version > 4) return null;
  const end = bytes.length - SHA1_BYTES;
  const paths: string[] = [];
  let offset = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i += 1) {
    const flagsAt = offset + 40 + SHA1_BYTES;
    if (flagsAt + 2 > end) return null;
    const flags = bytes.readUInt16BE(flagsAt);
    const extended = (flags & 0x4000) !== 0;
    if (extended && version < 3) return null;
    let nameAt = flagsAt + 2 + (extended ? 2 : 0);
    let name: Buffer;
    if (version === 4) {
      // the name is the previous one less its last `strip` bytes, plus a NUL-terminated suffix
      if (nameAt >= end) return null;
      let byte = bytes[nameAt++];
      let strip = byte & 0x7f;
      while (byte & 0x80) {
        if (nameAt >= end || strip > 1 << 24) return null;
        byte = bytes[nameAt++];
        strip = (strip + 1) * 128 + (byte & 0x7f);
      }
      if (strip > previous.length) return null;
      const nul = bytes.indexOf(0, nameAt);
      if (nul < 0 || nul >= end) return null;
      name = Buffer.concat([previous.subarray(0, previous.length - strip), bytes.subarray(nameAt, nul)]);
      offset = nul + 1;
    } else {
      const nul = bytes.indexOf(0, nameAt);
      if (nul < 0 || nul >= end) return null;
      name = bytes.subarray(nameAt, nul);
      // entries are padded with 1 to 8 NULs to a multiple of 8 bytes
      const size = (nameAt - offset + name.length + 8) & ~7;
      offset += size;
    }
    if (name.length === 0) return null;
    paths.push(name.toString("utf8"));
    previous = name;
  }
  // extensions: a split index keeps its entries elsewhere
  while (offset + 8 <= end) {
    const signature = bytes.toString("latin1", offset, offset + 4);
    const size = bytes.readUInt32BE(offset + 4);
    if (signature === "link") return null;
    offset += 8 + size;
  }
  return offset === end ? paths : null;
}

/** The tracked paths of the work tree at `repoPath` (a sparse index is left to git); null when unsure. */
export async function readTrackedPaths(repoPath: string): Promise<Set<string> | null> {
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
  const paths = parseIndexPaths(read.bytes);
  return paths ? new Set(paths) : null;
}

/**
 * Two questions about a repository's objects answered from its files, without starting git: which objects'
 * names start with a prefix (loose objects and every pack's `.idx`), and an object's type (a loose object's
 * header, a packed object's entry header). Used to spare the `cat-file` and `for-each-ref` of a cold index
 * (RepoFacts.refs / resolveCommits); every answer is "certain" or null, and on null the caller asks git.
 *
 * Unsure (null) on anything unusual: a repository extension (SHA-256, reftable, partial clone), alternates,
 * a repository owned by someone else, a link or a non-regular file where git keeps objects, a `.pack`
 * without its `.idx`, an index of another version, a deltified packed object (its type needs its base).
 *
 * Pack indexes can be large: they are read by position (a fan-out entry, then a binary search), never
 * whole. Files are opened like lib/discover/read-file.ts opens them (no link followed, no blocking open,
 * regular files only, checked on the handle).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { inflateSync, constants as zlib } from "node:zlib";
import { readRegularFileSync } from "../discover/read-file";
import type { GitDirs } from "./fs-stamp";

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_PACKS = 64;
const HEX40 = /^[0-9a-f]{40}$/;

class Unsure extends Error {}

export type ObjectType = "commit" | "tree" | "blob" | "tag";
const PACK_TYPES: Record<number, ObjectType> = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };

interface PackIndex {
  idx: string;
  pack: string;
  count: number;
  fanout: number[];
}

/** Reads `length` bytes at `position` from a regular file opened without following links. */
function readAt(path: string, position: number, length: number): Buffer {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw new Unsure(`${path} is not a regular file`);
    const buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const read = readSync(fd, buffer, done, length - done, position + done);
      if (read === 0) break;
      done += read;
    }
    return buffer.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

function isMine(path: string): boolean {
  const uid = typeof process.getuid === "function" ? process.getuid() : null;
  try {
    const info = lstatSync(path);
    return uid !== null && info.isDirectory() && info.uid === uid;
  } catch {
    return false;
  }
}

function lstatKind(path: string): "missing" | "file" | "dir" | "other" {
  try {
    const info = lstatSync(path);
    return info.isFile() ? "file" : info.isDirectory() ? "dir" : "other";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return "missing";
    throw new Unsure(String(code));
  }
}

/**
 * Whether git would read this repository's refs and objects the plain way: its own, unextended files (no
 * `extensions.*`, so SHA-1 objects, files refs, no promisor), no alternates, owned by this user.
 */
export function plainRepository(dirs: GitDirs): boolean {
  try {
    if (!isMine(dirs.gitDir) || !isMine(dirs.commonDir)) return false;
    for (const config of [join(dirs.commonDir, "config"), join(dirs.gitDir, "config.worktree")]) {
      const read = readRegularFileSync(config, { maxBytes: MAX_CONFIG_BYTES });
      if (!read.ok) {
        if (read.refusal === "missing" && config.endsWith(".worktree")) continue;
        return false;
      }
      if (/extensions|objectformat|refstorage|include/i.test(read.bytes.toString("utf8"))) return false;
    }
    const objects = join(dirs.commonDir, "objects");
    return (
      lstatKind(objects) === "dir" &&
      lstatKind(join(objects, "info", "alternates")) === "missing" &&
      lstatKind(join(dirs.commonDir, "reftable")) === "missing"
    );
  } catch {
    return false;
  }
}

/** The objects of one repository, read from `<commonDir>/objects`. Build it only for a plainRepository. */
export class ObjectStore {
  private packs: PackIndex[] | null = null;
  private readonly looseDirs = new Map<string, string[]>();

  constructor(private readonly objectsDir: string) {}

  static of(dirs: GitDirs): ObjectStore | null {
    return plainRepository(dirs) ? new ObjectStore(join(dirs.commonDir, "objects")) : null;
  }

  /** Every object name starting with `prefix` (lowercase hex, 4..40), or null when unsure. */
  matching(prefix: string): string[] | null {
    if (!/^[0-9a-f]{4,40}$/.test(prefix)) return null;
    try {
      const found = new Set<string>();
      for (const name of this.loose(prefix.slice(0, 2))) if (name.startsWith(prefix)) found.add(name);
      for (const pack of this.packIndexes()) for (const name of this.packMatches(pack, prefix)) found.add(name);
      return [...found];
    } catch {
      return null;
    }
  }

  /** The type of the object `sha` (full, lowercase), null when it is absent or its type cannot be told here. */
  typeOf(sha: string): ObjectType | null {
    if (!HEX40.test(sha)) return null;
    try {
      if (this.loose(sha.slice(0, 2)).includes(sha)) return this.looseType(sha);
      for (const pack of this.packIndexes()) {
        const position = this.packPosition(pack, sha);
        if (position !== null) return this.packedType(pack, position);
      }
      return null;
    } catch {
      return null;
    }
  }

  /**
   * Whether the repository holds fewer than `limit` objects: every pack's count plus the loose objects, these
   * estimated as `git count-objects` does for `gc --auto` (one of the 256 folders, times 256). False when unsure.
   */
  smallerThan(limit: number): boolean {
    try {
      const packed = this.packIndexes().reduce((sum, pack) => sum + pack.count, 0);
      return packed + this.loose("17").length * 256 < limit;
    } catch {
      return false;
    }
  }

  private loose(fanoutDir: string): string[] {
    let names = this.looseDirs.get(fanoutDir);
    if (!names) {
      const dir = join(this.objectsDir, fanoutDir);
      const kind = lstatKind(dir);
      if (kind === "missing") names = [];
      else if (kind !== "dir") throw new Unsure("odd loose-object folder");
      else names = readdirSync(dir).filter((name) => /^[0-9a-f]{38}$/.test(name)).map((name) => `${fanoutDir}${name}`);
      this.looseDirs.set(fanoutDir, names);
    }
    return names;
  }

  private looseType(sha: string): ObjectType | null {
    const head = readAt(join(this.objectsDir, sha.slice(0, 2), sha.slice(2)), 0, 64);
    const text = inflateSync(head, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: 4096 }).toString("latin1");
    const type = /^(commit|tree|blob|tag) \d+\0/.exec(text)?.[1];
    return (type as ObjectType | undefined) ?? null;
  }

  private packIndexes(): PackIndex[] {
    if (this.packs) return this.packs;
    const dir = join(this.objectsDir, "pack");
    const kind = lstatKind(dir);
    if (kind === "missing") return (this.packs = []);
    if (kind !== "dir") throw new Unsure("odd pack folder");
    const names = readdirSync(dir);
    const packs = names.filter((name) => name.endsWith(".pack"));
    if (packs.length > MAX_PACKS) throw new Unsure("too many packs");
    this.packs = packs.map((name) => {
      const base = name.slice(0, -".pack".length);
      const idx = join(dir, `${base}.idx`);
      const pack = join(dir, name);
      if (lstatKind(idx) !== "file" || lstatKind(pack) !== "file") throw new Unsure("a pack without its index");
      const header = readAt(idx, 0, 8 + 256 * 4);
      if (header.length < 8 + 256 * 4 || header.readUInt32BE(0) !== 0xff744f63 || header.readUInt32BE(4) !== 2) throw new Unsure("pack index version");
      const fanout = Array.from({ length: 256 }, (_, i) => header.readUInt32BE(8 + i * 4));
      return { idx, pack, count: fanout[255] ?? 0, fanout };
    });
    return this.packs;
  }

  private nameAt(pack: PackIndex, position: number): string {
    const bytes = readAt(pack.idx, 8 + 1024 + position * 20, 20);
    if (bytes.length !== 20) throw new Unsure("short pack index");
    return bytes.toString("hex");
  }

  /** The first position in [lo, hi) whose name is not below `prefix`. */
  private lowerBound(pack: PackIndex, prefix: string): { position: number; hi: number } {
    const first = parseInt(prefix.slice(0, 2), 16);
    let lo = first === 0 ? 0 : pack.fanout[first - 1] ?? 0;
    const hi = pack.fanout[first] ?? 0;
    let high = hi;
    while (lo < high) {
      const mid = (lo + high) >>> 1;
      if (this.nameAt(pack, mid) < prefix) lo = mid + 1;
      else high = mid;
    }
    return { position: lo, hi };
  }

  private packMatches(pack: PackIndex, prefix: string): string[] {
    const matches: string[] = [];
    const { position, hi } = this.lowerBound(pack, prefix);
    for (let at = position; at < hi; at += 1) {
      const name = this.nameAt(pack, at);
      if (!name.startsWith(prefix)) break;
      matches.push(name);
    }
    return matches;
  }

  private packPosition(pack: PackIndex, sha: string): number | null {
    const { position, hi } = this.lowerBound(pack, sha);
    return position < hi && this.nameAt(pack, position) === sha ? position : null;
  }

  private packedType(pack: PackIndex, position: number): ObjectType | null {
    const offsets = 8 + 1024 + pack.count * 24;
    let offset = readAt(pack.idx, offsets + position * 4, 4).readUInt32BE(0);
    if (offset & 0x80000000) {
      const large = readAt(pack.idx, offsets + pack.count * 4 + (offset & 0x7fffffff) * 8, 8);
      if (large.length !== 8) throw new Unsure("short pack index");
      offset = Number(large.readBigUInt64BE(0));
    }
    const entry = readAt(pack.pack, offset, 1);
    if (entry.length !== 1) throw new Unsure("short pack");
    // bits 4-6 of an entry's first byte: 1-4 a whole object, 6-7 a delta (its type is its base's)
    return PACK_TYPES[((entry[0] ?? 0) >> 4) & 7] ?? null;
  }
}

/**
 * THE way Cairn reads a file whose path came from a repository (a checkpoint, a key file it names, a
 * companion, CLAUDE.md, a lock file, a `.git` pointer): never blocking, never following a link it did not
 * check, never reading more than a cap.
 *
 * - opened with O_NONBLOCK: a FIFO (or a device that would wait) opens at once instead of holding a thread
 *   of libuv's small pool forever (four such opens used to freeze the whole server);
 * - opened with O_NOFOLLOW: a symlink swapped in after a check is refused, not followed;
 * - checked on the handle (fstat), not on the path: only a regular file is read, so `/dev/zero` or a FIFO
 *   is refused however it got there;
 * - read up to the cap plus one byte, never whole: a file that grows past the cap is refused.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from "node:fs";
import { relative, sep, isAbsolute } from "node:path";

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export type SafeReadRefusal =
  /** Nothing there (or a dangling link). */
  | "missing"
  /** A symbolic link where none may be (or one swapped in after the check). */
  | "link"
  /** A link whose real target is outside the allowed folder. */
  | "outside"
  /** A folder, FIFO, device or socket. */
  | "not-regular"
  /** Over the cap (before or while reading). */
  | "too-large"
  /** Any other error (permissions...). */
  | "unreadable";

export type SafeRead =
  | { ok: true; bytes: Buffer; stat: Stats }
  | { ok: false; refusal: SafeReadRefusal; reason: string; code?: string; size?: number; what?: string };

export interface SafeReadOptions {
  /** At most this many bytes are read; a larger file is refused. */
  maxBytes: number;
  /**
   * What to do with a symbolic link at `path` itself:
   * - "refuse" (default): refused;
   * - "follow": read through it (its target is then opened without following, and checked on the handle);
   * - { within: dir }: followed only when its real target is inside `dir` (a real path); the folders above
   *   `path` are resolved too, so a linked folder cannot lead out of `dir` either.
   * Otherwise links in the folders above `path` are the caller's business (resolve them first).
   */
  links?: "refuse" | "follow" | { within: string };
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** "a FIFO", "a device"...: what a non-regular file is, for messages. */
export function describeFileType(info: Stats): string {
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  if (info.isSocket()) return "a socket";
  if (info.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

function refusedOpen(error: unknown): SafeRead {
  const code = errnoCode(error);
  if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, refusal: "missing", reason: "does not exist", code };
  if (code === "ELOOP") return { ok: false, refusal: "link", reason: "became a symbolic link while being read; not read", code };
  return { ok: false, refusal: "unreadable", reason: `could not be read (${code ?? "error"})`, code };
}

function checkHandle(info: Stats, maxBytes: number): SafeRead | null {
  if (!info.isFile()) {
    const what = describeFileType(info);
    return { ok: false, refusal: "not-regular", reason: `is ${what}, not a regular file; not read`, what };
  }
  if (info.size > maxBytes) return { ok: false, refusal: "too-large", reason: `is over the ${maxBytes}-byte limit; not read`, size: info.size };
  return null;
}

const grewPast = (maxBytes: number, size: number): SafeRead => ({
  ok: false,
  refusal: "too-large",
  reason: `grew over the ${maxBytes}-byte limit while being read; not read`,
  size,
});

function resolveLink(path: string, links: SafeReadOptions["links"]): string | SafeRead {
  let info: Stats;
  try {
    info = lstatSync(path);
  } catch (error) {
    return refusedOpen(error);
  }
  if (!info.isSymbolicLink() && typeof links !== "object") return path;
  if (links === undefined || links === "refuse") return { ok: false, refusal: "link", reason: "is a symbolic link; not read" };
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return { ok: false, refusal: "missing", reason: "is a link to nothing" };
  }
  if (typeof links === "object" && !inside(links.within, target)) return { ok: false, refusal: "outside", reason: "is a link that leaves its folder; not read" };
  return target;
}

/**
 * `path` opened without following a link; `"link"` when it is one. Where links are followed, this first
 * try spares the lstat of every file that is not a link (nearly all of them): the open itself refuses a
 * link (ELOOP), which then takes the checked way (resolveLink).
 */
function openUnlessLink(path: string): { fd: number } | "link" | SafeRead {
  try {
    return { fd: openSync(path, OPEN_FLAGS) };
  } catch (error) {
    const code = errnoCode(error);
    // ELOOP on Linux and macOS, EMLINK on the BSDs
    return code === "ELOOP" || code === "EMLINK" ? "link" : refusedOpen(error);
  }
}

/**
 * Read a regular file without blocking, without following an unchecked link, at most `maxBytes`.
 * The work is done with synchronous calls (see readRegularFileSync): none of them can wait (O_NONBLOCK,
 * the handle checked before reading, the read bounded by the cap), and thousands of small files cost
 * far less without a thread-pool round trip for each open, fstat, read and close.
 */
export async function readRegularFile(path: string, options: SafeReadOptions): Promise<SafeRead> {
  return readRegularFileSync(path, options);
}

/** The synchronous twin, for callers that cannot await (the watcher's set-up); readRegularFile runs it too. */
export function readRegularFileSync(path: string, options: SafeReadOptions): SafeRead {
  let fd: number | null = null;
  if (options.links === "follow") {
    const opened = openUnlessLink(path);
    if (opened === "link") fd = null;
    else if ("fd" in opened) fd = opened.fd;
    else return opened;
  }
  if (fd === null) {
    const target = resolveLink(path, options.links);
    if (typeof target !== "string") return target;
    try {
      fd = openSync(target, OPEN_FLAGS);
    } catch (error) {
      return refusedOpen(error);
    }
  }
  try {
    const info = fstatSync(fd);
    const refused = checkHandle(info, options.maxBytes);
    if (refused) return refused;
    const buffer = Buffer.alloc(Math.min(info.size, options.maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const wanted = buffer.length - length;
      const bytesRead = readSync(fd, buffer, length, wanted, length);
      length += bytesRead;
      // a regular file reads short only at its end: no second read to be told so
      if (bytesRead < wanted) break;
    }
    if (length > options.maxBytes) return grewPast(options.maxBytes, length);
    return { ok: true, bytes: buffer.subarray(0, length), stat: info };
  } catch (error) {
    return refusedOpen(error);
  } finally {
    closeSync(fd);
  }
}

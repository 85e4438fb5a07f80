/**
 * Reads one session log from where the last run stopped: complete lines only, streamed a block at a time (never a
 * whole file in memory), with caps per file (bytes, lines, line length) reported as problems. A file that shrank,
 * whose first 4 KiB changed or whose inode changed was rewritten: it is read again from its start.
 */
import { closeSync, fstatSync, openSync, readSync, constants } from "node:fs";
import { createHash } from "node:crypto";

/** What Cairn remembers of a log between runs. */
export interface LogCursor {
  size: number;
  mtimeMs: number;
  ino: string | null;
  headHash: string | null;
  /** Bytes read so far: always just past a newline. */
  offset: number;
  /** 1-based number of the next line to read. */
  nextLine: number;
  linesRead: number;
}

export interface LogCaps {
  /** Bytes of one file read at most (the rest is a problem). */
  maxBytes: number;
  maxLines: number;
  /** A longer line is skipped whole, as a problem. */
  maxLineBytes: number;
  /** Lines handed to the reader at once. */
  batchLines: number;
  /** Bytes handed to the reader at once (about). */
  batchBytes: number;
}

export const DEFAULT_LOG_CAPS: LogCaps = {
  maxBytes: 512 * 1024 * 1024,
  maxLines: 500_000,
  maxLineBytes: 32 * 1024 * 1024,
  batchLines: 2_000,
  batchBytes: 8 * 1024 * 1024,
};

const BLOCK = 1024 * 1024;
const HEAD = 4096;

export interface LogReadOutcome {
  cursor: LogCursor;
  /** The file was read from its start (first time, or rewritten). */
  fromStart: boolean;
  /** Nothing new since the cursor. */
  unchanged: boolean;
  bytesRead: number;
  problems: Array<{ line: number | null; message: string }>;
}

/** The hash of a file's first bytes (at most HEAD, at most `upTo`): a rewrite of what was read changes it. */
function headHash(fd: number, upTo: number): string {
  const n = Math.min(HEAD, upTo);
  const buf = Buffer.alloc(n);
  if (n) readSync(fd, buf, 0, n, 0);
  return createHash("sha1").update(buf).digest("hex");
}

/**
 * Hands each batch of new complete lines to `onLines` (which may be async: the next block is read after it
 * settles). `previous` null: read from the start.
 */
export async function readLogIncrement(
  path: string,
  previous: LogCursor | null,
  onLines: (lines: string[], firstLine: number, fromStart: boolean) => Promise<void> | void,
  caps: LogCaps = DEFAULT_LOG_CAPS,
  mode: "lines" | "document" = "lines",
): Promise<LogReadOutcome | null> {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return null;
    const size = info.size;
    const ino = `${info.dev}:${info.ino}`;
    const problems: LogReadOutcome["problems"] = [];
    const sameFile = previous !== null && previous.ino === ino && size >= previous.offset && headHash(fd, previous.offset) === previous.headHash;
    if (previous && sameFile && size === previous.size && info.mtimeMs === previous.mtimeMs) {
      return { cursor: previous, fromStart: false, unchanged: true, bytesRead: 0, problems };
    }
    const fromStart = !sameFile || mode === "document";
    const cursor: LogCursor = fromStart
      ? { size, mtimeMs: info.mtimeMs, ino, headHash: null, offset: 0, nextLine: 1, linesRead: 0 }
      : { ...previous!, size, mtimeMs: info.mtimeMs };
    const limit = Math.min(size, caps.maxBytes);
    if (size > caps.maxBytes && cursor.offset < caps.maxBytes) {
      problems.push({ line: null, message: `the log is ${Math.round(size / 1048576)} MB: only its first ${Math.round(caps.maxBytes / 1048576)} MB are read` });
    }
    if (mode === "document") {
      const n = Math.min(size, caps.maxLineBytes);
      const buf = Buffer.alloc(n);
      let got = 0;
      while (got < n) {
        const r = readSync(fd, buf, got, n - got, got);
        if (r <= 0) break;
        got += r;
      }
      if (size > n) problems.push({ line: null, message: `the file is ${Math.round(size / 1048576)} MB: too large to read` });
      else await onLines([buf.subarray(0, got).toString("utf8")], 1, true);
      cursor.offset = size;
      cursor.headHash = headHash(fd, size);
      return { cursor, fromStart: true, unchanged: false, bytesRead: got, problems };
    }

    let position = cursor.offset;
    let bytesRead = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let skipping = false; // inside a line past maxLineBytes
    let batch: string[] = [];
    let batchBytes = 0;
    let started = fromStart;
    const flush = async () => {
      if (batch.length === 0) return;
      const lines = batch;
      batch = [];
      batchBytes = 0;
      await onLines(lines, cursor.nextLine - lines.length, started);
      started = false;
    };
    const block = Buffer.alloc(BLOCK);
    outer: while (position < limit) {
      const want = Math.min(BLOCK, limit - position);
      const got = readSync(fd, block, 0, want, position);
      if (got <= 0) break;
      bytesRead += got;
      let start = 0;
      for (;;) {
        const nl = block.indexOf(10, start);
        if (nl < 0 || nl >= got) break;
        const lineNo = cursor.nextLine;
        if (skipping) {
          skipping = false;
          problems.push({ line: lineNo, message: `line ${lineNo} is longer than ${Math.round(caps.maxLineBytes / 1048576)} MB; skipped` });
          batch.push("");
        } else {
          const piece = block.subarray(start, nl);
          const text = pendingBytes ? Buffer.concat([...pending, piece]).toString("utf8") : piece.toString("utf8");
          batch.push(text.endsWith("\r") ? text.slice(0, -1) : text);
          batchBytes += pendingBytes + piece.length;
        }
        pending = [];
        pendingBytes = 0;
        cursor.nextLine++;
        cursor.linesRead++;
        cursor.offset = position + nl + 1;
        start = nl + 1;
        if (batch.length >= caps.batchLines || batchBytes >= caps.batchBytes) await flush();
        if (cursor.linesRead >= caps.maxLines) {
          problems.push({ line: null, message: `the log has more than ${caps.maxLines} lines: the rest is not read` });
          break outer;
        }
      }
      if (start < got && !skipping) {
        const rest = Buffer.from(block.subarray(start, got));
        pendingBytes += rest.length;
        if (pendingBytes > caps.maxLineBytes) {
          skipping = true;
          pending = [];
          pendingBytes = 0;
        } else pending.push(rest);
      }
      position += got;
    }
    await flush();
    cursor.headHash = headHash(fd, cursor.offset);
    // a partial last line waits for the next run (the cursor stays just past the last newline)
    return { cursor, fromStart, unchanged: false, bytesRead, problems };
  } finally {
    closeSync(fd);
  }
}

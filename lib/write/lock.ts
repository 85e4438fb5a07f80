import "server-only";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import { WriteError } from "./errors";
import type { HeldFolder } from "./folder";

/** A lock file older than this is abandoned whoever wrote it (a write takes well under a second). */
export const LOCK_STALE_MS = 30_000;
/** How long a writer waits for another process's lock before giving up. */
export const LOCK_WAIT_MS = 10_000;

const holder = globalThis as unknown as { __cairnWriteChains?: Map<string, Promise<void>> };
const chains: Map<string, Promise<void>> = (holder.__cairnWriteChains ??= new Map());

/** Runs `task` after every earlier task of the same key in this process has finished (Next may load this module twice: hence the global). */
async function withProcessLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  chains.set(key, tail);
  await previous;
  try {
    return await task();
  } finally {
    release();
    if (chains.get(key) === tail) chains.delete(key);
  }
}

export function lockPathFor(dir: string, name: string): string {
  return join(dir, lockName(name));
}

function lockName(name: string): string {
  return `.${name}.cairn-lock`;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === "EPERM";
  }
}

/** A lock file is a few dozen bytes of text: anything else (a FIFO, a device, a link, a huge file) is not ours. */
async function readLock(lockPath: string, name: string): Promise<string | null> {
  const read = await readRegularFile(lockPath, { maxBytes: LOCK_MAX_BYTES });
  if (read.ok) return read.bytes.toString("utf8");
  if (read.refusal === "missing") return null;
  throw new WriteError(
    "refused",
    `the lock file beside ${name} (${lockName(name)}) is ${read.what ?? "not a lock Cairn wrote"}; remove it if nothing is writing ${name}`,
  );
}

const LOCK_MAX_BYTES = 4096;

/** Remove a lock whose owner is gone (same host, dead pid) or that is older than LOCK_STALE_MS. */
async function breakIfStale(lockPath: string, name: string, staleMs: number): Promise<boolean> {
  let mtimeMs: number;
  try {
    mtimeMs = (await lstat(lockPath)).mtimeMs;
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return true; // released meanwhile: try again at once
    throw error;
  }
  const content = await readLock(lockPath, name);
  if (content === null) return true;
  const [pidText, host] = content.split("\n");
  const pid = Number(pidText);
  const sameHost = host === hostname();
  // our own pid can only be a leftover: this process serialises its own writers before taking the file lock
  const ownerGone = sameHost && Number.isSafeInteger(pid) && pid > 0 && (pid === process.pid || !processAlive(pid));
  if (!ownerGone && Date.now() - mtimeMs < staleMs) return false;
  try {
    // still the same abandoned lock? (another waiter may have replaced it with a live one)
    if ((await readLock(lockPath, name)) !== content) return false;
    await unlink(lockPath);
  } catch (error) {
    if (error instanceof WriteError) throw error;
    if (errnoCode(error) !== "ENOENT") throw error;
  }
  return true;
}

async function acquireFileLock(folder: HeldFolder, name: string, waitMs: number, staleMs: number): Promise<() => Promise<void>> {
  const lockPath = folder.path(lockName(name));
  const token = `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n${randomBytes(8).toString("hex")}\n`;
  const deadline = Date.now() + waitMs;
  let delay = 5;
  for (;;) {
    try {
      const handle = await open(lockPath, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      const release = async () => {
        try {
          if ((await readLock(lockPath, name)) === token) await unlink(lockPath);
        } catch {
          /* already gone, or replaced by something that is not ours */
        }
      };
      try {
        await folder.verify(); // the lock landed in the folder that was checked, which is still in place
      } catch (error) {
        await release();
        throw error;
      }
      return release;
    } catch (error) {
      if (error instanceof WriteError) throw error;
      const code = errnoCode(error);
      // the folder went away (renamed, replaced) between the check and the lock: refused, nothing was written
      if (code === "ENOENT" || code === "ENOTDIR") throw new WriteError("refused", `cannot lock ${name}: its folder changed while writing; nothing was written`, { cause: error });
      if (code !== "EEXIST") throw new WriteError("io", `cannot lock ${name}: ${code ?? String(error)}`, { cause: error });
    }
    if (await breakIfStale(lockPath, name, staleMs)) continue;
    if (Date.now() > deadline) {
      throw new WriteError("locked", `${name} is being written by another process (lock file ${lockPathFor(folder.real, name)}); try again in a moment`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 100);
  }
}

export interface LockOptions {
  waitMs?: number;
  staleMs?: number;
}

/**
 * One writer per file at a time: an in-process queue keyed by the file's real path, then an `O_EXCL`
 * lock file `.<name>.cairn-lock` beside it for other processes (the CLI and the server), created in the
 * held folder (never through a path a link could redirect).
 */
export async function withFileLock<T>(folder: HeldFolder, name: string, task: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  return withProcessLock(join(folder.real, name), async () => {
    const release = await acquireFileLock(folder, name, options.waitMs ?? LOCK_WAIT_MS, options.staleMs ?? LOCK_STALE_MS);
    try {
      return await task();
    } finally {
      await release();
    }
  });
}

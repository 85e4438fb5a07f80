import "server-only";
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, realpath } from "node:fs/promises";
import type { CairnDb } from "../../db/client";
import type { Repository } from "../../db/schema";
import { indexHash, reindexFile, type ReindexResult } from "../index/reindex-file";
import { atomicReplace, type WriteHooks } from "./atomic";
import { CONFLICT_MESSAGE, WriteError } from "./errors";
import { withFileLock, type LockOptions } from "./lock";
import { resolveTarget, type ResolvedTarget, type WriteTarget } from "./paths";

export interface EditContext {
  relPath: string;
  repository: Repository;
  kind: WriteTarget["kind"];
}

export interface WriteRequest {
  target: WriteTarget;
  /**
   * The file's hash when the form was rendered (`documents.contentHash`, or the sha256 of its bytes).
   * A different file on disk is a conflict and nothing is written. `null`: the file must not exist yet.
   * Omitted: no check (appends, which re-read the file under the lock). Required for checkpoint edits and redactions.
   */
  expectedHash?: string | null;
  /** The new bytes from the current ones (null when absent), made under the lock; null means "nothing to change". */
  edit: (current: Buffer | null, context: EditContext) => Buffer | null | Promise<Buffer | null>;
  hooks?: WriteHooks;
  lock?: LockOptions;
}

export interface WriteOutcome {
  absPath: string;
  relPath: string;
  repositoryId: number;
  written: boolean;
  created: boolean;
  hashAfter: string | null;
  reindex: ReindexResult | null;
  /** The write landed but re-indexing failed: the next index run catches up. */
  reindexError: string | null;
}

interface CurrentFile {
  bytes: Buffer | null;
  mode: number | null;
  signature: string | null;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function signatureOf(info: { ino: number; size: number; mtimeMs: number; ctimeMs: number }): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
}

/** Read the target without following a link swapped in after it was checked. */
async function readCurrent(target: ResolvedTarget): Promise<CurrentFile> {
  let handle;
  try {
    handle = await open(target.absPath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ENOENT") return { bytes: null, mode: null, signature: null };
    if (code === "ELOOP") throw new WriteError("refused", `${target.relPath} is a symbolic link; Cairn does not write through links`);
    throw new WriteError("io", `cannot read ${target.relPath}: ${code ?? String(error)}`, { cause: error });
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new WriteError("refused", `${target.relPath} is not a regular file`);
    if (info.nlink > 1) throw new WriteError("refused", `${target.relPath} has other hard links; replacing it would split them`);
    return { bytes: await handle.readFile(), mode: info.mode & 0o7777, signature: signatureOf(info) };
  } finally {
    await handle.close();
  }
}

/** The folder must still be the one that was checked (not swapped for a link since). */
async function assertFolderUnchanged(target: ResolvedTarget): Promise<void> {
  const now = await realpath(target.dirReal).catch(() => null);
  if (now !== target.dirReal) throw new WriteError("refused", `the folder of ${target.relPath} changed while Cairn was writing; nothing was written`);
}

async function hashMatches(target: ResolvedTarget, expected: string, bytes: Buffer): Promise<boolean> {
  if (expected === sha256(bytes)) return true;
  return expected === (await indexHash(target.repository.path, target.relPath, bytes));
}

async function reindexQuietly(db: CairnDb, target: ResolvedTarget): Promise<{ result: ReindexResult | null; error: string | null }> {
  try {
    return { result: await reindexFile(db, target.repository, target.relPath), error: null };
  } catch (error) {
    return { result: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * THE one way Cairn writes into a repository: an allowlisted target, checked against the hash the user saw,
 * edited under a per-file lock, written to a temporary file, fsynced and renamed over the old one, then
 * re-indexed at once. Any failure leaves the old file whole.
 */
export async function safeWrite(db: CairnDb, request: WriteRequest): Promise<WriteOutcome> {
  const { target: wanted } = request;
  if ((wanted.kind === "checkpoint-status" || wanted.kind === "redaction") && typeof request.expectedHash !== "string") {
    throw new WriteError("refused", "editing a checkpoint needs the hash of the version you saw");
  }
  const target = await resolveTarget(db, wanted);
  return withFileLock(
    target.dirReal,
    target.name,
    async () => {
      await assertFolderUnchanged(target);
      const current = await readCurrent(target);
      if (current.bytes === null && target.exists && wanted.kind !== "project-notes" && wanted.kind !== "review") {
        throw new WriteError("not-found", `${target.relPath} no longer exists`);
      }
      if (request.expectedHash !== undefined) {
        const same =
          request.expectedHash === null
            ? current.bytes === null
            : current.bytes !== null && (await hashMatches(target, request.expectedHash, current.bytes));
        if (!same) {
          await reindexQuietly(db, target); // so that a reload shows the new version
          throw new WriteError("conflict", CONFLICT_MESSAGE);
        }
      }
      const next = await request.edit(current.bytes, { relPath: target.relPath, repository: target.repository, kind: wanted.kind });
      const base = { absPath: target.absPath, relPath: target.relPath, repositoryId: target.repository.id };
      if (next === null || (current.bytes !== null && next.equals(current.bytes))) {
        return { ...base, written: false, created: false, hashAfter: current.bytes ? sha256(current.bytes) : null, reindex: null, reindexError: null };
      }
      await atomicReplace(target.dirReal, target.name, next, {
        mode: current.mode,
        hooks: request.hooks,
        verify: async () => {
          await assertFolderUnchanged(target);
          // an editor (not Cairn) saved the file between our read and now: keep theirs
          let now: string | null = null;
          try {
            const info = await lstat(target.absPath);
            now = info.isSymbolicLink() ? "link" : signatureOf(info);
          } catch (error) {
            if (errnoCode(error) !== "ENOENT") throw error;
          }
          if (now !== current.signature) throw new WriteError("conflict", CONFLICT_MESSAGE);
        },
      });
      const reindexed = await reindexQuietly(db, target);
      return { ...base, written: true, created: current.bytes === null, hashAfter: sha256(next), reindex: reindexed.result, reindexError: reindexed.error };
    },
    request.lock,
  );
}

import "server-only";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { lstat } from "node:fs/promises";
import type { CairnDb } from "../../db/client";
import type { Repository } from "../../db/schema";
import { readRegularFile } from "../discover/read-file";
import { indexHash, reindexFile, type ReindexResult } from "../index/reindex-file";
import { copiesBefore, rememberCarried } from "../index/checkouts-step";
import { atomicReplace, type WriteHooks } from "./atomic";
import { WRITE_READ_MAX_BYTES } from "./document-state";
import { CONFLICT_MESSAGE, WriteError } from "./errors";
import { holdFolder, type HeldFolder } from "./folder";
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

/**
 * Read the target in the held folder as carefully as the indexer reads: without following a link swapped in
 * after it was checked, without blocking on a FIFO, checked on the handle, never more than the cap.
 */
async function readCurrent(target: ResolvedTarget, folder: HeldFolder): Promise<CurrentFile> {
  const read = await readRegularFile(folder.path(target.name), { maxBytes: WRITE_READ_MAX_BYTES });
  if (!read.ok) {
    switch (read.refusal) {
      case "missing":
        return { bytes: null, mode: null, signature: null };
      case "link":
        throw new WriteError("refused", `${target.relPath} is a symbolic link; Cairn does not write through links`);
      case "not-regular":
        throw new WriteError("refused", `${target.relPath} is ${read.what ?? "not a regular file"}, not a regular file; Cairn did not read or write it`);
      case "too-large":
        throw new WriteError("refused", `${target.relPath} is over ${WRITE_READ_MAX_BYTES / 1024 / 1024} MB; Cairn did not read or write it`);
      default:
        throw new WriteError("io", `cannot read ${target.relPath}: ${read.code ?? "error"}`);
    }
  }
  const info = read.stat;
  if (info.nlink > 1) throw new WriteError("refused", `${target.relPath} has other hard links; replacing it would split them`);
  return { bytes: read.bytes, mode: info.mode & 0o7777, signature: signatureOf(info) };
}

async function hashMatches(target: ResolvedTarget, expected: string, bytes: Buffer): Promise<boolean> {
  if (expected === sha256(bytes)) return true;
  return expected === (await indexHash(target.repository.path, target.relPath, bytes));
}

async function reindexQuietly(db: CairnDb, target: ResolvedTarget): Promise<{ result: ReindexResult | null; error: string | null }> {
  try {
    // other checkouts holding the same file keep their copy, and stay with this record (lib/index/checkouts-step.ts)
    const before = copiesBefore(db, join(target.repository.path, target.relPath));
    const result = await reindexFile(db, target.repository, target.relPath);
    rememberCarried(db, before, result.contentHash);
    return { result, error: null };
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
  if ((wanted.kind === "checkpoint-status" || wanted.kind === "redaction" || wanted.kind === "unit-status") && typeof request.expectedHash !== "string") {
    throw new WriteError("refused", "editing a checkpoint needs the hash of the version you saw");
  }
  const target = await resolveTarget(db, wanted);
  // held open for the whole write: the lock, the temporary file and the rename all land in this folder
  const folder = await holdFolder(target.dirReal, target.relPath);
  try {
    return await withFileLock(folder, target.name, () => writeLocked(db, request, target, folder), request.lock);
  } finally {
    await folder.close();
  }
}

async function writeLocked(db: CairnDb, request: WriteRequest, target: ResolvedTarget, folder: HeldFolder): Promise<WriteOutcome> {
  const wanted = request.target;
  await folder.verify();
  const current = await readCurrent(target, folder);
  if (current.bytes === null && target.exists && wanted.kind !== "project-notes" && wanted.kind !== "review" && wanted.kind !== "ignore-rule") {
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
  await atomicReplace(folder, target.name, next, {
    mode: current.mode,
    hooks: request.hooks,
    verify: async () => {
      // an editor (not Cairn) saved the file between our read and now: keep theirs
      let now: string | null = null;
      try {
        const info = await lstat(folder.path(target.name));
        now = info.isSymbolicLink() ? "link" : signatureOf(info);
      } catch (error) {
        if (errnoCode(error) !== "ENOENT") throw error;
      }
      if (now !== current.signature) throw new WriteError("conflict", CONFLICT_MESSAGE);
    },
  });
  const reindexed = await reindexQuietly(db, target);
  return { ...base, written: true, created: current.bytes === null, hashAfter: sha256(next), reindex: reindexed.result, reindexError: reindexed.error };
}

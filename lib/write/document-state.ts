import "server-only";
import { eq } from "drizzle-orm";
import { realpath } from "node:fs/promises";
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, repositories, type DocumentRow, type Repository } from "../../db/schema";
import { readRegularFile } from "../discover/read-file";
import { indexHash, reindexFile } from "../index/reindex-file";
import { CONFLICT_MESSAGE, WriteError } from "./errors";
import { assertDocumentId } from "./paths";

export interface LoadedDocument {
  doc: DocumentRow;
  repo: Repository | null;
}

/** A document by id, or a not-found WriteError. */
export function loadDocument(db: CairnDb, documentId: string): LoadedDocument {
  assertDocumentId(documentId);
  const doc = db.select().from(documents).where(eq(documents.id, documentId)).get();
  if (!doc) throw new WriteError("not-found", `no indexed checkpoint has the id ${documentId}`);
  const repo = doc.repositoryId === null ? null : db.select().from(repositories).where(eq(repositories.id, doc.repositoryId)).get() ?? null;
  return { doc, repo };
}

/** Only work-tree files inside their repository can be re-read and re-indexed one by one. */
function reindexable(loaded: LoadedDocument): loaded is { doc: DocumentRow; repo: Repository } {
  return loaded.repo !== null && loaded.doc.source === "worktree" && !isAbsolute(loaded.doc.path);
}

/** Checkpoints are at most this large when indexed; a write target larger than this is refused unread. */
export const WRITE_READ_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The document's bytes as they are on disk now (null: gone), read as carefully as the indexer reads them:
 * opened without blocking and without following an unchecked link, checked on the handle, size-capped.
 * A FIFO, a device, a link out of the repository or an oversized file is refused at once (WriteError "refused").
 */
export async function readDocumentBytes(loaded: LoadedDocument): Promise<Buffer | null> {
  // inside its repository, not merely under the root (the root may be the home folder)
  const within = reindexable(loaded) ? await realpath(loaded.repo.path).catch(() => null) : null;
  const read = await readRegularFile(loaded.doc.absPath, { maxBytes: WRITE_READ_MAX_BYTES, links: within ? { within } : "follow" });
  if (read.ok) return read.bytes;
  const path = loaded.doc.path;
  switch (read.refusal) {
    case "missing":
      return null;
    case "not-regular":
      throw new WriteError("refused", `${path} is now ${read.what ?? "not a regular file"}, not a regular file; Cairn did not read or write it`);
    case "outside":
      throw new WriteError("refused", `${path} is now a symbolic link that leaves the repository; Cairn did not read or write it`);
    case "link":
      throw new WriteError("refused", `${path} became a symbolic link while Cairn was reading it; nothing was written`);
    case "too-large":
      throw new WriteError("refused", `${path} is now over ${WRITE_READ_MAX_BYTES / 1024 / 1024} MB; Cairn did not read or write it`);
    default:
      throw new WriteError("io", `cannot read ${path} (${read.code ?? "error"})`);
  }
}

/** The hash the index would store for the file as it is on disk now (null: gone; a hostile file throws "refused"). */
export async function diskHash(loaded: LoadedDocument): Promise<string | null> {
  const bytes = await readDocumentBytes(loaded);
  if (bytes === null) return null;
  if (!reindexable(loaded)) return createHash("sha256").update(bytes.toString("utf8") + "{}").digest("hex");
  return indexHash(loaded.repo.path, loaded.doc.path, bytes);
}

/** Bring the index up to date with the file on disk when they differ; returns the fresh document. */
export async function refreshDocument(db: CairnDb, loaded: LoadedDocument): Promise<LoadedDocument> {
  if (!reindexable(loaded)) return loaded;
  let hash: string | null;
  try {
    hash = await diskHash(loaded);
  } catch (error) {
    // the index learns what the file became (a problem on the Problems page), the caller gets the refusal
    await reindexFile(db, loaded.repo, loaded.doc.path).catch(() => undefined);
    throw error;
  }
  if (hash === loaded.doc.contentHash) return loaded;
  await reindexFile(db, loaded.repo, loaded.doc.path);
  const doc = db.select().from(documents).where(eq(documents.id, loaded.doc.id)).get();
  if (!doc) throw new WriteError("not-found", `${loaded.doc.path} is no longer a checkpoint Cairn can read`);
  return { doc, repo: loaded.repo };
}

/** The form was rendered from `expectedHash`: is the file on disk still that one? If not, re-index it and throw the conflict. */
export async function assertUnchanged(db: CairnDb, loaded: LoadedDocument, expectedHash: string): Promise<void> {
  let bytes: Buffer | null;
  try {
    bytes = await readDocumentBytes(loaded);
  } catch (error) {
    if (reindexable(loaded)) await reindexFile(db, loaded.repo, loaded.doc.path).catch(() => undefined);
    throw error;
  }
  if (bytes !== null) {
    if (createHash("sha256").update(bytes).digest("hex") === expectedHash) return;
    const indexed = reindexable(loaded)
      ? await indexHash(loaded.repo.path, loaded.doc.path, bytes)
      : createHash("sha256").update(bytes.toString("utf8") + "{}").digest("hex");
    if (indexed === expectedHash) return;
  }
  if (reindexable(loaded)) await reindexFile(db, loaded.repo, loaded.doc.path).catch(() => undefined);
  throw new WriteError("conflict", CONFLICT_MESSAGE);
}

import "server-only";
import { eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, repositories, type DocumentRow, type Repository } from "../../db/schema";
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

/** The hash the index would store for the file as it is on disk now (null: gone or unreadable). */
export async function diskHash(loaded: LoadedDocument): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(loaded.doc.absPath);
  } catch {
    return null;
  }
  if (!reindexable(loaded)) return createHash("sha256").update(bytes.toString("utf8") + "{}").digest("hex");
  return indexHash(loaded.repo.path, loaded.doc.path, bytes);
}

/** Bring the index up to date with the file on disk when they differ; returns the fresh document. */
export async function refreshDocument(db: CairnDb, loaded: LoadedDocument): Promise<LoadedDocument> {
  if (!reindexable(loaded)) return loaded;
  const hash = await diskHash(loaded);
  if (hash === loaded.doc.contentHash) return loaded;
  await reindexFile(db, loaded.repo, loaded.doc.path);
  const doc = db.select().from(documents).where(eq(documents.id, loaded.doc.id)).get();
  if (!doc) throw new WriteError("not-found", `${loaded.doc.path} is no longer a checkpoint Cairn can read`);
  return { doc, repo: loaded.repo };
}

/** The form was rendered from `expectedHash`: is the file on disk still that one? If not, re-index it and throw the conflict. */
export async function assertUnchanged(db: CairnDb, loaded: LoadedDocument, expectedHash: string): Promise<void> {
  if ((await diskHash(loaded)) === expectedHash) return;
  const raw = await readFile(loaded.doc.absPath).catch(() => null);
  if (raw && createHash("sha256").update(raw).digest("hex") === expectedHash) return;
  if (reindexable(loaded)) await reindexFile(db, loaded.repo, loaded.doc.path).catch(() => undefined);
  throw new WriteError("conflict", CONFLICT_MESSAGE);
}

/**
 * Re-index one file now (after Cairn wrote it, or when a form found it changed on disk), through the same
 * steps as a full run: read, scan, parse, store, then recompute the repository's derived facts.
 */
import { eq } from "drizzle-orm";
import { lstat, readFile, realpath, stat } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { CairnDb } from "../../db/client";
import { repositories, type Repository } from "../../db/schema";
import { linkLeaves, readCandidate } from "../discover/candidates";
import { MAX_FILE_BYTES } from "../discover/limits";
import { discoveryOf } from "../discover/run";
import { documentHash, readCompanions } from "./companions";
import { contentHash, documentId } from "./document-id";
import { prepareDocument } from "./prepare";
import { removeFiles, writeDocument, writeFileOutcome, type FileOutcome } from "./store";
import { deriveRepository } from "./derive-step";

export interface ReindexResult {
  documentId: string | null;
  outcome: "updated" | "removed" | "not-a-candidate" | "unreadable";
  contentHash: string | null;
  problems: string[];
}

const hashOf = documentHash;

/** The hash the index stores as `documents.contentHash` for these bytes at this path. */
export async function indexHash(baseDir: string, relPath: string, bytes: Buffer): Promise<string> {
  return hashOf(bytes, (await readCompanions(baseDir, relPath)).texts);
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

/** What a full run would conclude about the file right now (null: it is gone); `repoReal`: the repository's real path. */
async function inspectFile(repo: Repository, repoReal: string, absPath: string): Promise<{ mtimeMs: number; size: number } | { reason: string } | null> {
  try {
    const link = await lstat(absPath);
    if (link.isSymbolicLink()) {
      const target = await realpath(absPath);
      const root = await realpath(repo.rootPath ?? repo.path).catch(() => repoReal);
      const leaves = linkLeaves({ repo: repoReal, root }, target);
      if (leaves) return { reason: leaves };
      const info = await stat(target);
      if (!info.isFile()) return { reason: "symlink does not point to a regular file; not read" };
      return info.size > MAX_FILE_BYTES ? { reason: "file is over the size limit; not read" } : { mtimeMs: info.mtimeMs, size: info.size };
    }
    if (!link.isFile()) return { reason: "not a regular file; not read" };
    return link.size > MAX_FILE_BYTES ? { reason: "file is over the size limit; not read" } : { mtimeMs: link.mtimeMs, size: link.size };
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return null;
    return { reason: `could not be read: ${String(error)}` };
  }
}

/** Re-index the file `relPath` of an indexed repository at once, and refresh the repository's freshness. */
export async function reindexFile(db: CairnDb, repo: Repository, relPath: string): Promise<ReindexResult> {
  const absPath = join(repo.path, relPath);
  const origin = await discoveryOf(db, repo.path, relPath);
  if (!origin) return { documentId: null, outcome: "not-a-candidate", contentHash: null, problems: [] };
  const repoReal = await realpath(repo.path).catch(() => repo.path);
  const found = await inspectFile(repo, repoReal, absPath);
  const id = documentId(repo.path, relPath);
  let result: ReindexResult;
  if (found === null) {
    db.transaction((tx) => void removeFiles(tx as unknown as CairnDb, [absPath]));
    result = { documentId: null, outcome: "removed", contentHash: null, problems: [] };
  } else if ("reason" in found) {
    const outcome: FileOutcome = { absPath, mtimeMs: 0, size: 0, contentHash: null, documentId: null, problems: [found.reason] };
    db.transaction((tx) => {
      removeFiles(tx as unknown as CairnDb, [absPath]);
      writeFileOutcome(tx as unknown as CairnDb, outcome, repo.id);
    });
    result = { documentId: null, outcome: "unreadable", contentHash: null, problems: [found.reason] };
  } else {
    const companions = await readCompanions(repo.path, relPath);
    const read = await readCandidate(absPath, repoReal);
    const mtimeMs = Math.max(found.mtimeMs, companions.mtimeMs);
    const size = found.size + companions.size;
    if (!read.ok) {
      const outcome: FileOutcome = { absPath, mtimeMs, size, contentHash: null, documentId: null, problems: [read.reason] };
      db.transaction((tx) => {
        removeFiles(tx as unknown as CairnDb, [absPath]);
        writeFileOutcome(tx as unknown as CairnDb, outcome, repo.id);
      });
      result = { documentId: null, outcome: "unreadable", contentHash: null, problems: [read.reason] };
    } else {
      const hash = hashOf(read.bytes, companions.texts);
      const doc = await prepareDocument({
        id,
        path: relPath,
        absPath,
        source: "worktree",
        text: read.text,
        contentHash: hash,
        mtimeMs: found.mtimeMs,
        size: found.size,
        companions: companions.texts,
        force: origin === "user",
      });
      const outcome: FileOutcome = { absPath, mtimeMs, size, contentHash: hash, documentId: doc.parsed ? id : null, problems: [...read.notices, ...doc.problems] };
      db.transaction((tx) => {
        const txDb = tx as unknown as CairnDb;
        if (doc.parsed) writeDocument(txDb, doc, repo.id);
        else removeFiles(txDb, [absPath]);
        writeFileOutcome(txDb, outcome, repo.id);
      });
      result = doc.parsed
        ? { documentId: id, outcome: "updated", contentHash: hash, problems: doc.problems }
        : { documentId: null, outcome: "removed", contentHash: hash, problems: doc.problems };
    }
  }
  const fresh = db.select().from(repositories).where(eq(repositories.id, repo.id)).get();
  if (fresh) await deriveRepository(db, fresh, { documentsChanged: true });
  return result;
}

import type { CandidateFile } from "../discover/candidates";
import { realpath } from "node:fs/promises";
import { readCandidate } from "../discover/candidates";
import { redactValue } from "../derive/secrets";
import { documentHash, readCompanions } from "./companions";
import type { CairnDb } from "../../db/client";
import { knownFiles, type FileOutcome } from "./store";
import { documentId } from "./document-id";
import type { PreparedDocument } from "./prepare";
import { prepareDocumentOffThread } from "./prepare-pool";

export interface FileBatch {
  prepared: { doc: PreparedDocument; isNew: boolean }[];
  outcomes: FileOutcome[];
  /** Same content, new mtime: only the change key is refreshed. */
  touched: { absPath: string; mtimeMs: number; size: number }[];
  unchanged: number;
  vanished: string[];
}

/**
 * Decide per file: unchanged (mtime and size equal: not even read), touched (same hash: not parsed),
 * or new/changed (read, scanned, parsed).
 */
export async function prepareFiles(
  db: CairnDb,
  ownerId: number | null,
  baseDir: string,
  idBase: string | null,
  files: CandidateFile[],
): Promise<FileBatch> {
  const known = new Map(knownFiles(db, ownerId).map((row) => [row.absPath, row]));
  const batch: FileBatch = { prepared: [], outcomes: [], touched: [], unchanged: 0, vanished: [] };
  const present = new Set<string>();
  // a repository's candidates are read only inside it (a link out of it, or a linked folder, is refused)
  const within = idBase === null ? null : await realpath(baseDir).catch(() => baseDir);
  // Every document to parse is started at once (on the worker thread when there is one, see
  // prepare-pool.ts) and collected in file order below: the batch comes out as one file at a time made it.
  const steps: (() => Promise<void>)[] = [];
  const settled = (apply: () => void) => steps.push(async () => apply());
  for (const file of files) {
    present.add(file.absPath);
    // a file whose name holds a secret is not indexed: its name would be stored and shown
    const shownPath = await redactValue(file.absPath);
    if (shownPath !== file.absPath) {
      present.add(shownPath);
      settled(() => batch.outcomes.push({ absPath: shownPath, mtimeMs: file.mtimeMs, size: file.size, contentHash: null, documentId: null, problems: ["the file name holds a secret: not indexed (rename the file)"] }));
      continue;
    }
    const companions = await readCompanions(baseDir, file.relPath);
    const mtimeMs = Math.max(file.mtimeMs, companions.mtimeMs);
    const size = file.size + companions.size;
    const previous = known.get(file.absPath);
    if (previous && previous.mtimeMs === mtimeMs && previous.size === size) {
      settled(() => batch.unchanged++);
      continue;
    }
    const read = await readCandidate(file.absPath, within);
    if (!read.ok) {
      settled(() => {
        batch.outcomes.push({ absPath: file.absPath, mtimeMs, size, contentHash: null, documentId: null, problems: [read.reason] });
        if (previous?.documentId) batch.vanished.push(file.absPath);
      });
      continue;
    }
    const hash = documentHash(read.bytes, companions.texts);
    if (previous && previous.contentHash === hash) {
      settled(() => {
        batch.unchanged++;
        batch.touched.push({ absPath: file.absPath, mtimeMs, size });
      });
      continue;
    }
    const id = documentId(idBase, file.relPath);
    const preparing = prepareDocumentOffThread({
      id,
      path: file.relPath,
      absPath: file.absPath,
      source: "worktree",
      text: read.text,
      contentHash: hash,
      mtimeMs: file.mtimeMs,
      size: file.size,
      companions: companions.texts,
      repoPath: idBase,
      force: file.origin === "user",
    });
    // a failure is raised when its turn comes, as it was when documents were prepared one by one
    preparing.catch(() => undefined);
    steps.push(async () => {
      const doc = await preparing;
      if (doc.parsed) batch.prepared.push({ doc, isNew: !previous?.documentId });
      else if (previous?.documentId) batch.vanished.push(file.absPath);
      batch.outcomes.push({
        absPath: file.absPath,
        mtimeMs,
        size,
        contentHash: hash,
        documentId: doc.parsed ? id : null,
        problems: [...read.notices, ...doc.problems],
      });
    });
  }
  for (const step of steps) await step();
  for (const absPath of known.keys()) if (!present.has(absPath)) batch.vanished.push(absPath);
  return batch;
}

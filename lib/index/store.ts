import { and, eq, inArray, isNull } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import {
  documents,
  indexedFiles,
  problems,
  referencedFiles,
  secretFindings,
  sections,
  tasks,
  type NewDocumentRow,
} from "../../db/schema";
import type { PreparedDocument } from "./prepare";

export interface FileOutcome {
  absPath: string;
  mtimeMs: number;
  size: number;
  contentHash: string | null;
  documentId: string | null;
  problems: string[];
}

function nowIso(): string {
  return new Date().toISOString();
}

function documentRow(doc: PreparedDocument, repositoryId: number | null, fallbackSavedAt: string): NewDocumentRow {
  const parsed = doc.parsed!;
  const taskList = parsed.tasks;
  return {
    id: doc.id,
    repositoryId,
    path: doc.path,
    absPath: doc.absPath,
    source: doc.source,
    format: parsed.format,
    kind: parsed.kind,
    title: parsed.title,
    status: parsed.status,
    statusRaw: parsed.statusRaw,
    branch: parsed.branch,
    headShaRaw: parsed.headSha,
    headSha: null,
    savedAt: parsed.savedAt ?? fallbackSavedAt,
    savedAtSource: parsed.savedAt ? parsed.savedAtSource : "mtime",
    dirtySaved: parsed.dirtySaved,
    project: parsed.project,
    tasksDone: taskList ? taskList.filter((t) => t.done).length : null,
    tasksTotal: taskList ? taskList.length : null,
    qualityScore: doc.quality?.score ?? null,
    qualityReasons: doc.quality?.reasons ?? null,
    meta: parsed.meta,
    body: doc.body,
    original: doc.redactedText,
    decisionsText: doc.decisionsText,
    contentHash: doc.contentHash,
    mtimeMs: doc.mtimeMs,
    size: doc.size,
    indexedAt: nowIso(),
  };
}

/** Replace everything stored about one document. Must run inside the caller's transaction. */
export function writeDocument(db: CairnDb, doc: PreparedDocument, repositoryId: number | null): void {
  if (!doc.parsed) return;
  const row = documentRow(doc, repositoryId, new Date(doc.mtimeMs).toISOString());
  const { id: _id, ...updatable } = row;
  db.insert(documents).values(row).onConflictDoUpdate({ target: documents.id, set: updatable }).run();
  db.delete(sections).where(eq(sections.documentId, doc.id)).run();
  db.delete(tasks).where(eq(tasks.documentId, doc.id)).run();
  db.delete(referencedFiles).where(eq(referencedFiles.documentId, doc.id)).run();
  db.delete(secretFindings).where(eq(secretFindings.documentId, doc.id)).run();
  const parsed = doc.parsed;
  if (parsed.sections.length) {
    db.insert(sections)
      .values(parsed.sections.map((s, position) => ({ documentId: doc.id, position, ...s })))
      .run();
  }
  if (parsed.tasks?.length) {
    db.insert(tasks)
      .values(parsed.tasks.map((t, position) => ({ documentId: doc.id, position, ...t })))
      .run();
  }
  const seen = new Set<string>();
  const refs = parsed.references.filter((r) => {
    const key = `${r.role}\0${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (refs.length) {
    db.insert(referencedFiles)
      .values(refs.map((r) => ({ documentId: doc.id, path: r.path, role: r.role })))
      .run();
  }
  if (doc.findings.length) {
    db.insert(secretFindings)
      .values(doc.findings.map((f) => ({ documentId: doc.id, rule: f.rule, line: f.line, column: f.column })))
      .run();
  }
}

/** Record what was seen of a file and its problems (replacing the previous ones). */
export function writeFileOutcome(db: CairnDb, outcome: FileOutcome, repositoryId: number | null): void {
  db.insert(indexedFiles)
    .values({ ...outcome, repositoryId })
    .onConflictDoUpdate({
      target: indexedFiles.absPath,
      set: {
        repositoryId,
        mtimeMs: outcome.mtimeMs,
        size: outcome.size,
        contentHash: outcome.contentHash,
        documentId: outcome.documentId,
      },
    })
    .run();
  db.delete(problems).where(eq(problems.filePath, outcome.absPath)).run();
  if (outcome.problems.length) {
    const createdAt = nowIso();
    db.insert(problems)
      .values(
        outcome.problems.map((message) => ({
          repositoryId,
          documentId: outcome.documentId,
          filePath: outcome.absPath,
          message,
          createdAt,
        })),
      )
      .run();
  }
}

/** Forget files that vanished: their documents, problems and bookkeeping. */
export function removeFiles(db: CairnDb, absPaths: string[]): number {
  if (absPaths.length === 0) return 0;
  let removed = 0;
  for (let i = 0; i < absPaths.length; i += 500) {
    const chunk = absPaths.slice(i, i + 500);
    removed += db
      .delete(documents)
      .where(and(inArray(documents.absPath, chunk), eq(documents.source, "worktree")))
      .run().changes;
    db.delete(problems).where(inArray(problems.filePath, chunk)).run();
    db.delete(indexedFiles).where(inArray(indexedFiles.absPath, chunk)).run();
  }
  return removed;
}

export function knownFiles(db: CairnDb, repositoryId: number | null) {
  const where = repositoryId === null ? isNull(indexedFiles.repositoryId) : eq(indexedFiles.repositoryId, repositoryId);
  return db.select().from(indexedFiles).where(where).all();
}

import { and, eq, inArray, isNull } from "drizzle-orm";
import { findingMatchHash } from "../derive/secret-match";
import type { CairnDb } from "../../db/client";
import { documents, indexedFiles, problems, type NewDocumentRow } from "../../db/schema";
import { insertRow, statement, upsert } from "./statements";
import { applyOverride } from "./overrides";
import type { PreparedDocument } from "./prepare";
import { fieldConfidence } from "../parse/confidence";

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
    fieldSources: parsed.fieldSources ?? null,
    fieldConfidence: fieldConfidence({ ...parsed, savedAt: parsed.savedAt }, parsed.fieldSources),
    headShaStated: parsed.headSha,
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
  // prepared once per connection (see statements.ts): the same rows as drizzle's builders wrote
  upsert(db, documents, row as Record<string, unknown>, "id");
  for (const table of ["sections", "tasks", "referenced_files", "secret_findings"]) {
    statement(db, `DELETE FROM "${table}" WHERE "document_id" = ?`).run(doc.id);
  }
  const parsed = doc.parsed;
  parsed.sections.forEach((s, position) => {
    statement(db, 'INSERT INTO "sections" ("document_id", "position", "canonical", "heading", "level", "text") VALUES (?, ?, ?, ?, ?, ?)').run(
      doc.id,
      position,
      s.canonical ?? null,
      s.heading,
      s.level,
      s.text,
    );
  });
  (parsed.tasks ?? []).forEach((t, position) => {
    statement(db, 'INSERT INTO "tasks" ("document_id", "position", "text", "done", "state") VALUES (?, ?, ?, ?, ?)').run(
      doc.id,
      position,
      t.text,
      t.done ? 1 : 0,
      t.state,
    );
  });
  const seen = new Set<string>();
  for (const r of parsed.references) {
    const key = `${r.role}\0${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    statement(db, 'INSERT INTO "referenced_files" ("document_id", "path", "role") VALUES (?, ?, ?)').run(doc.id, r.path, r.role);
  }
  for (const f of doc.findings) {
    statement(db, 'INSERT INTO "secret_findings" ("document_id", "rule", "line", "column", "match_hash") VALUES (?, ?, ?, ?, ?)').run(
      doc.id,
      f.rule,
      f.line,
      f.column,
      findingMatchHash(doc.redactedText, f.line, f.fingerprint),
    );
  }
  writeTerms(db, doc);
  // the user's corrections go over the file's values at once, so every query sees them
  applyOverride(db, doc.id, { justWritten: true });
}

/** The document's row in the ranked index (documents_terms), replacing the one before. */
function writeTerms(db: CairnDb, doc: PreparedDocument): void {
  const rowid = statement(db, 'SELECT "rowid" FROM "documents" WHERE "id" = ?').pluck().get(doc.id) as number | undefined;
  if (rowid === undefined || !doc.terms) return;
  statement(db, "DELETE FROM documents_terms WHERE rowid = ?").run(rowid);
  const t = doc.terms;
  statement(db, "INSERT INTO documents_terms (rowid, title, paths, next, decisions, body) VALUES (?, ?, ?, ?, ?, ?)").run(rowid, t.title, t.paths, t.next, t.decisions, t.body);
}

/** Record what was seen of a file and its problems (replacing the previous ones). */
export function writeFileOutcome(db: CairnDb, outcome: FileOutcome, repositoryId: number | null): void {
  const { problems: messages, ...seen } = outcome;
  upsert(db, indexedFiles, { ...seen, repositoryId }, "absPath");
  statement(db, 'DELETE FROM "problems" WHERE "file_path" = ?').run(outcome.absPath);
  if (messages.length) {
    const createdAt = nowIso();
    for (const message of messages) {
      insertRow(db, problems, { repositoryId, documentId: outcome.documentId, filePath: outcome.absPath, message, createdAt });
    }
  }
}

/**
 * Problems about a whole repository (git status refused, a git failure that stopped its index run),
 * kept under the repository's own path and replaced on every run.
 */
export function writeRepositoryProblems(db: CairnDb, repository: { id: number; path: string }, messages: readonly string[]): void {
  statement(db, 'DELETE FROM "problems" WHERE "file_path" = ? AND "document_id" IS NULL').run(repository.path);
  const createdAt = nowIso();
  for (const message of messages) insertRow(db, problems, { repositoryId: repository.id, documentId: null, filePath: repository.path, message, createdAt });
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

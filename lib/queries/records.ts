import "server-only";
import { and, desc, eq, getTableColumns, inArray, isNull, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import {
  cairnCompletions,
  documents,
  problems,
  repositories,
  secretFindings,
  type DocumentRow,
} from "../../db/schema";
import { allMarks, isSnoozed, type Marks } from "./marks";

/** The public record of `shared/spec/record.md`: add fields freely, never rename or drop one. */
export interface CheckpointRecord {
  id: string;
  repo: string | null;
  path: string;
  source: string;
  format: string;
  kind: string;
  title: string | null;
  status: "in-progress" | "completed" | null;
  statusDetail: { normalized: string | null; raw: string | null; completedInCairn: boolean };
  branch: string | null;
  headSha: string | null;
  savedAt: string | null;
  savedAtSource: string | null;
  freshness: Record<string, unknown> | null;
  tasks: { done: number; total: number } | null;
  quality: { score: number; reasons: string[] } | null;
  secrets: { rule: string; line: number; column: number }[];
  problems: string[];
  supersededBy: string | null;
  /** Set on a file that repeats another word for word (session-state `latest.md`): the record it duplicates. */
  duplicateOf: string | null;
  /** The stated commit resolves in this repository (true), is stated but not found (false), or none is stated (null). */
  headShaVerified: boolean | null;
  /** Where each value came from, e.g. `{ "headSha": "frontmatter:head", "title": "h1" }`. */
  fieldSources: Record<string, string>;
  /** Set on a pointer file (a LATEST.md that only names another file): the record it points to. */
  aliasOf: string | null;
  /** Stable key shared by saves of the same piece of work (supersededBy is the next save of it). */
  lineage: string | null;
  /** The user's triage, kept by Cairn (never in the file). */
  archived: boolean;
  pinned: boolean;
  snoozedUntil: string | null;
}

export interface RecordFilters {
  repo?: string;
  status?: "in-progress" | "completed";
  kind?: string | "all";
  format?: string;
  /** Also list files that repeat another word for word, and pointer files (default: each shown once). */
  includeDuplicates?: boolean;
}

/** What a record is built from: every column but the wide text ones (most of the bytes), which a list never needs. */
export type RecordRow = Omit<DocumentRow, "body" | "original" | "decisionsText" | "meta">;
const { body: _body, original: _original, decisionsText: _decisions, meta: _meta, ...recordColumns } = getTableColumns(documents);

function publicStatus(row: RecordRow, completedInCairn: boolean): CheckpointRecord["status"] {
  if (completedInCairn) return "completed";
  if (row.status === "in-progress" || row.status === "blocked") return "in-progress";
  if (row.status === "completed" || row.status === "superseded") return "completed";
  return null;
}

export function toRecord(
  row: RecordRow,
  repoPath: string | null,
  extras: { secrets: CheckpointRecord["secrets"]; problems: string[]; completedInCairn: boolean; marks?: Marks },
): CheckpointRecord {
  return {
    id: row.id,
    repo: repoPath,
    path: row.path,
    source: row.source,
    format: row.format,
    kind: row.kind,
    title: row.title,
    status: publicStatus(row, extras.completedInCairn),
    statusDetail: { normalized: row.status, raw: row.statusRaw, completedInCairn: extras.completedInCairn },
    branch: row.branch,
    headSha: row.headSha,
    savedAt: row.savedAt,
    savedAtSource: row.savedAtSource,
    freshness: row.freshness ?? null,
    tasks: row.tasksTotal === null || row.tasksTotal === undefined ? null : { done: row.tasksDone ?? 0, total: row.tasksTotal },
    quality: row.qualityScore === null ? null : { score: row.qualityScore, reasons: row.qualityReasons ?? [] },
    secrets: extras.secrets,
    problems: extras.problems,
    supersededBy: row.supersededBy,
    duplicateOf: row.duplicateOf,
    headShaVerified: row.headShaRaw ? (row.headShaVerified ?? null) : null,
    fieldSources: row.fieldSources ?? {},
    aliasOf: row.aliasOf ?? null,
    lineage: row.lineage ?? null,
    archived: extras.marks?.archived ?? false,
    pinned: extras.marks?.pinned ?? false,
    snoozedUntil: extras.marks && isSnoozed(extras.marks.snoozedUntil) ? extras.marks.snoozedUntil : null,
  };
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Records for a set of document rows, with their secrets, problems and Cairn-side completions. */
export function recordsFor(db: CairnDb, rows: { doc: RecordRow; repoPath: string | null }[]): CheckpointRecord[] {
  const ids = rows.map((r) => r.doc.id);
  const findings: { documentId: string; rule: string; line: number; column: number }[] = [];
  const problemRows: { documentId: string | null; message: string }[] = [];
  const completed = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    findings.push(...db.select().from(secretFindings).where(inArray(secretFindings.documentId, chunk)).all());
    problemRows.push(
      ...db.select({ documentId: problems.documentId, message: problems.message }).from(problems).where(inArray(problems.documentId, chunk)).all(),
    );
    for (const c of db.select().from(cairnCompletions).where(inArray(cairnCompletions.documentId, chunk)).all()) completed.add(c.documentId);
  }
  const findingsByDoc = groupBy(findings, (f) => f.documentId);
  const problemsByDoc = groupBy(problemRows, (p) => p.documentId);
  const marks = allMarks(db);
  return rows.map(({ doc, repoPath }) =>
    toRecord(doc, repoPath, {
      secrets: (findingsByDoc.get(doc.id) ?? []).map(({ rule, line, column }) => ({ rule, line, column })),
      problems: (problemsByDoc.get(doc.id) ?? []).map((p) => p.message),
      completedInCairn: completed.has(doc.id),
      marks: marks.get(doc.id),
    }),
  );
}

export function listRecords(db: CairnDb, filters: RecordFilters = {}): CheckpointRecord[] {
  const conditions: SQL[] = [];
  const kind = filters.kind ?? "checkpoint";
  if (kind !== "all") conditions.push(eq(documents.kind, kind));
  if (filters.format) conditions.push(eq(documents.format, filters.format));
  if (!filters.includeDuplicates) conditions.push(isNull(documents.duplicateOf), isNull(documents.aliasOf));
  if (filters.repo) conditions.push(eq(repositories.path, filters.repo.replace(/\/+$/, "")));
  const rows = db
    .select({ doc: recordColumns, repoPath: repositories.path })
    .from(documents)
    .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(documents.savedAt))
    .all();
  const records = recordsFor(db, rows);
  return filters.status ? records.filter((r) => r.status === filters.status) : records;
}

export function getRecord(db: CairnDb, id: string): CheckpointRecord | null {
  const row = db
    .select({ doc: recordColumns, repoPath: repositories.path })
    .from(documents)
    .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
    .where(eq(documents.id, id))
    .get();
  return row ? recordsFor(db, [row])[0] : null;
}

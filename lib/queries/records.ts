import "server-only";
import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
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
import { guessedStatusSql } from "./shared";
import { familyLabelOf } from "../parse/conventions/families";
import { checkoutsOf, type RecordCheckout } from "./checkouts";
import { inProjectAt, repoPathOf } from "./project-filter";
import { sessionsByDocument } from "./sessions";

/** The public record of `shared/spec/record.md`: add fields freely, never rename or drop one. */
export interface CheckpointRecord {
  id: string;
  repo: string | null;
  path: string;
  source: string;
  format: string;
  /** The family in words a newcomer can read ("Spec Kit feature", "Conductor track", "HTML checkpoint"). */
  familyName: string;
  kind: string;
  title: string | null;
  status: "in-progress" | "completed" | null;
  statusDetail: { normalized: string | null; raw: string | null; completedInCairn: boolean };
  branch: string | null;
  headSha: string | null;
  /** The commit exactly as the file states it (kept when it does not resolve here), or null. */
  headShaStated: string | null;
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
  /** How sure each field is: `stated` (a key or label says it), `guessed` (a heading, prose, a file name) or `user` (a correction). */
  fieldConfidence: Record<string, string>;
  /** Set on a pointer file (a LATEST.md that only names another file): the record it points to. */
  aliasOf: string | null;
  /** Stable key shared by saves of the same piece of work (supersededBy is the next save of it). */
  lineage: string | null;
  /** The user's triage, kept by Cairn (never in the file). */
  archived: boolean;
  pinned: boolean;
  snoozedUntil: string | null;
  /** Every checkout holding this file with the same bytes, the primary (`repo`) first (issue 25); none outside a work tree. */
  checkouts: RecordCheckout[];
  /** The agent sessions that wrote or edited this file (issue 37): their ids, `cairn sessions --json` has them whole. */
  sessions: string[];
}

export interface RecordFilters {
  repo?: string;
  status?: "in-progress" | "completed";
  kind?: string | "all";
  format?: string;
  /** Only records whose status was guessed (read from a heading, a sentence or a title tag, not a key or label). */
  guessedStatus?: boolean;
  /** Also list files that repeat another word for word, and pointer files (default: each shown once). */
  includeDuplicates?: boolean;
}

/**
 * What a record is built from: only the columns `toRecord` reads (never the wide text ones, most of the
 * bytes): `cairn list --json` builds thousands of records, and each column read costs per row.
 */
const recordColumns = {
  id: documents.id,
  path: documents.path,
  source: documents.source,
  format: documents.format,
  kind: documents.kind,
  title: documents.title,
  status: documents.status,
  statusRaw: documents.statusRaw,
  branch: documents.branch,
  headShaRaw: documents.headShaRaw,
  headSha: documents.headSha,
  savedAt: documents.savedAt,
  savedAtSource: documents.savedAtSource,
  tasksDone: documents.tasksDone,
  tasksTotal: documents.tasksTotal,
  qualityScore: documents.qualityScore,
  qualityReasons: documents.qualityReasons,
  freshness: documents.freshness,
  supersededBy: documents.supersededBy,
  duplicateOf: documents.duplicateOf,
  fieldSources: documents.fieldSources,
  headShaVerified: documents.headShaVerified,
  headShaStated: documents.headShaStated,
  fieldConfidence: documents.fieldConfidence,
  lineage: documents.lineage,
  aliasOf: documents.aliasOf,
};
export type RecordRow = Pick<DocumentRow, keyof typeof recordColumns>;
const recordFields = { ...recordColumns, repoPath: repositories.path };
const recordKeys = Object.keys(recordColumns) as (keyof typeof recordColumns)[];

/**
 * The rows of a select on `recordFields`, read in raw mode and decoded cell by cell with each column's
 * own decoder (JSON, booleans): the same values as drizzle's `.all()`, whose generic row mapping cost
 * more than the query itself for thousands of rows.
 */
function readRecordRows(db: CairnDb, query: { toSQL(): { sql: string; params: unknown[] } }): { doc: RecordRow; repoPath: string | null }[] {
  const { sql: text, params } = query.toSQL();
  const fields = Object.values(recordFields);
  const raw = db.$client.prepare(text).raw(true).all(...params) as unknown[][];
  return raw.map((values) => {
    const doc: Record<string, unknown> = {};
    for (let i = 0; i < recordKeys.length; i++) doc[recordKeys[i]] = values[i] === null ? null : fields[i].mapFromDriverValue(values[i]);
    const repoPath = values[recordKeys.length];
    return { doc: doc as RecordRow, repoPath: repoPath === null ? null : String(repoPath) };
  });
}

function publicStatus(row: RecordRow, completedInCairn: boolean): CheckpointRecord["status"] {
  if (completedInCairn) return "completed";
  if (row.status === "in-progress" || row.status === "blocked") return "in-progress";
  if (row.status === "completed" || row.status === "superseded") return "completed";
  return null;
}

export function toRecord(
  row: RecordRow,
  repoPath: string | null,
  extras: { secrets: CheckpointRecord["secrets"]; problems: string[]; completedInCairn: boolean; marks?: Marks; checkouts?: RecordCheckout[]; sessions?: string[] },
): CheckpointRecord {
  return {
    id: row.id,
    repo: repoPath,
    path: row.path,
    source: row.source,
    format: row.format,
    familyName: familyLabelOf(row.format),
    kind: row.kind,
    title: row.title,
    status: publicStatus(row, extras.completedInCairn),
    statusDetail: { normalized: row.status, raw: row.statusRaw, completedInCairn: extras.completedInCairn },
    branch: row.branch,
    headSha: row.headSha,
    headShaStated: row.headShaStated ?? null,
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
    fieldConfidence: row.fieldConfidence ?? {},
    aliasOf: row.aliasOf ?? null,
    lineage: row.lineage ?? null,
    archived: extras.marks?.archived ?? false,
    pinned: extras.marks?.pinned ?? false,
    snoozedUntil: extras.marks && isSnoozed(extras.marks.snoozedUntil) ? extras.marks.snoozedUntil : null,
    checkouts: extras.checkouts ?? [],
    sessions: extras.sessions ?? [],
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

/** `column IN (the ids)` with one parameter (a JSON array), whatever the number of ids. */
const inIds = (column: AnyColumn, ids: readonly string[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** The documents completed in Cairn (no status line to change), among these ids. */
function completedAmong(db: CairnDb, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  return new Set(db.select({ documentId: cairnCompletions.documentId }).from(cairnCompletions).where(inIds(cairnCompletions.documentId, ids)).all().map((c) => c.documentId));
}

/** Records for a set of document rows, with their secrets, problems and Cairn-side completions. */
export function recordsFor(db: CairnDb, rows: { doc: RecordRow; repoPath: string | null }[], completed?: Set<string>): CheckpointRecord[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.doc.id);
  const findings = db
    .select({ documentId: secretFindings.documentId, rule: secretFindings.rule, line: secretFindings.line, column: secretFindings.column })
    .from(secretFindings)
    .where(inIds(secretFindings.documentId, ids))
    .orderBy(asc(secretFindings.id))
    .all();
  const problemRows = db
    .select({ documentId: problems.documentId, message: problems.message })
    .from(problems)
    .where(inIds(problems.documentId, ids))
    .orderBy(asc(problems.id))
    .all();
  const done = completed ?? completedAmong(db, ids);
  const findingsByDoc = groupBy(findings, (f) => f.documentId);
  const problemsByDoc = groupBy(problemRows, (p) => p.documentId);
  const marks = allMarks(db);
  const checkouts = checkoutsOf(db, ids);
  const sessions = sessionsByDocument(db, ids);
  return rows.map(({ doc, repoPath }) =>
    toRecord(doc, repoPath, {
      secrets: (findingsByDoc.get(doc.id) ?? []).map(({ rule, line, column }) => ({ rule, line, column })),
      problems: (problemsByDoc.get(doc.id) ?? []).map((p) => p.message),
      completedInCairn: done.has(doc.id),
      marks: marks.get(doc.id),
      checkouts: checkouts.get(doc.id),
      sessions: sessions.get(doc.id),
    }),
  );
}

export function listRecords(db: CairnDb, filters: RecordFilters = {}): CheckpointRecord[] {
  const conditions: SQL[] = [];
  const kind = filters.kind ?? "checkpoint";
  if (kind !== "all") conditions.push(eq(documents.kind, kind));
  if (filters.format) conditions.push(eq(documents.format, filters.format));
  if (filters.guessedStatus) conditions.push(guessedStatusSql);
  if (!filters.includeDuplicates) conditions.push(isNull(documents.duplicateOf), isNull(documents.aliasOf));
  // any checkout of its project: a record whose primary is a sibling worktree or clone is this repository's too (issue 25)
  if (filters.repo) conditions.push(inProjectAt(repoPathOf(filters.repo)));
  let rows = readRecordRows(
    db,
    db
      .select(recordFields)
      .from(documents)
      .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(documents.savedAt)),
  );
  const completed = completedAmong(db, rows.map((r) => r.doc.id));
  // the status filter picks rows before their records are built (secrets, problems, marks only for those kept)
  if (filters.status) rows = rows.filter((r) => publicStatus(r.doc, completed.has(r.doc.id)) === filters.status);
  return recordsFor(db, rows, completed);
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

/**
 * The user's corrections ("set by you"), applied to a document row right after the index writes it, so that
 * every list, query, search and freshness computation sees the corrected values. The file is never touched.
 *
 * The values the file gave are kept in `meta.fileValues` while a correction applies, so that clearing it
 * restores them at once (and the page can say what the file says).
 */
import type { CairnDb } from "../../db/client";
import { documents } from "../../db/schema";
import { statement } from "./statements";
import { fieldConfidence } from "../parse/confidence";

export const CORRECTABLE = ["title", "status", "branch", "headSha", "savedAt"] as const;
export type CorrectableField = (typeof CORRECTABLE)[number];
export type Corrections = Partial<Record<CorrectableField, string | null>>;

/** What the file said, kept while a correction applies. */
export interface FileValues {
  title: string | null;
  status: string | null;
  statusRaw: string | null;
  branch: string | null;
  headShaRaw: string | null;
  savedAt: string | null;
  savedAtSource: string | null;
  fieldSources: Record<string, string> | null;
}

interface Row extends FileValues {
  meta: Record<string, unknown> | null;
}

interface OverrideRow {
  title: string | null;
  status: string | null;
  branch: string | null;
  headSha: string | null;
  savedAt: string | null;
}

function readRow(db: CairnDb, id: string): Row | null {
  const row = statement(
    db,
    'SELECT "title", "status", "status_raw" AS statusRaw, "branch", "head_sha_raw" AS headShaRaw, "saved_at" AS savedAt, "saved_at_source" AS savedAtSource, "field_sources" AS fieldSources, "meta" FROM "documents" WHERE "id" = ?',
  ).get(id) as (Omit<Row, "meta" | "fieldSources"> & { meta: string | null; fieldSources: string | null }) | undefined;
  if (!row) return null;
  return { ...row, meta: row.meta ? (JSON.parse(row.meta) as Record<string, unknown>) : null, fieldSources: row.fieldSources ? (JSON.parse(row.fieldSources) as Record<string, string>) : null };
}

export function readOverride(db: CairnDb, id: string): OverrideRow | null {
  const row = statement(db, 'SELECT "title", "status", "branch", "head_sha" AS headSha, "saved_at" AS savedAt FROM "document_overrides" WHERE "document_id" = ?').get(id) as
    | OverrideRow
    | undefined;
  return row ?? null;
}

/** The fields a correction sets, by name. */
export function correctedFields(override: OverrideRow | null): CorrectableField[] {
  return override ? CORRECTABLE.filter((field) => override[field] !== null) : [];
}

function writeRow(db: CairnDb, id: string, values: FileValues, meta: Record<string, unknown> | null): void {
  statement(
    db,
    'UPDATE "documents" SET "title" = ?, "status" = ?, "status_raw" = ?, "branch" = ?, "head_sha_raw" = ?, "saved_at" = ?, "saved_at_source" = ?, "field_sources" = ?, "field_confidence" = ?, "meta" = ? WHERE "id" = ?',
  ).run(
    values.title,
    values.status,
    values.statusRaw,
    values.branch,
    values.headShaRaw,
    values.savedAt,
    values.savedAtSource,
    values.fieldSources ? documents.fieldSources.mapToDriverValue(values.fieldSources) : null,
    // a corrected field is "user"; the others keep the confidence their source gives
    documents.fieldConfidence.mapToDriverValue(fieldConfidence({ ...values, headSha: values.headShaRaw }, values.fieldSources)),
    meta ? documents.meta.mapToDriverValue(meta) : null,
    id,
  );
}

function fileValuesOf(row: Row): FileValues {
  const kept = row.meta?.fileValues as FileValues | undefined;
  if (kept) return kept;
  const { meta: _meta, ...values } = row;
  // a marker left by an earlier correction is not the file's
  const sources = Object.fromEntries(Object.entries(values.fieldSources ?? {}).filter(([, source]) => source !== "user"));
  return { ...values, fieldSources: Object.keys(sources).length ? sources : null };
}

/**
 * Put the user's corrections over the file's values of one document (a no-op without corrections).
 * Idempotent: the file's values are taken from `meta.fileValues` when a correction already applies.
 */
export function applyOverride(db: CairnDb, id: string, options: { justWritten?: boolean } = {}): boolean {
  const override = readOverride(db, id);
  // a row the index just wrote from its file holds the file's values: nothing to restore
  if (!override && options.justWritten) return false;
  const row = readRow(db, id);
  if (!row) return false;
  const file = fileValuesOf(row);
  const { fileValues: _old, ...meta } = row.meta ?? {};
  const fields = correctedFields(override);
  if (!override || fields.length === 0) {
    // no correction (any more): the file's values, as the file gave them
    if (row.meta?.fileValues) writeRow(db, id, file, meta);
    return false;
  }
  const next: FileValues = { ...file, fieldSources: { ...(file.fieldSources ?? {}) } };
  if (override.title !== null) next.title = override.title;
  if (override.status !== null) {
    next.status = override.status;
    next.statusRaw = override.status;
  }
  if (override.branch !== null) next.branch = override.branch;
  if (override.headSha !== null) next.headShaRaw = override.headSha;
  if (override.savedAt !== null) {
    next.savedAt = override.savedAt;
    next.savedAtSource = "user";
  }
  for (const field of fields) next.fieldSources![field] = "user";
  writeRow(db, id, next, { ...meta, fileValues: file });
  return true;
}

/** Store corrections (null clears one field; an absent key leaves it as it is), then apply them. */
export function saveOverride(db: CairnDb, id: string, corrections: Corrections): void {
  const current = readOverride(db, id) ?? { title: null, status: null, branch: null, headSha: null, savedAt: null };
  const merged = { ...current };
  for (const field of CORRECTABLE) if (field in corrections) merged[field] = corrections[field] ?? null;
  if (correctedFields(merged).length === 0) {
    statement(db, 'DELETE FROM "document_overrides" WHERE "document_id" = ?').run(id);
  } else {
    statement(
      db,
      `INSERT INTO "document_overrides" ("document_id", "title", "status", "branch", "head_sha", "saved_at", "updated_at") VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT("document_id") DO UPDATE SET "title" = excluded."title", "status" = excluded."status", "branch" = excluded."branch",
       "head_sha" = excluded."head_sha", "saved_at" = excluded."saved_at", "updated_at" = excluded."updated_at"`,
    ).run(id, merged.title, merged.status, merged.branch, merged.headSha, merged.savedAt, new Date().toISOString());
  }
  applyOverride(db, id);
}

/** Forget every correction of a document: its fields are the file's again. */
export function clearOverride(db: CairnDb, id: string): void {
  statement(db, 'DELETE FROM "document_overrides" WHERE "document_id" = ?').run(id);
  applyOverride(db, id);
}

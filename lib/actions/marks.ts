import "server-only";
/**
 * The user's triage of a checkpoint: pin, snooze until a date, archive. Kept by Cairn in
 * `document_marks` (never written into the repository's files) and surviving every re-index, since
 * document ids are stable.
 */
import { eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documentMarks, documents, type DocumentMarkRow } from "../../db/schema";
import { marksOf, type Marks } from "../queries/marks";
import { parseUserDate } from "./user-date";

export { isSnoozed, type Marks } from "../queries/marks";

export type MarkAction = "pin" | "unpin" | "archive" | "unarchive" | "snooze" | "unsnooze";

export class MarkError extends Error {
  constructor(message: string, readonly code: "not-found" | "invalid-date") {
    super(message);
    this.name = "MarkError";
  }
}

/**
 * A snooze date from a person: "2026-12-24" (until the start of that day, UTC) or a full ISO time, read as
 * every typed date is (lib/actions/user-date.ts). Must lie in the future. Returns ISO-8601 UTC.
 */
export function parseSnoozeDate(text: string, now: Date = new Date()): string {
  const date = parseUserDate(text);
  if (!date.ok) throw new MarkError(date.message, "invalid-date");
  if (Date.parse(date.iso) <= now.getTime()) throw new MarkError(`${text.trim()} is not in the future: snooze until a later date.`, "invalid-date");
  return date.iso;
}

function describe(action: MarkAction, title: string, marks: Marks): string {
  switch (action) {
    case "pin":
      return `Pinned "${title}": it stays at the top of the queue.`;
    case "unpin":
      return `Unpinned "${title}".`;
    case "archive":
      return `Archived "${title}": it leaves the queue and the default lists.`;
    case "unarchive":
      return `Restored "${title}" from the archive.`;
    case "snooze":
      return `Snoozed "${title}" until ${marks.snoozedUntil?.slice(0, 10)}.`;
    case "unsnooze":
      return `"${title}" is back in the queue.`;
  }
}

/** Applies one triage action; returns the marks now in force and a sentence saying what happened. */
export function setMark(
  db: CairnDb,
  documentId: string,
  action: MarkAction,
  options: { until?: string; now?: Date } = {},
): { marks: Marks; message: string } {
  const doc = db.select({ id: documents.id, title: documents.title, path: documents.path }).from(documents).where(eq(documents.id, documentId)).get();
  if (!doc) throw new MarkError(`No checkpoint with id ${documentId}.`, "not-found");
  const now = options.now ?? new Date();
  const current = marksOf(db, documentId);
  const next: Marks = { ...current };
  if (action === "pin" || action === "unpin") next.pinned = action === "pin";
  if (action === "archive" || action === "unarchive") next.archived = action === "archive";
  if (action === "snooze") next.snoozedUntil = parseSnoozeDate(options.until ?? "", now);
  if (action === "unsnooze") next.snoozedUntil = null;
  const row: DocumentMarkRow = { documentId, ...next, updatedAt: now.toISOString() };
  if (!next.pinned && !next.archived && !next.snoozedUntil) db.delete(documentMarks).where(eq(documentMarks.documentId, documentId)).run();
  else db.insert(documentMarks).values(row).onConflictDoUpdate({ target: documentMarks.documentId, set: { ...next, updatedAt: row.updatedAt } }).run();
  return { marks: next, message: describe(action, doc.title ?? doc.path, next) };
}

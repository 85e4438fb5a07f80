import "server-only";
/** The user's triage marks (pin, snooze, archive) as the read side sees them: kept in `document_marks`. */
import { eq, sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documentMarks, documents } from "../../db/schema";

export interface Marks {
  pinned: boolean;
  archived: boolean;
  /** ISO-8601 UTC, or null. A date in the past means "not snoozed". */
  snoozedUntil: string | null;
}

export const NO_MARKS: Marks = { pinned: false, archived: false, snoozedUntil: null };

/** SQL: the document is archived, or snoozed until after `now` (set aside from the queue and the default lists). */
export function setAsideSql(now: Date = new Date()): SQL {
  return sql`exists (select 1 from ${documentMarks} where ${documentMarks.documentId} = ${documents.id} and (${documentMarks.archived} = 1 or ${documentMarks.snoozedUntil} > ${now.toISOString()}))`;
}

/** Archived and snoozed documents in a list: hidden (default), "only" these, or "all" shown too. */
export function setAsideCondition(choice: "only" | "all" | undefined, now: Date = new Date()): SQL | undefined {
  if (choice === "all") return undefined;
  return choice === "only" ? setAsideSql(now) : sql`not ${setAsideSql(now)}`;
}

/** Whether a snooze is still running at `now`. */
export function isSnoozed(snoozedUntil: string | null, now: Date = new Date()): boolean {
  return !!snoozedUntil && Date.parse(snoozedUntil) > now.getTime();
}

/** Hidden from the queue and the default lists: archived, or snoozed until a later date. */
export function isSetAside(marks: Marks | undefined, now: Date = new Date()): boolean {
  return !!marks && (marks.archived || isSnoozed(marks.snoozedUntil, now));
}

export function marksOf(db: CairnDb, documentId: string): Marks {
  const row = db.select().from(documentMarks).where(eq(documentMarks.documentId, documentId)).get();
  return row ? { pinned: row.pinned, archived: row.archived, snoozedUntil: row.snoozedUntil } : { ...NO_MARKS };
}

/** Every mark, by document id (one query: the table holds only what the user marked). */
export function allMarks(db: CairnDb): Map<string, Marks> {
  return new Map(
    db
      .select()
      .from(documentMarks)
      .all()
      .map((row) => [row.documentId, { pinned: row.pinned, archived: row.archived, snoozedUntil: row.snoozedUntil }]),
  );
}

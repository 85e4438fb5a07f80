/**
 * Saves dated in the future (more than five minutes ahead of now) are a clock's mistake: they get a
 * problem ("saved in the future: clock skew?") and are sorted by their commit time instead (the saved
 * commit's time, else the file's modification time), so they stop topping every "newest" list.
 */
import { eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, problems } from "../../db/schema";
import type { Freshness } from "../derive/freshness";
import { statement } from "./statements";

export const FUTURE_PROBLEM = "saved in the future: clock skew?";
/** savedAtSource of a save whose own date was in the future and was replaced by its commit time. */
export const CLOCK_SKEW_SOURCE = "commit-time";

/** Replaces future save times; returns the ids whose savedAt changed (their freshness is recomputed). */
export function settleFutureSaves(db: CairnDb, results: ReadonlyMap<string, Freshness>, now: Date): Map<string, string> {
  const changed = new Map<string, string>();
  for (const [id, freshness] of results) {
    if (!freshness.savedInFuture) continue;
    const doc = db
      .select({ absPath: documents.absPath, savedAt: documents.savedAt, savedAtSource: documents.savedAtSource, mtimeMs: documents.mtimeMs, repositoryId: documents.repositoryId })
      .from(documents)
      .where(eq(documents.id, id))
      .get();
    if (!doc || doc.savedAtSource === CLOCK_SKEW_SOURCE) continue;
    const mtime = Math.min(doc.mtimeMs, now.getTime());
    const sortAt = freshness.savedCommitAt ?? new Date(mtime).toISOString();
    const message = `${FUTURE_PROBLEM} The file says ${doc.savedAt ?? "?"}; sorted by ${freshness.savedCommitAt ? "its commit time" : "its modification time"} (${sortAt}) instead.`;
    statement(db, 'DELETE FROM "problems" WHERE "document_id" = ? AND "message" LIKE ?').run(id, `${FUTURE_PROBLEM}%`);
    db.insert(problems).values({ repositoryId: doc.repositoryId, documentId: id, filePath: doc.absPath, message, createdAt: now.toISOString() }).run();
    statement(db, 'UPDATE "documents" SET "saved_at" = ?, "saved_at_source" = ? WHERE "id" = ?').run(sortAt, CLOCK_SKEW_SOURCE, id);
    changed.set(id, sortAt);
  }
  return changed;
}

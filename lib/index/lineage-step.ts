/**
 * Lineage and supersededBy for one repository's checkpoints: saves of the same piece of work share a
 * lineage, and each is superseded by the next save of its lineage, never by a save of another task
 * that merely shares the branch.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents } from "../../db/schema";
import { computeLineage } from "../derive/freshness-lineage";
import { statement } from "./statements";

/** The repository's checkouts: every repository of its project (issue 25), or itself alone. */
function projectRepositoryIds(db: CairnDb, repositoryId: number): number[] {
  const ids = statement(db, `SELECT "id" FROM "repositories" WHERE "id" = ? OR "project_key" = (SELECT "project_key" FROM "repositories" WHERE "id" = ?)`)
    .pluck()
    .all(repositoryId, repositoryId) as number[];
  return ids.length ? ids : [repositoryId];
}

/** Saves of one piece of work in different checkouts of a project share one lineage too. */
export function markLineage(db: CairnDb, repositoryId: number): void {
  const rows = db
    .select({
      id: documents.id,
      path: documents.path,
      format: documents.format,
      title: documents.title,
      savedAt: documents.savedAt,
      // the one value of meta it needs, read by SQLite (meta may hold a unit's companion texts: no JSON parse of it all)
      checkpointSlug: sql<unknown>`json_extract(${documents.meta}, '$.checkpoint')`,
      lineage: documents.lineage,
      supersededBy: documents.supersededBy,
    })
    .from(documents)
    .where(and(inArray(documents.repositoryId, projectRepositoryIds(db, repositoryId)), eq(documents.kind, "checkpoint"), isNull(documents.duplicateOf), isNull(documents.aliasOf)))
    .all();
  const lineages = computeLineage(
    rows.map((row) => ({
      id: row.id,
      path: row.path,
      format: row.format,
      title: row.title,
      savedAt: row.savedAt,
      checkpointSlug: typeof row.checkpointSlug === "string" ? row.checkpointSlug : null,
    })),
  );
  for (const row of rows) {
    const next = lineages.get(row.id);
    const lineage = next?.lineage ?? null;
    const supersededBy = next?.supersededBy ?? null;
    // rows are wide: rewrite one only when a value moves
    if (lineage !== row.lineage || supersededBy !== row.supersededBy) {
      statement(db, 'UPDATE "documents" SET "lineage" = ?, "superseded_by" = ? WHERE "id" = ?').run(lineage, supersededBy, row.id);
    }
  }
}

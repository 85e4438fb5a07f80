import "server-only";
/**
 * A file at a checkpoint's place that carries nothing of a checkpoint's own: no status, no date it states (in its
 * text, its name, or set by the user), no branch, no commit, no tasks; or a folder README. The queue leaves it out
 * (it is a note, not work), the checkpoint tables label it "No checkpoint fields" instead of a freshness, and the
 * Problems page offers "Not a checkpoint" (an ignore rule in the repository's `.cairnignore`). One rule, here, in
 * JavaScript for rows already read and in SQL for lists.
 */
import { and, eq, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, problems, repositories } from "../../db/schema";
import { notDuplicate } from "./shared";

/** Dates a save carries itself (in its text, its file name, or set by the user), as opposed to a commit or file time. */
export const OWN_DATE = new Set(["content", "filename", "user"]);

const README = /(?:^|\/)readme(?:\.[a-z]+)?$/i;

export interface FieldFacts {
  path: string;
  rawStatus: string | null;
  savedAtSource: string | null;
  branch: string | null;
  headShaRaw: string | null;
  tasksTotal: number | null;
}

/** Why a file is not really a checkpoint: a folder README, or nothing of a checkpoint's own (no status, date, branch, commit or tasks). */
export function notACheckpoint(row: FieldFacts): string | null {
  if (README.test(row.path)) return "a folder README";
  const fields = row.rawStatus || OWN_DATE.has(row.savedAtSource ?? "") || row.branch || row.headShaRaw || (row.tasksTotal ?? 0) > 0;
  return fields ? null : "no status, date, branch, commit or tasks of its own";
}

/** The same rule in SQL (1 when the document has no checkpoint fields), for the lists and their filters. */
export const noFieldsSql = sql<number>`(case when (lower(${documents.path}) glob 'readme' or lower(${documents.path}) glob 'readme.*' or lower(${documents.path}) glob '*/readme' or lower(${documents.path}) glob '*/readme.*') then 1 when ${documents.status} is null and coalesce(${documents.savedAtSource}, '') not in ('content', 'filename', 'user') and ${documents.branch} is null and ${documents.headShaRaw} is null and coalesce(${documents.tasksTotal}, 0) = 0 then 1 else 0 end)`;

/** Where Problems lists a file with no checkpoint fields: a work-tree checkpoint of a repository, not a copy of another. */
export const noFieldProblemSql = and(eq(documents.kind, "checkpoint"), eq(documents.source, "worktree"), notDuplicate, sql`${noFieldsSql} = 1`)!;

/**
 * Per repository, the files with no checkpoint fields that no other problem already names: what the Problems page
 * adds to the files read badly, so that every count linking to it says what it lists.
 */
export function noFieldFileCounts(db: CairnDb): Map<number, { name: string; files: number }> {
  const rows = db
    .select({ id: repositories.id, name: repositories.name, files: sql<number>`count(*)` })
    .from(documents)
    .innerJoin(repositories, eq(repositories.id, documents.repositoryId))
    .where(and(noFieldProblemSql, sql`not exists (select 1 from ${problems} where ${problems.filePath} = ${documents.absPath})`))
    .groupBy(repositories.id)
    .all();
  return new Map(rows.map((r) => [r.id, { name: r.name, files: r.files }]));
}

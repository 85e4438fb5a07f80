import "server-only";
import { and, eq, inArray, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { cairnCompletions, documents, repositories, type DocumentRow } from "../../db/schema";

/** Completed in Cairn: the column, or a row in cairn_completions (families without a status in the file). */
export const completedInCairnSql = sql<number>`(${documents.completedInCairn} = 1 or exists (select 1 from ${cairnCompletions} where ${cairnCompletions.documentId} = ${documents.id}))`;

/** The status shown: the file's normalised status, or "completed" once completed in Cairn. */
export const effectiveStatusSql = sql<string | null>`case when ${completedInCairnSql} then 'completed' else ${documents.status} end`;

export const STATUS_FILTERS = ["in-progress", "completed", "none", "guessed"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** A status read from a heading, a sentence or a title tag, not from a key or label (field_confidence, migration 0008). */
export const guessedStatusSql = sql`json_extract(${documents.fieldConfidence}, '$.status') = 'guessed'`;

/** in-progress (and blocked) not completed in Cairn; completed (and superseded) or completed in Cairn; no status at all; a guessed status. */
export function statusCondition(status: StatusFilter): SQL {
  if (status === "guessed") return and(guessedStatusSql, not(completedInCairnSql))!;
  if (status === "in-progress") return and(inArray(documents.status, ["in-progress", "blocked"]), not(completedInCairnSql))!;
  if (status === "completed") return or(inArray(documents.status, ["completed", "superseded"]), completedInCairnSql)!;
  return and(isNull(documents.status), not(completedInCairnSql))!;
}

export const STALE_LEVELS = ["stale", "very-stale"] as const;

/** Whether the saved branch no longer exists (freshness.savedBranchExists === false). */
export const branchGoneSql = sql<number>`coalesce(json_extract(${documents.freshness}, '$.savedBranchExists') = 0, 0)`;

/** A session-state archive (`checkpoint-YYYYMMDD-HHMM.md`). */
export const archiveSql = sql<number>`(${documents.format} = 'session-state' and json_extract(${documents.meta}, '$.archive') is not null)`;

/** The agent keeps at most ten session-state archives: more than that is a pile. */
export const ARCHIVE_PILE = 10;

/** The columns every checkpoint list shows. */
export const listColumns = {
  id: documents.id,
  repositoryId: documents.repositoryId,
  repoName: repositories.name,
  path: documents.path,
  format: documents.format,
  kind: documents.kind,
  title: documents.title,
  status: effectiveStatusSql,
  branch: documents.branch,
  savedAt: documents.savedAt,
  level: documents.freshnessLevel,
  tasksDone: documents.tasksDone,
  tasksTotal: documents.tasksTotal,
  qualityScore: documents.qualityScore,
  supersededBy: documents.supersededBy,
};

export type CheckpointListRow = Pick<
  DocumentRow,
  "id" | "repositoryId" | "path" | "format" | "kind" | "title" | "branch" | "savedAt" | "tasksDone" | "tasksTotal" | "qualityScore" | "supersededBy"
> & { repoName: string | null; status: string | null; level: string | null };

/** Join for `listColumns`. */
export const repositoryJoin = eq(repositories.id, documents.repositoryId);

/** "latest.md duplicates one archive: show it once"; a pointer file is shown as an alias of its target, not on its own. */
export const notDuplicate = and(isNull(documents.duplicateOf), isNull(documents.aliasOf))!;

/** A form value from searchParams: the first string, trimmed, or undefined. */
export function param(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  const t = v?.trim();
  return t ? t : undefined;
}

/** YYYY-MM-DD or undefined. */
export function dateParam(value: string | string[] | undefined): string | undefined {
  const v = param(value);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;
}

/** The day after a YYYY-MM-DD date, for an inclusive upper bound. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A LIKE pattern matching `text` anywhere, with a backslash as the escape character. */
export function likePattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, "\\$&")}%`;
}

/**
 * A token that changes whenever the database does: `data_version` moves on commits by other connections
 * (`cairn index` in a terminal), `total_changes()` on writes through this one (the server's own indexer,
 * the write forms).
 */
function dbVersion(db: CairnDb): string {
  const dataVersion = db.$client.pragma("data_version", { simple: true }) as number;
  const changes = (db.$client.prepare("select total_changes() as n").get() as { n: number }).n;
  return `${dataVersion}:${changes}`;
}

const memo = new WeakMap<CairnDb, { version: string; values: Map<string, unknown> }>();

/**
 * The result of a whole-table aggregate, kept until the database changes: the overview and the list's
 * total then cost one scan per index run instead of one per page view. Callers must not mutate the result.
 */
export function memoUntilChange<T>(db: CairnDb, key: string, compute: () => T): T {
  const version = dbVersion(db);
  let entry = memo.get(db);
  if (!entry || entry.version !== version) {
    entry = { version, values: new Map() };
    memo.set(db, entry);
  }
  if (entry.values.has(key)) return entry.values.get(key) as T;
  const value = compute();
  if (entry.values.size >= 200) entry.values.clear();
  entry.values.set(key, value);
  return value;
}

const preparedByDb = new WeakMap<CairnDb, Map<string, unknown>>();

/**
 * A query built and prepared once per database handle, then run with `sql.placeholder` values. Building a
 * select of every column of documents and repositories costs drizzle a few milliseconds each time, more
 * than SQLite takes to answer it: the pages that run such a query on every view prepare it once.
 */
export function preparedQuery<T>(db: CairnDb, name: string, build: () => T): T {
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (query === undefined) queries.set(name, (query = build()));
  return query;
}

/** One indexed document with the repository it belongs to (null outside any), or undefined for an unknown id. */
export function documentWithRepository(db: CairnDb, id: string) {
  return preparedQuery(db, "documentWithRepository", () =>
    db
      .select({ doc: documents, repo: repositories })
      .from(documents)
      .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
      .where(eq(documents.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

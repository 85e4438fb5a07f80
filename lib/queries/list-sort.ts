import "server-only";
/** Sorting the checkpoint tables (all checkpoints, one repository's): the columns, their SQL, and the URL form. */
import { sql, type SQL } from "drizzle-orm";
import { documents, problems, secretFindings } from "../../db/schema";
import { listColumns, param, type CheckpointListRow } from "./shared";
import { noFieldsSql } from "./no-fields";
import { liveFindingSql } from "./secret-dismissed";

export const LIST_SORTS = ["date", "repository", "branch", "title", "status", "family", "tasks", "quality", "freshness", "secrets", "problems"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type SortDir = "asc" | "desc";

/** Columns whose first click shows the most first (newest, most open tasks, best, most secrets or problems). */
const DESC_FIRST: ReadonlySet<string> = new Set(["date", "latest", "checkpoints", "open", "tasks", "quality", "secrets", "problems"]);

export function firstDir(sort: string): SortDir {
  return DESC_FIRST.has(sort) ? "desc" : "asc";
}

/** The direction a click on `sort`'s header asks for: the other way when it is already the sort, else its first way. */
export function clickDir(current: { sort: string; dir: SortDir }, sort: string): SortDir {
  return current.sort === sort ? (current.dir === "asc" ? "desc" : "asc") : firstDir(sort);
}

/** `sort` and `dir` from searchParams; anything unknown is the default. */
export function sortParams<S extends string>(sp: Record<string, string | string[] | undefined>, allowed: readonly S[], fallback: S): { sort: S; dir: SortDir } {
  const sort = allowed.find((s) => s === param(sp.sort)) ?? fallback;
  const dir = param(sp.dir);
  return { sort, dir: dir === "asc" || dir === "desc" ? dir : firstDir(sort) };
}

/** Secret findings in the document not dismissed as "not a secret" (none are shown, only counted). */
export const secretsCountSql = sql<number>`(select count(*) from ${secretFindings} where ${secretFindings.documentId} = ${documents.id} and ${liveFindingSql})`;
/** Problems recorded about the document (a broken frontmatter, an encoding guessed, …). */
export const problemsCountSql = sql<number>`(select count(*) from ${problems} where ${problems.documentId} = ${documents.id})`;

/** Fresh first when ascending; unknown last. */
export const FRESHNESS_ORDER = sql`case ${documents.freshnessLevel} when 'fresh' then 0 when 'slightly-stale' then 1 when 'stale' then 2 when 'very-stale' then 3 else 4 end`;

export function sortExpression(sort: ListSort): SQL {
  switch (sort) {
    case "repository":
      return sql`lower(coalesce(${listColumns.repoName}, ''))`;
    case "branch":
      return sql`coalesce(${documents.branch}, '')`;
    case "title":
      return sql`lower(coalesce(${documents.title}, ${documents.path}))`;
    case "status":
      return sql`coalesce(${listColumns.status}, 'zz')`;
    case "family":
      return sql`${documents.format}`;
    case "tasks":
      return sql`coalesce(${documents.tasksTotal} - ${documents.tasksDone}, -1)`;
    case "quality":
      return sql`coalesce(${documents.qualityScore}, -1)`;
    case "freshness":
      // a file with no checkpoint fields has no freshness of its own: after every level
      return sql`case when ${noFieldsSql} = 1 then 5 else ${FRESHNESS_ORDER} end`;
    case "secrets":
      return secretsCountSql;
    case "problems":
      return problemsCountSql;
    default:
      return sql`coalesce(${documents.savedAt}, '')`;
  }
}

/** The columns of the checkpoint tables: the list's, plus the counts of secrets and problems. */
export const tableColumns = { ...listColumns, secrets: secretsCountSql, problems: problemsCountSql, noFields: noFieldsSql };
/** `noFields`: 1 when the file has no checkpoint fields (lib/queries/no-fields.ts): shown as such, never as fresh. */
export type CheckpointTableRow = CheckpointListRow & { secrets: number; problems: number; noFields: number };

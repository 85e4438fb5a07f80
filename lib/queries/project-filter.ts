import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents } from "../../db/schema";

/**
 * Every `repo` filter means the project (issue 25): the path of any of its checkouts (a linked worktree, a clone,
 * the main worktree), or a folder inside one, selects the records of all of them. The checkout is the innermost
 * indexed repository holding the path; the project is it and every repository sharing its project key.
 * Shared by `cairn list`, `cairn queue`, `/api/queue`, search (`cairn search --repo`, `/api/search`) and MCP
 * (no "server-only" here: the command line's `list` loads it).
 */

/** A path as the filters compare it: no trailing slash (but "/" stays "/"). */
export const repoPathOf = (given: string): string => {
  const text = given.trim();
  return text.length > 1 ? text.replace(/\/+$/, "") || "/" : text;
};

/** The innermost indexed repository at or above `:path` (its id and project key). */
const holder = (path: string | Placeholder) =>
  sql`(select "id", "project_key" from "repositories" where "path" = ${path} or substr(${path}, 1, length("path") + 1) = "path" || '/' order by length("path") desc limit 1)`;

/** Repository ids of the project holding `path` (a SQL subquery; `path` may be a prepared statement's placeholder). */
export const projectRepositoryIdsAt = (path: string | Placeholder): SQL =>
  sql`(select r."id" from "repositories" r, ${holder(path)} h where r."id" = h."id" or r."project_key" = h."project_key")`;

/** Documents of the project holding `path`: a record whose primary is a sibling worktree or clone is this checkout's too. */
export const inProjectAt = (path: string | Placeholder): SQL => sql`${documents.repositoryId} in ${projectRepositoryIdsAt(path)}`;

/** The checkouts (id and path) of the project holding `path`; none when no indexed repository holds it. */
export function projectCheckoutsAt(db: CairnDb, path: string): { id: number; path: string }[] {
  return db.$client
    .prepare(
      `select r."id" as id, r."path" as path from "repositories" r, (select "id", "project_key" from "repositories"
        where "path" = @p or substr(@p, 1, length("path") + 1) = "path" || '/' order by length("path") desc limit 1) h
        where r."id" = h."id" or r."project_key" = h."project_key" order by r."path"`,
    )
    .all({ p: repoPathOf(path) }) as { id: number; path: string }[];
}

/** The checkouts of every project holding one of `ids` (the repositories a name or an id named). */
export function projectCheckoutsOf(db: CairnDb, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  const marks = ids.map(() => "?").join(", ");
  return db.$client
    .prepare(
      `select distinct r."id" from "repositories" r where r."id" in (${marks})
        or r."project_key" in (select "project_key" from "repositories" where "id" in (${marks}) and "project_key" is not null)`,
    )
    .pluck()
    .all(...ids, ...ids) as number[];
}

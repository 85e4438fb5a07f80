import { sql } from "drizzle-orm";
import { documents } from "../../db/schema";

/**
 * Documents of the repository at `path` and of every other checkout of its project (issue 25): a record whose
 * primary is a sibling worktree or clone is this repository's too. Shared by `listRecords` and `cairn list --json`
 * (no "server-only" here: the command line's `list` loads it).
 */
export const inProjectAt = (path: string) =>
  sql`${documents.repositoryId} in (select "id" from "repositories" where "path" = ${path} or "project_key" = (select "project_key" from "repositories" where "path" = ${path}))`;

import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories, saveEvents, type DocumentRow, type Repository, type SaveEventRow } from "../../db/schema";
import {
  archiveSql,
  branchGoneSql,
  listColumns,
  notDuplicate,
  likePattern,
  param,
  repositoryJoin,
  statusCondition,
  STATUS_FILTERS,
  type CheckpointListRow,
  type StatusFilter,
} from "./shared";
import { setAsideCondition } from "./marks";

export const REPO_SORTS = ["date", "branch", "title", "status", "family", "tasks", "quality", "freshness"] as const;
export type RepoSort = (typeof REPO_SORTS)[number];
export const HYGIENE_FILTERS = ["superseded-open", "branch-gone", "archives"] as const;
export type HygieneFilter = (typeof HYGIENE_FILTERS)[number];

export interface RepoTableQuery {
  sort: RepoSort;
  dir: "asc" | "desc";
  branch?: string;
  status?: StatusFilter;
  family?: string;
  hygiene?: HygieneFilter;
  q?: string;
  /** Archived and snoozed checkpoints: hidden by default, "only" these, or "all" shown too. */
  setAside?: "only" | "all";
}

export interface TimelineSave {
  id: string;
  title: string | null;
  branch: string | null;
  savedAt: string;
  status: string | null;
}

export type RelatedDocument = Pick<DocumentRow, "id" | "title" | "path" | "kind" | "format" | "savedAt">;

export interface RepositoryPageData {
  repo: Repository;
  rows: CheckpointListRow[];
  /** Checkpoints before filtering. */
  total: number;
  branches: string[];
  families: string[];
  timeline: TimelineSave[];
  commits: Pick<SaveEventRow, "sha" | "subject" | "committedAt" | "branch">[];
  notes: Pick<DocumentRow, "id" | "path" | "original" | "savedAt"> | null;
  related: RelatedDocument[];
}

/** Read the table's sort and filters from searchParams, ignoring anything unknown. */
export function repoTableQuery(sp: Record<string, string | string[] | undefined>): RepoTableQuery {
  const sort = param(sp.sort);
  const dir = param(sp.dir);
  const status = param(sp.status);
  const hygiene = param(sp.hygiene);
  return {
    sort: REPO_SORTS.find((s) => s === sort) ?? "date",
    dir: dir === "asc" || dir === "desc" ? dir : sort && sort !== "date" ? "asc" : "desc",
    branch: param(sp.branch),
    status: STATUS_FILTERS.find((s) => s === status),
    family: param(sp.family),
    hygiene: HYGIENE_FILTERS.find((h) => h === hygiene),
    q: param(sp.q),
    setAside: param(sp.triage) === "only" ? "only" : param(sp.triage) === "all" ? "all" : undefined,
  };
}

const FRESHNESS_ORDER = sql`case ${documents.freshnessLevel} when 'fresh' then 0 when 'slightly-stale' then 1 when 'stale' then 2 when 'very-stale' then 3 else 4 end`;

function sortExpression(sort: RepoSort): SQL {
  switch (sort) {
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
      return FRESHNESS_ORDER;
    default:
      return sql`coalesce(${documents.savedAt}, '')`;
  }
}

export function repositoryPage(db: CairnDb, id: number, query: RepoTableQuery): RepositoryPageData | null {
  const repo = db.select().from(repositories).where(eq(repositories.id, id)).get();
  if (!repo) return null;
  const base = and(eq(documents.repositoryId, id), eq(documents.kind, "checkpoint"), notDuplicate)!;

  const conditions: SQL[] = [base];
  if (query.branch) conditions.push(query.branch === "(none)" ? sql`${documents.branch} is null` : eq(documents.branch, query.branch));
  if (query.status) conditions.push(statusCondition(query.status));
  if (query.family) conditions.push(eq(documents.format, query.family));
  if (query.q) conditions.push(sql`coalesce(${documents.title}, ${documents.path}) like ${likePattern(query.q)} escape '\\'`);
  if (query.hygiene === "superseded-open") conditions.push(isNotNull(documents.supersededBy), statusCondition("in-progress"));
  if (query.hygiene === "branch-gone") conditions.push(sql`${branchGoneSql} = 1`, statusCondition("in-progress"));
  if (query.hygiene === "archives") conditions.push(sql`${archiveSql}`);
  // archived and snoozed leave the default table; a hygiene link shows everything it counted
  const triage = query.hygiene ? undefined : setAsideCondition(query.setAside);
  if (triage) conditions.push(triage);

  const by = sortExpression(query.sort);
  const direction = query.dir === "asc" ? asc : desc;
  const rows = db
    .select(listColumns)
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(and(...conditions))
    .orderBy(direction(by), desc(documents.savedAt), asc(documents.id))
    .all();

  const all = db
    .select({ id: documents.id, title: documents.title, branch: documents.branch, savedAt: documents.savedAt, status: listColumns.status, format: documents.format })
    .from(documents)
    .where(base)
    .orderBy(asc(documents.savedAt))
    .all();

  const related = db
    .select({ id: documents.id, title: documents.title, path: documents.path, kind: documents.kind, format: documents.format, savedAt: documents.savedAt })
    .from(documents)
    .where(and(eq(documents.repositoryId, id), inArray(documents.kind, ["research", "plan", "review", "journal"])))
    .orderBy(asc(documents.kind), desc(documents.savedAt))
    .all();
  const notesRef = related.find((d) => d.format === "project-notes");
  const notes = notesRef
    ? (db
        .select({ id: documents.id, path: documents.path, original: documents.original, savedAt: documents.savedAt })
        .from(documents)
        .where(eq(documents.id, notesRef.id))
        .get() ?? null)
    : null;

  return {
    repo,
    rows,
    total: all.length,
    branches: [...new Set(all.map((d) => d.branch ?? "(none)"))].sort(),
    families: [...new Set(all.map((d) => d.format))].sort(),
    timeline: all.filter((d): d is typeof d & { savedAt: string } => !!d.savedAt).map(({ format: _f, ...d }) => d),
    commits: db
      .select({ sha: saveEvents.sha, subject: saveEvents.subject, committedAt: saveEvents.committedAt, branch: saveEvents.branch })
      .from(saveEvents)
      .where(eq(saveEvents.repositoryId, id))
      .orderBy(asc(saveEvents.committedAt))
      .all(),
    notes,
    related: related.filter((d) => d.format !== "project-notes"),
  };
}

export function repositoryName(db: CairnDb, id: number): string | null {
  return db.select({ name: repositories.name }).from(repositories).where(eq(repositories.id, id)).get()?.name ?? null;
}

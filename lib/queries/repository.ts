import "server-only";
import { liveFindingSql } from "./secret-dismissed";
import { noFieldFileCounts } from "./no-fields";
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, problems, repositories, saveEvents, secretFindings, type DocumentRow, type Repository, type SaveEventRow } from "../../db/schema";
import {
  archiveSql,
  branchGoneSql,
  listColumns,
  notDuplicate,
  likePattern,
  memoUntilChange,
  param,
  repositoryJoin,
  statusCondition,
  STATUS_FILTERS,
  type StatusFilter,
} from "./shared";
import { setAsideCondition } from "./marks";
import { foldByProject, inProjectOf, type CheckoutSummary } from "./projects";
import { firstDir, sortExpression, sortParams, tableColumns, type CheckpointTableRow, type SortDir } from "./list-sort";

export const REPO_SORTS = ["date", "branch", "title", "status", "family", "tasks", "quality", "freshness", "secrets", "problems"] as const;
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
  /** The page of the table (REPO_PAGE_SIZE rows each). */
  page?: number;
}

/** Rows of a repository's table per page: a repository may hold thousands of units (3,000 drew a 21 MB page). */
export const REPO_PAGE_SIZE = 50;

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
  /** One page of the table. */
  rows: CheckpointTableRow[];
  /** Checkpoints before filtering. */
  total: number;
  /** Checkpoints the filters match, the page shown, how many pages, and the number of the first row. */
  matched: number;
  page: number;
  pages: number;
  firstIndex: number;
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
    dir: dir === "asc" || dir === "desc" ? dir : firstDir(REPO_SORTS.find((s) => s === sort) ?? "date"),
    branch: param(sp.branch),
    status: STATUS_FILTERS.find((s) => s === status),
    family: param(sp.family),
    hygiene: HYGIENE_FILTERS.find((h) => h === hygiene),
    q: param(sp.q),
    setAside: param(sp.triage) === "only" ? "only" : param(sp.triage) === "all" ? "all" : undefined,
    page: /^\d{1,6}$/.test(param(sp.page) ?? "") ? Math.max(1, Number(param(sp.page))) : 1,
  };
}

export function repositoryPage(db: CairnDb, id: number, query: RepoTableQuery): RepositoryPageData | null {
  const repo = db.select().from(repositories).where(eq(repositories.id, id)).get();
  if (!repo) return null;
  // every checkout of its project (issue 25): a checkpoint whose primary checkout is a sibling worktree is here too
  const base = and(inProjectOf(id), eq(documents.kind, "checkpoint"), notDuplicate)!;

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
  const where = and(...conditions);
  const matched = db.select({ n: sql<number>`count(*)` }).from(documents).where(where).get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(matched / REPO_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, pages);
  const rows = db
    .select(tableColumns)
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(where)
    .orderBy(direction(by), desc(documents.savedAt), asc(documents.id))
    .limit(REPO_PAGE_SIZE)
    .offset((page - 1) * REPO_PAGE_SIZE)
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
    .where(and(inProjectOf(id), inArray(documents.kind, ["research", "plan", "review", "journal"])))
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
    matched,
    page,
    pages,
    firstIndex: (page - 1) * REPO_PAGE_SIZE + 1,
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

export const REPO_LIST_SORTS = ["name", "path", "freshness", "checkpoints", "open", "secrets", "problems", "latest"] as const;
export type RepoListSort = (typeof REPO_LIST_SORTS)[number];

export interface RepositoryListRow {
  id: number;
  name: string;
  path: string;
  currentBranch: string | null;
  checkpoints: number;
  /** In progress (not completed in Cairn). */
  open: number;
  /** The stalest freshness level among the open checkpoints; null without any open checkpoint. */
  worstFreshness: string | null;
  /** Documents holding secret findings. */
  secrets: number;
  /** Files with problems. */
  problems: number;
  latest: string | null;
  /** The project's checkouts (issue 25), this row's first: one for a repository checked out once. */
  checkouts: CheckoutSummary[];
}

const LEVELS = ["fresh", "slightly-stale", "stale", "very-stale"] as const;
/** 0..3 for the known levels, -1 for unknown (any open checkpoint, known or not, makes the column non-empty). */
const LEVEL_RANK = sql<number>`case ${documents.freshnessLevel} when 'fresh' then 0 when 'slightly-stale' then 1 when 'stale' then 2 when 'very-stale' then 3 else -1 end`;

/** Sort rank of a worst freshness: fresh 0 … very stale 3, unknown 4, none (no open checkpoint) 5. */
function freshnessRank(level: string | null): number {
  if (level === null) return 5;
  const i = LEVELS.indexOf(level as (typeof LEVELS)[number]);
  return i >= 0 ? i : 4;
}

/** Two checkouts' counts as one project's. */
function mergeListing(into: RepositoryListRow, from: RepositoryListRow): RepositoryListRow {
  // as the scan ranks them: the stalest known level, "unknown" only when no level is known
  const rank = (level: string | null) => (level === null ? -2 : LEVELS.indexOf(level as (typeof LEVELS)[number]));
  const worst = rank(from.worstFreshness) > rank(into.worstFreshness) ? from.worstFreshness : into.worstFreshness;
  return {
    ...into,
    checkpoints: into.checkpoints + from.checkpoints,
    open: into.open + from.open,
    worstFreshness: worst,
    secrets: into.secrets + from.secrets,
    problems: into.problems + from.problems,
    latest: [into.latest, from.latest].filter((l) => l !== null).sort().pop() ?? null,
  };
}

/** The repositories page: every project (its checkouts beside it) with its worst open freshness and its counts, in three grouped scans. */
export function repositoryListing(db: CairnDb): RepositoryListRow[] {
  return memoUntilChange(db, "repositories:listing", () => foldByProject(db, repositoryRows(db), mergeListing));
}

function repositoryRows(db: CairnDb): RepositoryListRow[] {
  {
    const counts = new Map(
      db
        .select({
          id: documents.repositoryId,
          checkpoints: sql<number>`count(*)`,
          open: sql<number>`coalesce(sum(case when ${statusCondition("in-progress")} then 1 else 0 end), 0)`,
          worst: sql<number | null>`max(case when ${statusCondition("in-progress")} then ${LEVEL_RANK} end)`,
          latest: sql<string | null>`max(${documents.savedAt})`,
        })
        .from(documents)
        .where(and(eq(documents.kind, "checkpoint"), notDuplicate, isNotNull(documents.repositoryId)))
        .groupBy(documents.repositoryId)
        .all()
        .map((r) => [r.id!, r]),
    );
    const secrets = new Map(
      db
        .select({ id: documents.repositoryId, n: sql<number>`count(distinct ${documents.id})` })
        .from(secretFindings)
        .innerJoin(documents, eq(documents.id, secretFindings.documentId))
        .where(liveFindingSql)
        .groupBy(documents.repositoryId)
        .all()
        .map((r) => [r.id, r.n]),
    );
    const noFields = noFieldFileCounts(db);
    const problemFiles = new Map(
      db
        .select({ id: problems.repositoryId, n: sql<number>`count(distinct ${problems.filePath})` })
        .from(problems)
        .groupBy(problems.repositoryId)
        .all()
        .map((r) => [r.id, r.n]),
    );
    return db
      .select({ id: repositories.id, name: repositories.name, path: repositories.path, currentBranch: repositories.currentBranch })
      .from(repositories)
      .all()
      .map((repo) => {
        const c = counts.get(repo.id);
        const worst = c?.worst ?? null;
        return {
          ...repo,
          checkpoints: c?.checkpoints ?? 0,
          open: c?.open ?? 0,
          worstFreshness: worst === null ? null : worst < 0 ? "unknown" : LEVELS[worst],
          secrets: secrets.get(repo.id) ?? 0,
          problems: (problemFiles.get(repo.id) ?? 0) + (noFields.get(repo.id)?.files ?? 0),
          latest: c?.latest ?? null,
          checkouts: [],
        };
      });
  }
}

export function repositoryListQuery(sp: Record<string, string | string[] | undefined>): { sort: RepoListSort; dir: SortDir } {
  return sortParams(sp, REPO_LIST_SORTS, "latest");
}

/** Sorted as asked; ties by name. A copy: the listing itself is memoised. */
export function sortRepositories(rows: readonly RepositoryListRow[], sort: RepoListSort, dir: SortDir): RepositoryListRow[] {
  const key = (r: RepositoryListRow): string | number => {
    switch (sort) {
      case "name":
        return r.name.toLowerCase();
      case "path":
        return r.path;
      case "freshness":
        return freshnessRank(r.worstFreshness);
      case "latest":
        return r.latest ?? "";
      default:
        return r[sort];
    }
  };
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return c * sign || a.name.localeCompare(b.name) || a.id - b.id;
  });
}

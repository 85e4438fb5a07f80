import "server-only";
import { inProjectOf, representativesOnly } from "./projects";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories } from "../../db/schema";
import { setAsideCondition } from "./marks";
import { noFieldsSql } from "./no-fields";
import { LIST_SORTS, sortExpression, sortParams, tableColumns, type CheckpointTableRow, type ListSort, type SortDir } from "./list-sort";
import { FORMATS } from "../parse/types";
import {
  dateParam,
  likePattern,
  memoUntilChange,
  nextDay,
  notDuplicate,
  param,
  repositoryJoin,
  statusCondition,
  STATUS_FILTERS,
  type StatusFilter,
} from "./shared";

export const PAGE_SIZE = 50;

export interface CheckpointListQuery {
  /** Repository id, or "global" for checkpoints outside any repository. */
  repo?: number | "global";
  status?: StatusFilter;
  family?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** Archived and snoozed checkpoints: hidden by default, "only" these, or "all" shown too. */
  setAside?: "only" | "all";
  /** A freshness level (documents.freshnessLevel). */
  freshness?: FreshnessFilter;
  /** Title (or path) contains, at most 200 characters. */
  q?: string;
  page: number;
  /** Column to sort on (newest first by default). */
  sort?: ListSort;
  dir?: SortDir;
}

export interface CheckpointListPage {
  rows: CheckpointTableRow[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  /** 1-based position of the first row of this page. */
  firstIndex: number;
}

export interface CheckpointListOptions {
  repositories: { id: number; name: string }[];
  families: string[];
  hasGlobal: boolean;
}

export const FRESHNESS_FILTERS = ["fresh", "slightly-stale", "stale", "very-stale", "unknown"] as const;
export type FreshnessFilter = (typeof FRESHNESS_FILTERS)[number];

export function checkpointListQuery(sp: Record<string, string | string[] | undefined>): CheckpointListQuery {
  const repo = param(sp.repo);
  const status = param(sp.status);
  const page = Number.parseInt(param(sp.page) ?? "1", 10);
  const { sort, dir } = sortParams(sp, LIST_SORTS, "date");
  return {
    sort,
    dir,
    repo: repo === "global" ? "global" : repo && /^\d+$/.test(repo) ? Number(repo) : undefined,
    status: STATUS_FILTERS.find((s) => s === status),
    family: param(sp.family),
    from: dateParam(sp.from),
    to: dateParam(sp.to),
    setAside: param(sp.triage) === "only" ? "only" : param(sp.triage) === "all" ? "all" : undefined,
    freshness: FRESHNESS_FILTERS.find((f) => f === param(sp.freshness)),
    q: param(sp.q)?.trim().slice(0, 200) || undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

function conditions(query: CheckpointListQuery): SQL {
  const where: SQL[] = [eq(documents.kind, "checkpoint"), notDuplicate];
  if (query.repo === "global") where.push(sql`${documents.repositoryId} is null`);
  else if (query.repo !== undefined) where.push(inProjectOf(query.repo));
  if (query.status) where.push(statusCondition(query.status));
  if (query.family) where.push(eq(documents.format, query.family));
  if (query.from) where.push(gte(documents.savedAt, query.from));
  if (query.to) where.push(lt(documents.savedAt, nextDay(query.to)));
  // a file with no checkpoint fields is never fresh (or stale): it is listed under "unknown" only
  if (query.freshness === "unknown") where.push(sql`(coalesce(${documents.freshnessLevel}, 'unknown') = 'unknown' or ${noFieldsSql} = 1)`);
  else if (query.freshness) where.push(and(eq(documents.freshnessLevel, query.freshness), sql`${noFieldsSql} = 0`)!);
  if (query.q) where.push(sql`coalesce(${documents.title}, ${documents.path}) like ${likePattern(query.q)} escape '\\'`);
  // the user's triage (document_marks): archived, or snoozed until later, leaves the default list
  const triage = setAsideCondition(query.setAside);
  if (triage) where.push(triage);
  return and(...where)!;
}

/** One page of checkpoints across repositories, newest first unless sorted otherwise, with the total for the page links. */
export function listCheckpoints(db: CairnDb, query: CheckpointListQuery, pageSize = PAGE_SIZE): CheckpointListPage {
  const where = conditions(query);
  const { repo, status, family, from, to, setAside, freshness, q } = query;
  // a snooze ends with time, not with a write: the minute is part of the key
  const minute = setAside === "all" ? "" : new Date().toISOString().slice(0, 16);
  const total = memoUntilChange(db, `checkpoints:count:${JSON.stringify({ repo, status, family, from, to, setAside, freshness, q, minute })}`, () => db.select({ n: sql<number>`count(*)` }).from(documents).where(where).get()?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pages);
  const direction = query.dir === "asc" ? asc : desc;
  const order = query.sort && query.sort !== "date" ? [direction(sortExpression(query.sort)), desc(documents.savedAt), asc(documents.id)] : [direction(documents.savedAt), asc(documents.id)];
  const rows = db
    .select(tableColumns)
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { rows, total, page, pages, pageSize, firstIndex: (page - 1) * pageSize + 1 };
}

/** The filter choices: repositories from their (small) table, families from the parser registry (no scan). */
export function checkpointListOptions(db: CairnDb): CheckpointListOptions {
  const hasGlobal = !!db.select({ id: documents.id }).from(documents).where(sql`${documents.repositoryId} is null`).limit(1).get();
  return {
    // one choice per project (its checkouts' documents all listed under it, see inProjectOf)
    repositories: representativesOnly(db, db.select({ id: repositories.id, name: repositories.name }).from(repositories).orderBy(asc(repositories.name)).all()),
    families: FORMATS.filter((f) => f !== "project-notes" && f !== "review"),
    hasGlobal,
  };
}

import "server-only";
import type { CairnDb } from "../../db/client";
import { projectCheckoutsAt, projectCheckoutsOf } from "../queries/project-filter";
import type { SearchFilters } from "./filters";
import { nextDay } from "./filters";

/**
 * The few columns filters look at, for every document, kept in memory per connection.
 *
 * `documents` rows are wide (the body and the original are stored inline), so testing a filter on
 * thousands of text matches row by row costs a page read each. This copy is read once, and again only
 * after the database changed: `PRAGMA data_version` moves when another connection commits (the CLI's
 * indexer), `total_changes()` when this one writes (the server's own indexer and actions).
 */
export interface Facet {
  rowid: number;
  id: string;
  repositoryId: number | null;
  branch: string | null;
  /** The status shown: completed once completed in Cairn, else the file's normalised status. */
  status: string | null;
  format: string;
  kind: string;
  level: string;
  savedAt: string | null;
  /** The resolved commit, lower-case; else the sha as written when it looks like one. */
  sha: string | null;
  duplicate: boolean;
}

export interface FacetIndex {
  list: Facet[];
  byRowid: Map<number, Facet>;
  byId: Map<string, Facet>;
  /** Every distinct referenced path, read on the first file trace. */
  referencedPaths?: string[];
  /** Documents referencing each traced path, newest first, remembered until the database changes. */
  referencing: Map<string, Facet[]>;
  /**
   * The rowids a set of filters keeps (or leaves out, whichever list is shorter), as JSON for SQL, remembered
   * until the database changes: a search typed word by word keeps its filters (at 62,000 documents the list
   * costs ~3.5 ms to build for each search). A few filter sets at most.
   */
  restrictions: Map<string, { inList: boolean; json: string } | null>;
  /** Rowids of the duplicates (always left out), as a JSON array for SQL. */
  duplicateRowids: string;
}

interface Cached {
  version: string;
  index: FacetIndex;
}

const cache = new WeakMap<object, Cached>();

function versionOf(db: CairnDb): string {
  const client = db.$client;
  const dataVersion = client.pragma("data_version", { simple: true }) as number;
  const changes = client.prepare("SELECT total_changes()").pluck().get() as number;
  return `${dataVersion}:${changes}`;
}

const LOAD = `SELECT d.rowid AS rowid, d.id AS id, d.repository_id AS repositoryId, d.branch AS branch,
  CASE WHEN d.completed_in_cairn = 1 OR c.document_id IS NOT NULL THEN 'completed' ELSE d.status END AS status,
  d.format AS format, d.kind AS kind, coalesce(d.freshness_level, 'unknown') AS level, d.saved_at AS savedAt,
  lower(coalesce(d.head_sha, CASE WHEN length(d.head_sha_raw) BETWEEN 7 AND 64 THEN d.head_sha_raw END)) AS sha,
  (d.duplicate_of IS NOT NULL OR d.alias_of IS NOT NULL) AS duplicate
  FROM documents d LEFT JOIN cairn_completions c ON c.document_id = d.id`;

export function facetIndex(db: CairnDb): FacetIndex {
  const version = versionOf(db);
  const cached = cache.get(db.$client);
  if (cached && cached.version === version) return cached.index;
  const list = (db.$client.prepare(LOAD).all() as (Omit<Facet, "duplicate"> & { duplicate: number })[]).map((f) => ({
    ...f,
    duplicate: f.duplicate === 1,
  }));
  const index: FacetIndex = {
    list,
    byRowid: new Map(list.map((f) => [f.rowid, f])),
    byId: new Map(list.map((f) => [f.id, f])),
    referencing: new Map(),
    restrictions: new Map(),
    duplicateRowids: JSON.stringify(list.filter((f) => f.duplicate).map((f) => f.rowid)),
  };
  cache.set(db.$client, { version: versionOf(db), index });
  return index;
}

/** Distinct referenced paths equal to, or ending with `/` + one of, these paths (the path index answers both reads). */
export function tracedPaths(db: CairnDb, paths: readonly string[]): string[] {
  const index = facetIndex(db);
  index.referencedPaths ??= db.$client.prepare("SELECT DISTINCT path FROM referenced_files").pluck().all() as string[];
  const suffixes = paths.map((p) => `/${p}`);
  return index.referencedPaths.filter((known) => paths.includes(known) || suffixes.some((s) => known.endsWith(s)));
}

/**
 * Repository ids a `repo` filter names: the project (issue 25) of an absolute path (any of its checkouts, or a folder
 * inside one), of a name (any case) or of a numeric id: every checkout of it; null for "global".
 */
function repositoryIds(db: CairnDb, repo: string): Set<number | null> {
  if (repo === "global") return new Set([null]);
  if (repo.startsWith("/")) {
    const checkouts = projectCheckoutsAt(db, repo);
    if (checkouts.length > 0) return new Set(checkouts.map((c) => c.id));
  }
  const ids = db.$client
    .prepare("SELECT id FROM repositories WHERE name = ? COLLATE NOCASE OR (? GLOB '[0-9]*' AND id = CAST(? AS INTEGER))")
    .pluck()
    .all(repo, repo, repo) as number[];
  return new Set(projectCheckoutsOf(db, ids));
}

const IN_PROGRESS = new Set(["in-progress", "blocked"]);
const COMPLETED = new Set(["completed", "superseded"]);

/** One predicate for all filters; duplicates (latest.md beside its archive) are always left out. */
export function facetFilter(db: CairnDb, filters: SearchFilters): (facet: Facet | undefined) => facet is Facet {
  const repos = filters.repo ? repositoryIds(db, filters.repo.trim()) : null;
  const before = filters.to ? nextDay(filters.to) : null;
  return (f): f is Facet => {
    if (!f || f.duplicate) return false;
    if (repos && !repos.has(f.repositoryId)) return false;
    if (filters.branch && f.branch !== filters.branch) return false;
    if (filters.status === "in-progress" && !(f.status && IN_PROGRESS.has(f.status))) return false;
    if (filters.status === "completed" && !(f.status && COMPLETED.has(f.status))) return false;
    if (filters.status === "none" && f.status !== null) return false;
    if (filters.format && f.format !== filters.format) return false;
    if (filters.kind && f.kind !== filters.kind) return false;
    if (filters.level && f.level !== filters.level) return false;
    if (filters.from && !(f.savedAt && f.savedAt >= filters.from)) return false;
    if (before && !(f.savedAt && f.savedAt < before)) return false;
    return true;
  };
}

/** Saved at one of these commits (each a lower-case prefix of 7..40 hex, or a full sha a short saved one begins). */
export function savedAtAny(facet: Facet, shas: readonly string[]): boolean {
  const sha = facet.sha;
  if (!sha) return false;
  return shas.some((s) => sha.startsWith(s) || (sha.length < 40 && s.startsWith(sha)));
}

/** Newest first; undated last; then by id, so that pages are stable. */
export function newestFirst(a: Facet, b: Facet): number {
  if (a.savedAt !== b.savedAt) {
    if (a.savedAt === null) return 1;
    if (b.savedAt === null) return -1;
    return a.savedAt < b.savedAt ? 1 : -1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const MAX_RESTRICTIONS = 16;

/** The rowids the filters keep, or those they leave out when fewer, as JSON; null when they keep none. */
export function filterRestriction(db: CairnDb, facets: FacetIndex, filters: SearchFilters): { inList: boolean; json: string } | null {
  const key = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
  const known = facets.restrictions.get(key);
  if (known !== undefined) return known;
  const keep = facetFilter(db, filters);
  const kept: number[] = [];
  const left: number[] = [];
  for (const f of facets.list) (keep(f) ? kept : left).push(f.rowid);
  const restriction =
    kept.length === 0 ? null : kept.length <= left.length ? { inList: true, json: JSON.stringify(kept) } : { inList: false, json: JSON.stringify(left) };
  if (facets.restrictions.size >= MAX_RESTRICTIONS) facets.restrictions.delete(facets.restrictions.keys().next().value!);
  facets.restrictions.set(key, restriction);
  return restriction;
}

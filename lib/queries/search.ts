import "server-only";
import type { HitLike } from "../search/response";
import type { CairnDb } from "../../db/client";
import { parseQuery, type ParsedQuery } from "../search/query";
import { FILTER_KEYS, normalizeFilter, type SearchFilters } from "../search/filters";
import { buildSnippet, highlightText, type HighlightTerm, type SnippetPart } from "../search/snippet";
import { facetFilter, facetIndex, filterRestriction, newestFirst, savedAtAny, tracedPaths, type Facet } from "../search/facets";
import { questionPage } from "./search-question";
import type { Candidate, Found } from "./search-types";
import { countTextMatches, hitRows, rankedChunk, referencingDocuments, textMatches, textMatchesWithin, tracedReferences, type HitRow } from "../search/sql";
import { DEFAULT_LIMIT } from "../search/url";
import { searchSessions, sessionsSearchable } from "./session-search";

/** Checkpoint and session hits in one list: those holding every word first, then by BM25 (lower is better). */
function mergeByRank(documents: SearchHit[], sessions: SearchHit[]): SearchHit[] {
  const all = (h: SearchHit) => (h.matched ? h.matched.allWords : true);
  return [...documents, ...sessions]
    .map((hit, order) => ({ hit, order }))
    .sort((a, b) => Number(all(b.hit)) - Number(all(a.hit)) || (a.hit.rank ?? 0) - (b.hit.rank ?? 0) || a.order - b.order)
    .map((x) => x.hit);
}

export interface SearchOptions extends SearchFilters {
  limit?: number;
  offset?: number;
  /** Text matches ranked at most (the newest by index order); RANK_CAP unless set (tests). */
  rankCap?: number;
  /** Text matches counted at most; COUNT_CAP unless set (tests). */
  countCap?: number;
  /** Every word as typed, as before questions were ranked (lib/search/ranked.ts): no stems, no fallback to some words. */
  exact?: boolean;
}

/** bm25 ranks at most this many text matches (the newest), past it the note says so. */
export const RANK_CAP = 1_000;
/** A file trace with words scores only the documents naming the file when there are at most this many. */
const SCORED_WITHIN = 5_000;
/** Text matches are counted up to this many; past it the total is "more than" it. */
export const COUNT_CAP = 10_000;

/** A search hit: defined with the response contract in lib/search/response.ts (free of the database). */
export type SearchHit = HitLike;
export type MatchedBy = HitLike["matchedBy"];

export interface SearchResult {
  query: string;
  parsed: ParsedQuery;
  /** The filters applied: typed in the query, overridden by explicit options. */
  filters: SearchFilters;
  hits: SearchHit[];
  total: number;
  limit: number;
  offset: number;
  notes: string[];
}


export const MAX_SEARCH_LIMIT = 500;

/** Explicit options win over filters typed in the query; both are checked the same way. */
function effectiveFilters(typed: SearchFilters, options: SearchOptions, notes: string[]): SearchFilters {
  const filters: SearchFilters = { ...typed };
  for (const key of FILTER_KEYS) {
    const value = options[key];
    if (value === undefined || value === "") continue;
    const normalized = normalizeFilter(key, String(value));
    if (normalized.ok) (filters as Record<string, string>)[key] = normalized.value;
    else notes.push(normalized.note);
  }
  return filters;
}

function referenceSnippet(refs: { path: string; role: string }[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  refs.forEach((ref, i) => {
    parts.push({ text: `${i ? " · " : ""}${ref.role === "modified" ? "modified" : `referenced (${ref.role})`}: `, mark: false });
    parts.push({ text: ref.path, mark: true });
  });
  return parts;
}

function snippetFor(candidate: Candidate, row: HitRow, parsed: ParsedQuery, refs: { path: string; role: string }[] | undefined, highlight: HighlightTerm[]): SnippetPart[] {
  const { matchedBy } = candidate;
  if (matchedBy === "text" || (matchedBy === "file" && parsed.matchWithoutShas)) return buildSnippet(row.body, highlight);
  if (matchedBy === "file") return referenceSnippet(refs ?? []);
  if (matchedBy === "commit") {
    return [
      { text: "saved at commit ", mark: false },
      { text: row.headSha ?? candidate.facet.sha ?? "", mark: true },
    ];
  }
  return buildSnippet(row.body, []);
}

/** Titles and snippets for the hits of one page: the wide rows of those documents alone are read. */
function present(db: CairnDb, parsed: ParsedQuery, page: Candidate[], exactPaths: string[], extraHighlight: HighlightTerm[] = []): SearchHit[] {
  const highlight = extraHighlight.length ? [...parsed.highlight, ...extraHighlight] : parsed.highlight;
  const rows = hitRows(db, page.map((c) => c.facet.rowid));
  const traced = page.filter((c) => c.matchedBy === "file").map((c) => c.facet.id);
  const refs = tracedReferences(db, traced, exactPaths);
  const hits: SearchHit[] = [];
  for (const candidate of page) {
    const row = rows.get(candidate.facet.rowid);
    if (!row) continue;
    const { facet } = candidate;
    const references = candidate.matchedBy === "file" ? refs.get(facet.id) ?? [] : undefined;
    hits.push({
      id: row.id,
      repo: row.repo,
      repoName: row.repoName,
      path: row.path,
      source: row.source,
      title: row.title,
      format: row.format,
      kind: row.kind,
      status: facet.status,
      branch: row.branch,
      savedAt: row.savedAt,
      level: facet.level,
      headSha: row.headSha,
      rank: candidate.rank,
      matchedBy: candidate.matchedBy,
      titleParts: highlightText(row.title, highlight),
      snippet: snippetFor(candidate, row, parsed, references, highlight),
      ...(references ? { references } : {}),
      ...(candidate.explanation ? { matched: candidate.explanation } : {}),
    });
  }
  return hits;
}

/** Text matches passing the filter, best first (bm25, then newest). */
function rankedText(db: CairnDb, match: string, keep: (f: Facet | undefined) => f is Facet, byRowid: Map<number, Facet>): Candidate[] {
  const out: Candidate[] = [];
  for (const [rowid, score] of textMatches(db, match)) {
    const facet = byRowid.get(rowid);
    if (keep(facet)) out.push({ facet, rank: score, matchedBy: "text" });
  }
  return out;
}

function scoresOf(db: CairnDb, match: string): Map<number, number> {
  return new Map(textMatches(db, match));
}

function byRankThenNewest(a: Candidate, b: Candidate): number {
  return (a.rank ?? 0) - (b.rank ?? 0) || newestFirst(a.facet, b.facet);
}


function paged(all: Candidate[], offset: number, limit: number): Found {
  return { total: all.length, page: all.slice(offset, offset + limit) };
}

/**
 * Words (no trace, no sha): FTS5 counts and ranks by itself, restricted to the documents the filters
 * keep or, when shorter, away from those they leave out (duplicates are always left out). The matches
 * never travel to JavaScript one by one.
 */
function rankedTextPage(db: CairnDb, match: string, filters: SearchFilters, offset: number, limit: number, caps: Caps, notes: string[]): Found {
  const facets = facetIndex(db);
  const restriction = Object.keys(filters).length === 0 ? { inList: false, json: facets.duplicateRowids } : filterRestriction(db, facets, filters);
  if (!restriction) return { total: 0, page: [] };
  const counted = countTextMatches(db, match, restriction, caps.count);
  const total = Math.min(counted, caps.count);
  // the newest `caps.rank` matches ranked by bm25, then the next ones, and so on: each page scores its chunks only
  const rows: [number, number][] = [];
  for (let chunk = Math.floor(offset / caps.rank); chunk * caps.rank < offset + limit && chunk * caps.rank < counted; chunk++) {
    const start = chunk * caps.rank;
    const end = Math.min(offset + limit - start, caps.rank);
    rows.push(...rankedChunk(db, match, restriction, chunk, caps.rank, end).slice(Math.max(offset - start, 0)));
  }
  const page = rows.flatMap(([rowid, score]): Candidate[] => {
    const facet = facets.byRowid.get(rowid);
    return facet ? [{ facet, rank: score, matchedBy: "text" }] : [];
  });
  if (counted > caps.count) notes.push(`more than ${caps.count.toLocaleString("en-US")} documents match: the total is capped there`);
  if (total > caps.rank) {
    notes.push(`${counted > caps.count ? "so many" : total.toLocaleString("en-US")} documents match: the best of the ${caps.rank.toLocaleString("en-US")} indexed last come first; add words or a filter to narrow`);
  }
  return { total, page };
}

interface Caps {
  rank: number;
  count: number;
  exact: boolean;
}

/** The candidates of one page, and how many there are in all. */
function candidates(db: CairnDb, parsed: ParsedQuery, filters: SearchFilters, exactPaths: string[], offset: number, limit: number, caps: Caps, notes: string[]): Found | null {
  const all = everyCandidate(db, parsed, filters, exactPaths);
  if (all !== "text-only") return all && paged(all, offset, limit);
  const question = parsed.plainWords && !caps.exact ? questionPage(db, parsed, filters, offset, limit, caps, notes) : null;
  if (question) return question;
  return rankedTextPage(db, parsed.match!, filters, offset, limit, caps, notes);
}

/** Every candidate, in order, before paging ("text-only" when FTS5 can page by itself). */
function everyCandidate(db: CairnDb, parsed: ParsedQuery, filters: SearchFilters, exactPaths: string[]): Candidate[] | null | "text-only" {
  const facets = facetIndex(db);
  const keep = facetFilter(db, filters);
  if (parsed.filePaths.length) {
    const key = exactPaths.join("\0");
    let referencing = facets.referencing.get(key);
    if (!referencing) {
      referencing = [...referencingDocuments(db, exactPaths)].flatMap((id) => facets.byId.get(id) ?? []).sort(newestFirst);
      facets.referencing.set(key, referencing);
    }
    let found = referencing.filter(keep);
    if (parsed.shas.length) found = found.filter((f) => savedAtAny(f, parsed.shas));
    const match = parsed.matchWithoutShas;
    if (!match) return found.map((facet) => ({ facet, rank: null, matchedBy: "file" }));
    // a file named in few documents: only those are scored (bm25 is the same whichever rows are asked for)
    const scores = found.length <= SCORED_WITHIN ? new Map(textMatchesWithin(db, match, found.map((f) => f.rowid))) : scoresOf(db, match);
    return found
      .filter((f) => scores.has(f.rowid))
      .map((facet): Candidate => ({ facet, rank: scores.get(facet.rowid) ?? null, matchedBy: "file" }))
      .sort(byRankThenNewest);
  }
  if (parsed.shas.length) {
    let commits = facets.list.filter((f) => keep(f) && savedAtAny(f, parsed.shas));
    if (parsed.matchWithoutShas) {
      const scores = scoresOf(db, parsed.matchWithoutShas);
      commits = commits.filter((f) => scores.has(f.rowid));
    }
    const shown = new Set(commits.map((f) => f.rowid));
    const text = parsed.match ? rankedText(db, parsed.match, keep, facets.byRowid).filter((c) => !shown.has(c.facet.rowid)) : [];
    return [...commits.sort(newestFirst).map((facet): Candidate => ({ facet, rank: null, matchedBy: "commit" })), ...text];
  }
  if (parsed.match) return "text-only";
  if (Object.keys(filters).length) {
    return facets.list.filter(keep).sort(newestFirst).map((facet) => ({ facet, rank: null, matchedBy: "filter" }));
  }
  return null;
}

/**
 * Ranked full-text search (bm25: titles, then decisions, then the body), file traces (`file:PATH`,
 * newest first), commit lookups (a sha: the saves made at it first) and filters. Never throws on
 * what the user typed: anything odd becomes a note.
 */
export function searchDocuments(db: CairnDb, query: string, options: SearchOptions = {}): SearchResult {
  const text = typeof query === "string" ? query : "";
  const parsed = parseQuery(text);
  const notes = [...parsed.notes];
  const filters = effectiveFilters(parsed.filters, options, notes);
  const limit = Math.min(Math.max(Math.trunc(Number(options.limit ?? DEFAULT_LIMIT)) || DEFAULT_LIMIT, 1), MAX_SEARCH_LIMIT);
  const offset = Math.max(Math.trunc(Number(options.offset ?? 0)) || 0, 0);
  const result = (hits: SearchHit[], total: number): SearchResult => ({ query: text, parsed, filters, hits, total, limit, offset, notes });
  try {
    const exactPaths = parsed.filePaths.length ? tracedPaths(db, parsed.filePaths) : [];
    const caps: Caps = { rank: Math.max(1, options.rankCap ?? RANK_CAP), count: Math.max(1, options.countCap ?? COUNT_CAP), exact: options.exact === true };
    const sessionsOnly = filters.kind === "session";
    const found = sessionsOnly ? { total: 0, page: [] } : candidates(db, parsed, filters, exactPaths, offset, limit, caps, notes);
    if (found) {
      const documents = present(db, parsed, found.page, exactPaths, found.highlight);
      if (!sessionsSearchable(parsed, filters)) return result(documents, found.total);
      // past sessions, ranked the same way, merged into the first page (later pages: checkpoints only)
      const sessions = searchSessions(db, parsed, filters, offset === 0 ? limit : 0);
      if (!sessions.total) return result(documents, found.total);
      const merged = offset === 0 ? mergeByRank(documents, sessions.hits).slice(0, limit) : documents;
      return result(merged, found.total + sessions.total);
    }
  } catch (error) {
    notes.push(`the search could not be run (${error instanceof Error ? error.message : String(error)})`);
    return result([], 0);
  }
  if (!text.trim()) notes.push("type words to search titles, decisions and every section; file:PATH traces a file; a sha finds saves at that commit");
  return result([], 0);
}

export interface SearchFacets {
  repositories: { path: string; name: string }[];
  hasGlobal: boolean;
  branches: string[];
  formats: string[];
  kinds: string[];
}

/** What the filter controls offer: only values that exist in the index. */
export function searchFacets(db: CairnDb): SearchFacets {
  const facets = facetIndex(db).list.filter((f) => !f.duplicate);
  const branchCounts = new Map<string, number>();
  for (const f of facets) if (f.branch) branchCounts.set(f.branch, (branchCounts.get(f.branch) ?? 0) + 1);
  return {
    // one entry per project (its worktrees and clones select the same records): its main worktree, else its first path
    repositories: db.$client
      .prepare(
        `SELECT path, name FROM (SELECT path, name, row_number() OVER (PARTITION BY coalesce(project_key, 'path:' || path)
          ORDER BY is_main_worktree DESC, path) AS n FROM repositories) WHERE n = 1 ORDER BY name, path`,
      )
      .all() as { path: string; name: string }[],
    hasGlobal: facets.some((f) => f.repositoryId === null),
    branches: [...branchCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 200).map(([b]) => b),
    formats: [...new Set(facets.map((f) => f.format))].sort(),
    kinds: [...new Set(facets.map((f) => f.kind))].sort(),
  };
}

/**
 * The JSON a search answers with, the same from `GET /api/search` and `cairn search --json`.
 * Like the record of record.md, it is a contract: add fields, never rename or drop one.
 */
import type { SearchFilters } from "./filters";
import { partsToHtml, partsToText, type SnippetPart } from "./snippet";

/** One search hit, as the API, the CLI and the page receive it. */
export interface HitLike {
  id: string;
  repo: string | null;
  repoName: string | null;
  path: string;
  source: string;
  title: string | null;
  format: string;
  kind: string;
  status: string | null;
  branch: string | null;
  savedAt: string | null;
  level: string | null;
  headSha: string | null;
  rank: number | null;
  matchedBy: "text" | "file" | "commit" | "filter";
  titleParts: SnippetPart[];
  snippet: SnippetPart[];
  references?: { path: string; role: string }[];
  /**
   * Why a plain-words search found it: the typed words it holds, the related words (expansion) it holds as
   * "word (for typed)", and whether it holds every typed word.
   */
  matched?: { words: string[]; related: string[]; allWords: boolean };
  /** A past session's hit (kind "session"): the turn that matched, and the page that opens at it. */
  turn?: number;
  url?: string;
}

export interface ResultLike {
  query: string;
  parsed: { terms: string[]; phrases: string[]; excluded: string[]; filePaths: string[]; shas: string[] };
  filters: SearchFilters;
  hits: HitLike[];
  total: number;
  limit: number;
  offset: number;
  notes: string[];
}

/** A hit as the API and the CLI answer it: the hit, its link, and its snippet as text, parts and HTML. */
export type SearchResponseHit = Omit<HitLike, "snippet"> & {
  /** Where the dashboard shows it. */
  url: string;
  /** Plain text. */
  snippet: string;
  /** The snippet in parts: `mark` is true for the words that matched. */
  snippetParts: SnippetPart[];
  /** The snippet as HTML: text escaped, matches in <mark>. */
  snippetHtml: string;
  titleHtml: string;
};

export interface SearchResponseGroup {
  repo: string | null;
  repoName: string | null;
  /** Hits of this page in this repository. */
  count: number;
  hits: SearchResponseHit[];
}

export interface SearchResponse {
  query: string;
  total: number;
  limit: number;
  offset: number;
  group: "flat" | "repo";
  /** How the query was read. */
  interpreted: ResultLike["parsed"] & { filters: SearchFilters };
  notes: string[];
  /** Always the flat, ranked list. */
  hits: SearchResponseHit[];
  /** With group=repo: the same hits by repository, repositories in the order of their best hit. */
  groups?: SearchResponseGroup[];
}

/**
 * Why a question's hit matched, in one line: "holds every word: migration, deploying" or "holds some of the
 * words: migration · related: glitch (for bug)". Null for other hits (they match as typed).
 */
export function matchedLine(matched: HitLike["matched"]): string | null {
  if (!matched) return null;
  const parts: string[] = [];
  if (matched.words.length) parts.push(`${matched.allWords ? "holds every word" : "holds some of the words"}: ${matched.words.join(", ")}`);
  else if (!matched.allWords) parts.push("holds none of the words typed");
  if (matched.related.length) parts.push(`related: ${matched.related.join(", ")}`);
  return parts.length ? parts.join(" · ") : null;
}

export function responseHit(hit: HitLike): SearchResponseHit {
  return {
    id: hit.id,
    url: hit.url ?? `/checkpoints/${hit.id}`,
    repo: hit.repo,
    repoName: hit.repoName,
    path: hit.path,
    source: hit.source,
    title: hit.title,
    format: hit.format,
    kind: hit.kind,
    status: hit.status,
    branch: hit.branch,
    savedAt: hit.savedAt,
    level: hit.level,
    headSha: hit.headSha,
    rank: hit.rank,
    matchedBy: hit.matchedBy,
    snippet: partsToText(hit.snippet),
    snippetParts: hit.snippet,
    snippetHtml: partsToHtml(hit.snippet),
    titleParts: hit.titleParts,
    titleHtml: partsToHtml(hit.titleParts),
    ...(hit.references ? { references: hit.references } : {}),
    ...(hit.matched ? { matched: hit.matched } : {}),
    ...(hit.turn !== undefined ? { turn: hit.turn } : {}),
  };
}

export function groupByRepository(hits: SearchResponseHit[]): SearchResponseGroup[] {
  const groups = new Map<string, SearchResponseGroup>();
  for (const hit of hits) {
    const key = hit.repo ?? "";
    let group = groups.get(key);
    if (!group) {
      group = { repo: hit.repo, repoName: hit.repoName, count: 0, hits: [] };
      groups.set(key, group);
    }
    group.hits.push(hit);
    group.count++;
  }
  return [...groups.values()];
}

export function toSearchResponse(result: ResultLike, group: "flat" | "repo" = "flat"): SearchResponse {
  const hits = result.hits.map(responseHit);
  const { terms, phrases, excluded, filePaths, shas } = result.parsed;
  return {
    query: result.query,
    total: result.total,
    limit: result.limit,
    offset: result.offset,
    group,
    interpreted: { terms, phrases, excluded, filePaths, shas, filters: result.filters },
    notes: result.notes,
    hits,
    ...(group === "repo" ? { groups: groupByRepository(hits) } : {}),
  };
}

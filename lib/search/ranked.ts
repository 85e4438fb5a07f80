import "server-only";
/**
 * Plain words ranked as a question. The words are analyzed as the index was (lib/index/terms/analyze.ts:
 * stems, stop words dropped, CJK pairs), then:
 *
 * 1. Documents holding every word come first: every word as typed (a bare word is a prefix, as in the exact
 *    search) or every word's stem.
 * 2. Documents holding some of the words follow, when those are few (fewer than FEW).
 * 3. Within each, BM25 over the weighted fields of the ranked index (title and next steps above the body);
 *    related words (expansion) count at a fraction of a typed word; the newest first on a tie.
 *
 * Each hit says which of the words it holds and which related words, and whether it holds them all.
 */
import type { CairnDb } from "../../db/client";
import { queryTerms, type QueryTerm } from "../index/terms/analyze";
import { relatedTerms, type RelatedTerm } from "./related";
import type { Restriction } from "./sql";

/** bm25 weights of the ranked index's fields: title, paths (branch, files, repository), next steps, decisions, body. */
export const FIELD_WEIGHTS = "2.0, 1.0, 1.5, 1.0, 1.0";
/** A related word's score counts this much of a typed word's. */
export const RELATED_WEIGHT = 0.3;
/** Below this many documents holding every word, documents holding some of them are shown after them. */
export const FEW = 10;
/** Matches read at most per part of the query (the newest, by index order). */
const MATCH_CAP = 20_000;
/**
 * A typed word in more than this share of the documents adds nothing to BM25 (its idf is floored near zero)
 * but costs a score for each of them: it still decides which documents hold every word, not the order.
 */
const COMMON_SHARE = 0.5;
/** A related word in more than this share of the documents (and more than RELATED_FLOOR of them) is noise: left out. */
const RELATED_SHARE = 0.05;
const RELATED_FLOOR = 2;

export type { Restriction };

export interface RankedHit {
  rowid: number;
  score: number;
  allWords: boolean;
}

export interface Explanation {
  /** Typed words the document holds (as typed). */
  words: string[];
  /** Related words it holds, with the typed word each stands for. */
  related: string[];
  /** Every typed word (or its stem) is in it. */
  allWords: boolean;
  /** Found by meaning: the nearest passage (lib/queries/search-hybrid.ts). */
  similar?: { kind: string; passage: string; score: number };
}

export interface RankedAnswer {
  /** The hits of the page asked for, in order. */
  hits: RankedHit[];
  /** How many documents the question found in all. */
  total: number;
  terms: QueryTerm[];
  related: RelatedTerm[];
  /** How many documents hold every word. */
  allCount: number;
}

const restrictionSql = (r: Restriction) => `+rowid ${r.inList ? "IN" : "NOT IN"} (SELECT value FROM json_each(?))`;

function quote(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** The matches within the restriction with their BM25 over the weighted fields (lower is better, as FTS5 gives it). */
function scored(db: CairnDb, match: string, restriction: Restriction): Map<number, number> {
  const rows = db.$client
    .prepare(
      `SELECT rowid, bm25(documents_terms, ${FIELD_WEIGHTS}) FROM documents_terms WHERE documents_terms MATCH ? AND ${restrictionSql(restriction)} ORDER BY rowid DESC LIMIT ${MATCH_CAP}`,
    )
    .raw()
    .all(match, restriction.json) as [number, number][];
  return new Map(rows);
}

const vocabReady = new WeakSet<object>();

/** In how many documents each term is (FTS5's own vocabulary table, made per connection). */
function documentCounts(db: CairnDb, terms: string[]): Map<string, number> {
  const client = db.$client;
  if (!vocabReady.has(client)) {
    client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.documents_terms_vocab USING fts5vocab(main, documents_terms, row)");
    vocabReady.add(client);
  }
  const statement = client.prepare("SELECT doc FROM temp.documents_terms_vocab WHERE term = ?").pluck();
  return new Map(terms.map((t) => [t, (statement.get(t) as number | undefined) ?? 0]));
}

/**
 * The newest matches within the restriction: of the ranked index, or of the exact one (`documents_fts`, whose
 * expression holds every word as typed, bare words as prefixes).
 */
function rowidsOf(db: CairnDb, match: string, restriction: Restriction, table: "documents_terms" | "documents_fts" = "documents_terms"): Set<number> {
  const rows = db.$client
    .prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? AND ${restrictionSql(restriction)} ORDER BY rowid DESC LIMIT ${MATCH_CAP}`)
    .pluck()
    .all(match, restriction.json) as number[];
  return new Set(rows);
}

/** The words' terms, or null when every word is a stop word (then the exact search answers alone). */
export function questionTerms(words: string[]): QueryTerm[] | null {
  const terms = queryTerms(words.join(" "));
  return terms.length ? terms : null;
}

/** The part of the ranked list asked for: from `offset`, `limit` hits; `rankCap` documents at most ranked together. */
export interface PageRequest {
  offset: number;
  limit: number;
  rankCap: number;
}

/**
 * Every document holding every word (as typed: `exactMatch`, the exact search's expression; or by stem), then,
 * when those are few, every document holding any typed or related word. Each group is cut, newest first, into
 * chunks of `rankCap`, and only the chunks the page reaches are scored (BM25 over the fields): a word in tens
 * of thousands of documents costs about as much as one in a thousand, as in the exact search.
 */
export function rankQuestion(db: CairnDb, terms: QueryTerm[], exactMatch: string | null, restriction: Restriction, documents: number, page: PageRequest): RankedAnswer {
  const candidates = relatedTerms(terms);
  const counts = documentCounts(db, [...terms.map((t) => t.term), ...candidates.map((r) => r.term)]);
  const related = candidates.filter((r) => (counts.get(r.term) ?? 0) > 0 && counts.get(r.term)! <= Math.max(documents * RELATED_SHARE, RELATED_FLOOR));
  const telling = terms.filter((t) => (counts.get(t.term) ?? 0) <= documents * COMMON_SHARE);
  // a word in most documents decides who holds every word, but scoring it adds nothing: documents holding
  // only such words score 0 and come last in their group
  const scoredTerms = telling.length > 0 ? telling : terms;

  const allWords = rowidsOf(db, terms.map((t) => quote(t.term)).join(" AND "), restriction);
  if (exactMatch) for (const rowid of rowidsOf(db, exactMatch, restriction, "documents_fts")) allWords.add(rowid);
  const groups: number[][] = [[...allWords]];
  if (allWords.size < FEW) {
    const some = rowidsOf(db, [...terms.map((t) => t.term), ...related.map((r) => r.term)].map(quote).join(" OR "), restriction);
    groups.push([...some].filter((rowid) => !allWords.has(rowid)));
  }
  const typedMatch = scoredTerms.map((t) => quote(t.term)).join(" OR ");
  const relatedMatch = related.map((r) => quote(r.term)).join(" OR ");
  const rank = (chunk: number[]): RankedHit[] => {
    const within: Restriction = { inList: true, json: JSON.stringify(chunk) };
    const typed = scored(db, typedMatch, within);
    const extra = relatedMatch ? scored(db, relatedMatch, within) : new Map<number, number>();
    return chunk
      .map((rowid) => ({ rowid, score: -(typed.get(rowid) ?? 0) - RELATED_WEIGHT * (extra.get(rowid) ?? 0), allWords: allWords.has(rowid) }))
      .sort((a, b) => b.score - a.score || b.rowid - a.rowid);
  };

  const hits: RankedHit[] = [];
  const end = page.offset + page.limit;
  let start = 0;
  for (const group of groups) {
    group.sort((a, b) => b - a);
    for (let i = 0; i < group.length && start < end; i += page.rankCap) {
      const chunk = group.slice(i, i + page.rankCap);
      if (start + chunk.length > page.offset) hits.push(...rank(chunk).slice(Math.max(page.offset - start, 0), end - start));
      start += chunk.length;
    }
  }
  return { hits, total: groups.reduce((n, g) => n + g.length, 0), terms, related, allCount: allWords.size };
}

/** Which typed and related words each of these documents holds. */
export function explain(db: CairnDb, answer: RankedAnswer, rowids: number[]): Map<number, Explanation> {
  const out = new Map<number, Explanation>();
  if (rowids.length === 0) return out;
  const within: Restriction = { inList: true, json: JSON.stringify(rowids) };
  const holders = (term: string) => rowidsOf(db, quote(term), within);
  const byTerm = answer.terms.map((t) => ({ word: t.word, rows: holders(t.term) }));
  const byRelated = answer.related.map((r) => ({ label: `${r.word} (for ${r.for})`, rows: holders(r.term) }));
  const allWords = new Map(answer.hits.map((h) => [h.rowid, h.allWords]));
  for (const rowid of rowids) {
    out.set(rowid, {
      words: [...new Set(byTerm.filter((t) => t.rows.has(rowid)).map((t) => t.word.toLowerCase()))],
      related: [...new Set(byRelated.filter((r) => r.rows.has(rowid)).map((r) => r.label))],
      allWords: allWords.get(rowid) ?? false,
    });
  }
  return out;
}

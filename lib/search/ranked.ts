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
}

export interface RankedAnswer {
  hits: RankedHit[];
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

/** Documents holding every word as typed (the exact search's expression: bare words are prefixes). */
function exactRowids(db: CairnDb, match: string, restriction: Restriction): Set<number> {
  const rows = db.$client
    .prepare(`SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? AND ${restrictionSql(restriction)} ORDER BY rowid DESC LIMIT ${MATCH_CAP}`)
    .pluck()
    .all(match, restriction.json) as number[];
  return new Set(rows);
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

function rowidsOf(db: CairnDb, match: string, restriction: Restriction): Set<number> {
  const rows = db.$client
    .prepare(`SELECT rowid FROM documents_terms WHERE documents_terms MATCH ? AND ${restrictionSql(restriction)} ORDER BY rowid DESC LIMIT ${MATCH_CAP}`)
    .pluck()
    .all(match, restriction.json) as number[];
  return new Set(rows);
}

/** The words' terms, or null when every word is a stop word (then the exact search answers alone). */
export function questionTerms(words: string[]): QueryTerm[] | null {
  const terms = queryTerms(words.join(" "));
  return terms.length ? terms : null;
}

/**
 * Every document holding any of the terms (or every word as typed: `exactMatch`, the exact search's
 * expression), ranked. Both indexes are read within the restriction only.
 */
export function rankQuestion(
  db: CairnDb,
  terms: QueryTerm[],
  exactMatch: string | null,
  restriction: Restriction,
  documents: number,
  rankCap = Number.POSITIVE_INFINITY,
): RankedAnswer {
  const candidates = relatedTerms(terms);
  const counts = documentCounts(db, [...terms.map((t) => t.term), ...candidates.map((r) => r.term)]);
  const related = candidates.filter((r) => (counts.get(r.term) ?? 0) > 0 && counts.get(r.term)! <= Math.max(documents * RELATED_SHARE, RELATED_FLOOR));
  const telling = terms.filter((t) => (counts.get(t.term) ?? 0) <= documents * COMMON_SHARE);
  const someCommon = telling.length > 0 && telling.length < terms.length;
  const scoredTerms = someCommon ? telling : terms;

  const all = rowidsOf(db, terms.map((t) => quote(t.term)).join(" AND "), restriction);
  const exact = exactMatch ? exactRowids(db, exactMatch, restriction) : new Set<number>();
  const allWords = new Set<number>([...all, ...exact]);
  // when every word is in enough documents, only those are scored; else every document holding any word
  const within: Restriction = allWords.size >= FEW ? { inList: true, json: JSON.stringify([...allWords]) } : restriction;
  const typed = scored(db, scoredTerms.map((t) => quote(t.term)).join(" OR "), within);
  const extra = related.length ? scored(db, related.map((r) => quote(r.term)).join(" OR "), within) : new Map<number, number>();
  if (allWords.size < FEW && someCommon) {
    // documents holding only common words come last, unscored
    for (const rowid of rowidsOf(db, terms.filter((t) => !telling.includes(t)).map((t) => quote(t.term)).join(" OR "), restriction)) if (!typed.has(rowid)) typed.set(rowid, 0);
  }

  const hits: RankedHit[] = [];
  const seen = new Set<number>();
  const add = (rowid: number) => {
    if (seen.has(rowid)) return;
    seen.add(rowid);
    const score = -(typed.get(rowid) ?? 0) - RELATED_WEIGHT * (extra.get(rowid) ?? 0);
    hits.push({ rowid, score, allWords: allWords.has(rowid) });
  };
  for (const rowid of allWords) add(rowid);
  if (allWords.size < FEW) {
    for (const rowid of typed.keys()) add(rowid);
    for (const rowid of extra.keys()) add(rowid);
  }
  // ties (a word only matched as a prefix has no ranked score): the newest first
  const order = (a: RankedHit, b: RankedHit) => Number(b.allWords) - Number(a.allWords) || b.score - a.score || b.rowid - a.rowid;
  return { hits: inChunks(hits, rankCap, order), terms, related, allCount: allWords.size };
}

/**
 * Past `rankCap` matches, the newest `rankCap` (by index order) are ranked first, then the next ones, and so
 * on, as the exact search pages its broad words.
 */
function inChunks(hits: RankedHit[], rankCap: number, order: (a: RankedHit, b: RankedHit) => number): RankedHit[] {
  if (hits.length <= rankCap) return hits.sort(order);
  const newest = [...hits].sort((a, b) => b.rowid - a.rowid);
  const out: RankedHit[] = [];
  for (let i = 0; i < newest.length; i += rankCap) out.push(...newest.slice(i, i + rankCap).sort(order));
  return out;
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

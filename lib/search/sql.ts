import "server-only";
import type { CairnDb } from "../../db/client";

/** bm25 weights: title, decisions, body. */
export const BM25_WEIGHTS = "10.0, 4.0, 1.0";

/** What a hit shows, read for the hits of one page only (these rows are wide). */
const HIT_SQL = `SELECT d.rowid AS rowid, d.id AS id, r.path AS repo, r.name AS repoName, d.path AS path, d.source AS source,
  d.title AS title, d.format AS format, d.kind AS kind, d.branch AS branch, d.saved_at AS savedAt, d.head_sha AS headSha,
  d.body AS body
  FROM documents d LEFT JOIN repositories r ON r.id = d.repository_id WHERE d.rowid IN `;

export interface HitRow {
  rowid: number;
  id: string;
  repo: string | null;
  repoName: string | null;
  path: string;
  source: string;
  title: string | null;
  format: string;
  kind: string;
  branch: string | null;
  savedAt: string | null;
  headSha: string | null;
  body: string;
}

function placeholders(n: number): string {
  return `(${Array.from({ length: n }, () => "?").join(",")})`;
}

export function hitRows(db: CairnDb, rowids: number[]): Map<number, HitRow> {
  if (rowids.length === 0) return new Map();
  const rows = db.$client.prepare(HIT_SQL + placeholders(rowids.length)).all(...rowids) as HitRow[];
  return new Map(rows.map((r) => [r.rowid, r]));
}

/** Every text match with its bm25 score, best first (ties: the later row first). Only the FTS index is read. */
export function textMatches(db: CairnDb, match: string): [rowid: number, score: number][] {
  return db.$client
    .prepare(`SELECT rowid, bm25(documents_fts, ${BM25_WEIGHTS}) AS score FROM documents_fts WHERE documents_fts MATCH ? ORDER BY score, rowid DESC`)
    .raw()
    .all(match) as [number, number][];
}

/** The text matches among these rowids, with their bm25 score (the same score as in `textMatches`). */
export function textMatchesWithin(db: CairnDb, match: string, rowids: number[]): [rowid: number, score: number][] {
  if (rowids.length === 0) return [];
  return db.$client
    .prepare(`SELECT rowid, bm25(documents_fts, ${BM25_WEIGHTS}) AS score FROM documents_fts WHERE documents_fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(match, JSON.stringify(rowids)) as [number, number][];
}

/** Rowids a text search is kept to (`inList`) or kept away from, as a JSON array. */
export interface Restriction {
  inList: boolean;
  json: string;
}

// `+rowid`: a membership test while FTS5 scans its matches once (a plain `rowid IN` makes SQLite look
// each rowid up in the index, one MATCH per rowid)
const restrictionSql = (r: Restriction) => `+rowid ${r.inList ? "IN" : "NOT IN"} (SELECT value FROM json_each(?))`;

/**
 * Text matches in ranked chunks: the matches within the restriction, newest first by rowid, are cut into
 * chunks of `chunk`, and bm25 orders each chunk (ties: the later row first). Only the chunk asked for is
 * scored, so a word found in tens of thousands of documents costs about as much as one found in a
 * thousand. Returns the chunk's first `count` matches in that order.
 */
export function rankedChunk(db: CairnDb, match: string, restriction: Restriction, chunkIndex: number, chunk: number, count: number): [rowid: number, score: number][] {
  return db.$client
    .prepare(
      `SELECT rowid, score FROM (
         SELECT rowid, bm25(documents_fts, ${BM25_WEIGHTS}) AS score FROM documents_fts
         WHERE documents_fts MATCH ? AND ${restrictionSql(restriction)} ORDER BY rowid DESC LIMIT ? OFFSET ?
       ) ORDER BY score, rowid DESC LIMIT ?`,
    )
    .raw()
    .all(match, restriction.json, chunk, chunkIndex * chunk, count) as [number, number][];
}

/** How many text matches there are within the restriction, counted up to `cap` + 1 (more is "more than cap"). */
export function countTextMatches(db: CairnDb, match: string, restriction: Restriction, cap: number): number {
  return db.$client
    .prepare(`SELECT count(*) FROM (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? AND ${restrictionSql(restriction)} LIMIT ?)`)
    .pluck()
    .get(match, restriction.json, cap + 1) as number;
}

/** Ids of the documents that reference any of these exact paths (through the path index). */
export function referencingDocuments(db: CairnDb, exactPaths: string[]): Set<string> {
  const ids = new Set<string>();
  for (let i = 0; i < exactPaths.length; i += 500) {
    const chunk = exactPaths.slice(i, i + 500);
    for (const id of db.$client.prepare(`SELECT DISTINCT document_id FROM referenced_files WHERE path IN ${placeholders(chunk.length)}`).pluck().all(...chunk) as string[]) {
      ids.add(id);
    }
  }
  return ids;
}

/**
 * How each document refers to these exact paths. Looked up by document (`+path`: a path named in thousands of
 * documents must not lead SQLite to read every reference to it for a page of hits).
 */
export function tracedReferences(db: CairnDb, ids: string[], exactPaths: string[]): Map<string, { path: string; role: string }[]> {
  const result = new Map<string, { path: string; role: string }[]>();
  if (ids.length === 0 || exactPaths.length === 0) return result;
  const rows = db.$client
    .prepare(
      `SELECT DISTINCT document_id AS documentId, path, role FROM referenced_files
       WHERE document_id IN ${placeholders(ids.length)} AND +path IN ${placeholders(exactPaths.length)} ORDER BY path, role`,
    )
    .all(...ids, ...exactPaths) as { documentId: string; path: string; role: string }[];
  for (const row of rows) {
    const list = result.get(row.documentId) ?? [];
    list.push({ path: row.path, role: row.role });
    result.set(row.documentId, list);
  }
  return result;
}

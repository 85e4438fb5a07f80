import "server-only";
import type { CairnDb } from "../../db/client";
import { parseQuery, SNIPPET_MARKERS, snippetHtml, snippetParts, type ParsedQuery, type SnippetPart } from "../search/query";

export interface SearchOptions {
  repo?: string;
  branch?: string;
  status?: string;
  format?: string;
  kind?: string;
  level?: string;
  from?: string;
  to?: string;
  limit?: number;
  offset?: number;
}

export interface SearchHit {
  id: string;
  repo: string | null;
  repoName: string | null;
  path: string;
  title: string | null;
  format: string;
  kind: string;
  status: string | null;
  branch: string | null;
  savedAt: string | null;
  level: string | null;
  rank: number;
  snippet: SnippetPart[];
  snippetHtml: string;
  matchedBy: "text" | "file" | "commit";
}

export interface SearchResult {
  query: string;
  parsed: ParsedQuery;
  hits: SearchHit[];
  total: number;
  notes: string[];
}

interface Clause {
  sql: string;
  params: unknown[];
}

function filterClauses(options: SearchOptions, parsed: ParsedQuery): Clause[] {
  const f = { ...parsed.filters, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined && v !== "")) };
  const clauses: Clause[] = [];
  if (f.repo) clauses.push({ sql: "(r.path = ? OR r.name = ?)", params: [String(f.repo).replace(/\/+$/, ""), f.repo] });
  if (f.branch) clauses.push({ sql: "d.branch = ?", params: [f.branch] });
  if (f.status) clauses.push({ sql: "d.status = ?", params: [f.status] });
  if (f.format) clauses.push({ sql: "d.format = ?", params: [f.format] });
  if (f.kind) clauses.push({ sql: "d.kind = ?", params: [f.kind] });
  if (f.level) clauses.push({ sql: "d.freshness_level = ?", params: [f.level] });
  if (options.from) clauses.push({ sql: "d.saved_at >= ?", params: [options.from] });
  if (options.to) clauses.push({ sql: "d.saved_at <= ?", params: [`${options.to}\uffff`] });
  return clauses;
}

const COLUMNS = `d.id, r.path AS repo, r.name AS repoName, d.path, d.title, d.format, d.kind, d.status, d.branch,
  d.saved_at AS savedAt, d.freshness_level AS level`;

type Row = Omit<SearchHit, "snippet" | "snippetHtml" | "matchedBy"> & { snip?: string };

/** Ranked full-text search (bm25: titles, then decisions, then body), plus file traces and commit lookups. */
export function searchDocuments(db: CairnDb, query: string, options: SearchOptions = {}): SearchResult {
  const parsed = parseQuery(query);
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const offset = Math.max(options.offset ?? 0, 0);
  const clauses = filterClauses(options, parsed);
  const where = clauses.map((c) => ` AND ${c.sql}`).join("");
  const params = clauses.flatMap((c) => c.params);
  const notes = [...parsed.notes];
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  const push = (rows: Row[], matchedBy: SearchHit["matchedBy"]) => {
    for (const { snip, ...row } of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const text = snip ?? row.title ?? "";
      hits.push({ ...row, snippet: snippetParts(text), snippetHtml: snippetHtml(text), matchedBy });
    }
  };

  for (const path of parsed.filePaths) {
    const rows = db.$client
      .prepare(
        `SELECT DISTINCT ${COLUMNS}, 0 AS rank, rf.role || ': ' || rf.path AS snip FROM referenced_files rf
         JOIN documents d ON d.id = rf.document_id LEFT JOIN repositories r ON r.id = d.repository_id
         WHERE (rf.path = ? OR rf.path LIKE ? ESCAPE '\\')${where} ORDER BY d.saved_at DESC LIMIT ?`,
      )
      .all(path, `%/${path.replace(/[%_\\]/g, "\\$&")}`, ...params, limit) as Row[];
    push(rows, "file");
  }
  for (const sha of parsed.shas) {
    const rows = db.$client
      .prepare(
        `SELECT ${COLUMNS}, 0 AS rank, 'saved at ' || d.head_sha AS snip FROM documents d
         LEFT JOIN repositories r ON r.id = d.repository_id
         WHERE (d.head_sha LIKE ? OR d.head_sha_raw LIKE ?)${where} ORDER BY d.saved_at DESC LIMIT ?`,
      )
      .all(`${sha}%`, `${sha}%`, ...params, limit) as Row[];
    push(rows, "commit");
  }

  let total = hits.length;
  if (parsed.match) {
    const { open, close } = SNIPPET_MARKERS;
    try {
      const rows = db.$client
        .prepare(
          `SELECT ${COLUMNS}, bm25(documents_fts, 10.0, 4.0, 1.0) AS rank,
             snippet(documents_fts, -1, '${open}', '${close}', '…', 14) AS snip
           FROM documents_fts JOIN documents d ON d.rowid = documents_fts.rowid
           LEFT JOIN repositories r ON r.id = d.repository_id
           WHERE documents_fts MATCH ?${where} ORDER BY rank LIMIT ? OFFSET ?`,
        )
        .all(parsed.match, ...params, limit, offset) as Row[];
      push(rows, "text");
      const count = db.$client
        .prepare(
          `SELECT count(*) AS n FROM documents_fts JOIN documents d ON d.rowid = documents_fts.rowid
           LEFT JOIN repositories r ON r.id = d.repository_id WHERE documents_fts MATCH ?${where}`,
        )
        .get(parsed.match, ...params) as { n: number };
      total += count.n;
    } catch (error) {
      notes.push(`the search could not be run as typed (${error instanceof Error ? error.message : String(error)})`);
    }
  } else if (!parsed.filePaths.length && !parsed.shas.length && Object.keys(parsed.filters).length === 0) {
    notes.push("type words to search titles, decisions and every section; file:PATH traces a file; a sha finds saves at that commit");
  } else if (!parsed.filePaths.length && !parsed.shas.length) {
    const rows = db.$client
      .prepare(
        `SELECT ${COLUMNS}, 0 AS rank, NULL AS snip FROM documents d LEFT JOIN repositories r ON r.id = d.repository_id
         WHERE 1=1${where} ORDER BY d.saved_at DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset) as Row[];
    push(rows, "text");
    total = hits.length;
  }
  return { query, parsed, hits, total, notes };
}

import "server-only";
/**
 * Past sessions in search (issue 37): the turns' full-text index (prompts, answers, commands, paths, commit
 * subjects; tool output is not indexed) ranked as documents are: BM25, every word first, then some of the words
 * when few hold them all, with the words each hit holds. One hit per session, at its best turn; the hit opens the
 * session page at that turn (`/sessions/<id>#turn-<n>`).
 */
import { basename } from "node:path";
import type { CairnDb } from "../../db/client";
import { queryTerms } from "../index/terms/analyze";
import type { SearchFilters } from "../search/filters";
import type { ParsedQuery } from "../search/query";
import type { HitLike } from "../search/response";
import { buildSnippet, highlightText } from "../search/snippet";
import { FEW } from "../search/ranked";

/** Turns scored at most per search. */
const MATCH_CAP = 20_000;

const quote = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** The words to look for: a question's telling words (stop words left out), else the terms and phrases typed. */
function wordsOf(parsed: ParsedQuery): { all: string; some: string | null; words: string[] } | null {
  if (parsed.plainWords) {
    const terms = queryTerms(parsed.plainWords.join(" "));
    const words = [...new Set(terms.map((t) => t.word.toLowerCase()))].filter((w) => /^[\p{L}\p{N}_]+$/u.test(w));
    if (!words.length) return null;
    // a word as typed, as a prefix: "fixing" finds "fix" only through its stem, so the stem is a prefix too
    const forms = (w: string) => {
      const stem = terms.find((t) => t.word.toLowerCase() === w)?.term;
      return stem && stem !== w && /^[\p{L}\p{N}_]+$/u.test(stem) && w.startsWith(stem) ? `${quote(stem)}*` : `${quote(w)}*`;
    };
    return { all: words.map(forms).join(" AND "), some: words.map(forms).join(" OR "), words };
  }
  const parts = [...parsed.terms.map((t) => `${quote(t)}*`), ...parsed.phrases.map(quote)];
  if (!parts.length) return null;
  const not = parsed.excluded.map((e) => ` NOT ${quote(e)}`).join("");
  return { all: parts.join(" AND ") + not, some: null, words: [...parsed.terms, ...parsed.phrases] };
}

interface Scored {
  sessionId: string;
  seq: number;
  score: number;
  allWords: boolean;
}

function scoredTurns(db: CairnDb, match: string, repo: string | null): Array<{ session_id: string; seq: number; score: number }> {
  const repoSql = repo ? `AND (s.repo = ? OR EXISTS (SELECT 1 FROM json_each(s.record, '$.repos') WHERE value = ?))` : "";
  return db.$client
    .prepare(
      `SELECT t.session_id, t.seq, bm25(session_turns_fts) AS score FROM session_turns_fts f JOIN session_turns t ON t.rowid = f.rowid
        JOIN sessions s ON s.id = t.session_id
        WHERE session_turns_fts MATCH ? ${repoSql} ORDER BY t.rowid DESC LIMIT ${MATCH_CAP}`,
    )
    .all(match, ...(repo ? [repo, repo] : [])) as Array<{ session_id: string; seq: number; score: number }>;
}

function bestPerSession(rows: Array<{ session_id: string; seq: number; score: number }>, allWords: boolean, into: Map<string, Scored>): void {
  for (const r of rows) {
    const had = into.get(r.session_id);
    if (!had || (had.allWords === allWords && r.score < had.score)) into.set(r.session_id, { sessionId: r.session_id, seq: r.seq, score: r.score, allWords });
  }
}

export interface SessionHits {
  hits: HitLike[];
  total: number;
}

/** Whether sessions answer this search: words typed, and no filter sessions do not have (status, family, level...). */
export function sessionsSearchable(parsed: ParsedQuery, filters: SearchFilters): boolean {
  if (!parsed.match || parsed.filePaths.length || parsed.shas.length) return false;
  const keys = Object.keys(filters).filter((k) => (filters as Record<string, unknown>)[k] !== undefined);
  if (filters.kind && filters.kind !== "session") return false;
  return keys.every((k) => k === "repo" || k === "kind");
}

/** The best `limit` sessions for the query, with how many match in all. */
export function searchSessions(db: CairnDb, parsed: ParsedQuery, filters: SearchFilters, limit: number): SessionHits {
  const words = wordsOf(parsed);
  if (!words) return { hits: [], total: 0 };
  let repo: string | null = null;
  if (filters.repo) {
    const row = db.$client.prepare(`SELECT path FROM repositories WHERE path = ? OR name = ? OR CAST(id AS TEXT) = ? LIMIT 1`).get(filters.repo, filters.repo, filters.repo) as { path: string } | undefined;
    repo = row?.path ?? filters.repo;
  }
  const best = new Map<string, Scored>();
  try {
    bestPerSession(scoredTurns(db, words.all, repo), true, best);
    if (words.some && best.size < FEW) bestPerSession(scoredTurns(db, words.some, repo), false, best);
  } catch {
    return { hits: [], total: 0 }; // a database from before migration 0014, or an expression FTS5 refuses
  }
  const ranked = [...best.values()].sort((a, b) => Number(b.allWords) - Number(a.allWords) || a.score - b.score).slice(0, limit);
  if (!ranked.length) return { hits: [], total: best.size };
  const rows = db.$client
    .prepare(
      `SELECT s.id, s.agent, s.path, s.repo, s.title, s.started_at, s.record, t.text FROM sessions s JOIN session_turns t ON t.session_id = s.id AND t.seq = ? WHERE s.id = ?`,
    );
  const highlight = words.words.map((word) => ({ word: word.toLowerCase(), prefix: true }));
  const hits: HitLike[] = [];
  for (const hit of ranked) {
    const row = rows.get(hit.seq, hit.sessionId) as { id: string; agent: string; path: string; repo: string | null; title: string | null; started_at: string | null; record: string; text: string } | undefined;
    if (!row) continue;
    const branch = (JSON.parse(row.record) as { branches?: string[] }).branches?.[0] ?? null;
    const lower = row.text.toLowerCase();
    const held = words.words.filter((w) => lower.includes(w.toLowerCase()));
    hits.push({
      id: row.id,
      repo: row.repo,
      repoName: row.repo ? basename(row.repo) : null,
      path: row.path,
      source: "session",
      title: row.title,
      format: row.agent,
      kind: "session",
      status: null,
      branch,
      savedAt: row.started_at,
      level: null,
      headSha: null,
      rank: hit.score,
      matchedBy: "text",
      titleParts: highlightText(row.title, highlight),
      snippet: buildSnippet(row.text, highlight),
      turn: hit.seq,
      url: `/sessions/${row.id}#turn-${hit.seq}`,
      ...(parsed.plainWords ? { matched: { words: held, related: [], allWords: hit.allWords } } : {}),
    });
  }
  return { hits, total: best.size };
}

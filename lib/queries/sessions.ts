/**
 * The read side of past sessions: the public records (record.md, "Session"), a session's turns for its page, the
 * sessions that worked on a checkpoint or a repository, and Forget. Everything here was redacted before it was stored.
 */
import type { CairnDb } from "../../db/client";
import type { SessionRecord, ToolCall } from "../sessions/types";

export interface SessionFilter {
  repo?: string | null;
  agent?: string | null;
  /** ISO date or time: sessions that ended (or started) on or after it. */
  since?: string | null;
  branch?: string | null;
  hasCommits?: boolean;
  wroteCheckpoint?: boolean;
  /** Include sub-agents as rows of their own (default: no, they are listed under their parent). */
  subagents?: boolean;
  limit?: number;
}

interface Row {
  id: string;
  record: string;
  log_present: number;
  parent_id: string | null;
}

function checkpointsOf(db: CairnDb, ids: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows = db.$client
    .prepare(`SELECT session_id, document_id FROM session_links WHERE session_id IN (SELECT value FROM json_each(?)) ORDER BY document_id`)
    .all(JSON.stringify(ids)) as Array<{ session_id: string; document_id: string }>;
  for (const r of rows) out.set(r.session_id, [...(out.get(r.session_id) ?? []), r.document_id]);
  return out;
}

function subagentsOf(db: CairnDb, ids: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows = db.$client
    .prepare(`SELECT parent_id, id FROM sessions WHERE parent_id IN (SELECT value FROM json_each(?)) ORDER BY started_at`)
    .all(JSON.stringify(ids)) as Array<{ parent_id: string; id: string }>;
  for (const r of rows) out.set(r.parent_id, [...(out.get(r.parent_id) ?? []), r.id]);
  return out;
}

function toRecords(db: CairnDb, rows: Row[]): SessionRecord[] {
  const ids = rows.map((r) => r.id);
  const checkpoints = checkpointsOf(db, ids);
  const subagents = subagentsOf(db, ids);
  return rows.map((row) => {
    const record = JSON.parse(row.record) as SessionRecord;
    record.logPresent = row.log_present === 1;
    record.parentId = row.parent_id;
    record.checkpoints = checkpoints.get(row.id) ?? [];
    record.subagents = subagents.get(row.id) ?? [];
    return record;
  });
}

/** Sessions, newest first. */
export function listSessions(db: CairnDb, filter: SessionFilter = {}): SessionRecord[] {
  const where: string[] = [`record != '{}'`];
  const args: unknown[] = [];
  if (!filter.subagents) where.push(`parent_id IS NULL`);
  if (filter.repo) {
    where.push(`(repo = ? OR EXISTS (SELECT 1 FROM json_each(sessions.record, '$.repos') WHERE value = ?))`);
    args.push(filter.repo, filter.repo);
  }
  if (filter.agent) {
    where.push(`agent = ?`);
    args.push(filter.agent);
  }
  if (filter.since) {
    where.push(`coalesce(ended_at, started_at) >= ?`);
    args.push(filter.since);
  }
  if (filter.branch) {
    where.push(`EXISTS (SELECT 1 FROM json_each(sessions.record, '$.branches') WHERE value = ?)`);
    args.push(filter.branch);
  }
  if (filter.hasCommits) where.push(`has_commits = 1`);
  if (filter.wroteCheckpoint) where.push(`EXISTS (SELECT 1 FROM session_links l WHERE l.session_id = sessions.id)`);
  const limit = Math.max(1, Math.min(filter.limit ?? 5000, 50_000));
  const rows = db.$client
    .prepare(`SELECT id, record, log_present, parent_id FROM sessions WHERE ${where.join(" AND ")} ORDER BY coalesce(started_at, updated_at) DESC LIMIT ${limit}`)
    .all(...args) as Row[];
  return toRecords(db, rows);
}

export function getSession(db: CairnDb, id: string): SessionRecord | null {
  const row = db.$client.prepare(`SELECT id, record, log_present, parent_id FROM sessions WHERE id = ? AND record != '{}'`).get(id) as Row | undefined;
  return row ? toRecords(db, [row])[0] : null;
}

export interface TurnView {
  seq: number;
  kind: "prompt" | "answer" | "tool" | "result" | "note";
  at: string | null;
  text: string;
  call: ToolCall | null;
  commits: Array<{ sha: string; subject: string; branch: string | null }>;
  isError: boolean;
  toolId: string | null;
  model: string | null;
  sidechain: boolean;
}

/** A session's turns in order (a page at a time for long sessions). */
export function sessionTurns(db: CairnDb, id: string, from = 0, limit = 2000): TurnView[] {
  const rows = db.$client
    .prepare(`SELECT seq, kind, at, text, tool FROM session_turns WHERE session_id = ? AND seq >= ? ORDER BY seq LIMIT ?`)
    .all(id, from, limit) as Array<{ seq: number; kind: TurnView["kind"]; at: string | null; text: string; tool: string | null }>;
  return rows.map((r) => {
    const extra = r.tool ? (JSON.parse(r.tool) as { call?: ToolCall; commits?: TurnView["commits"]; isError?: boolean; toolId?: string; model?: string; sidechain?: boolean }) : {};
    return {
      seq: r.seq,
      kind: r.kind,
      at: r.at,
      text: r.text,
      call: extra.call ?? null,
      commits: extra.commits ?? [],
      isError: extra.isError === true,
      toolId: extra.toolId ?? null,
      model: extra.model ?? null,
      sidechain: extra.sidechain === true,
    };
  });
}

/** The ids of sessions that wrote or edited a checkpoint. */
export function sessionsOfDocument(db: CairnDb, documentId: string): string[] {
  return (db.$client.prepare(`SELECT session_id FROM session_links WHERE document_id = ? ORDER BY session_id`).all(documentId) as Array<{ session_id: string }>).map((r) => r.session_id);
}

/** Session ids per document, for many documents at once. */
export function sessionsByDocument(db: CairnDb, documentIds: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!documentIds.length) return out;
  try {
    const rows = db.$client
      .prepare(`SELECT document_id, session_id FROM session_links WHERE document_id IN (SELECT value FROM json_each(?)) ORDER BY session_id`)
      .all(JSON.stringify(documentIds)) as Array<{ document_id: string; session_id: string }>;
    for (const r of rows) out.set(r.document_id, [...(out.get(r.document_id) ?? []), r.session_id]);
  } catch {
    /* a database from before migration 0014 */
  }
  return out;
}

/**
 * Forget a session (and its sub-agents): every row Cairn holds of it removed, and the log never read again while
 * it exists. Returns the bytes removed (the stored text of its record, state and turns).
 */
export function forgetSession(db: CairnDb, id: string): { removed: number; bytes: number } {
  const sqlite = db.$client;
  const ids = [id, ...(sqlite.prepare(`SELECT id FROM sessions WHERE parent_id = ?`).all(id) as Array<{ id: string }>).map((r) => r.id)];
  let bytes = 0;
  let removed = 0;
  sqlite.transaction(() => {
    for (const sid of ids) {
      const size = sqlite
        .prepare(
          `SELECT coalesce((SELECT sum(length(CAST(text AS BLOB)) + length(CAST(search AS BLOB)) + coalesce(length(CAST(tool AS BLOB)), 0)) FROM session_turns WHERE session_id = ?), 0)
            + coalesce((SELECT length(CAST(record AS BLOB)) + coalesce(length(CAST(state AS BLOB)), 0) + coalesce(length(CAST(first_prompt AS BLOB)), 0) FROM sessions WHERE id = ?), 0) AS n`,
        )
        .get(sid, sid) as { n: number };
      bytes += size.n;
      sqlite.prepare(`DELETE FROM session_turns WHERE session_id = ?`).run(sid);
      sqlite.prepare(`DELETE FROM session_links WHERE session_id = ?`).run(sid);
      removed += sqlite.prepare(`DELETE FROM sessions WHERE id = ?`).run(sid).changes;
      sqlite.prepare(`INSERT OR REPLACE INTO session_settings (key, value) VALUES (?, ?)`).run(`forgot:${sid}`, new Date().toISOString());
    }
  })();
  return { removed, bytes };
}

/** What the Sessions page's filters offer: values that exist in the index. */
export function sessionFacets(db: CairnDb): { repos: string[]; agents: string[]; branches: string[] } {
  try {
    const sqlite = db.$client;
    return {
      repos: (sqlite.prepare(`SELECT DISTINCT repo FROM sessions WHERE repo IS NOT NULL ORDER BY repo`).all() as Array<{ repo: string }>).map((r) => r.repo),
      agents: (sqlite.prepare(`SELECT DISTINCT agent FROM sessions ORDER BY agent`).all() as Array<{ agent: string }>).map((r) => r.agent),
      branches: (
        sqlite.prepare(`SELECT value AS branch, count(*) AS n FROM sessions, json_each(sessions.record, '$.branches') GROUP BY value ORDER BY n DESC LIMIT 200`).all() as Array<{ branch: string }>
      ).map((r) => r.branch),
    };
  } catch {
    return { repos: [], agents: [], branches: [] };
  }
}

/** Sessions that worked in a repository (by its path), newest first. */
export function sessionsOfRepository(db: CairnDb, repo: string, limit = 20): SessionRecord[] {
  try {
    return listSessions(db, { repo, limit });
  } catch {
    return [];
  }
}

/** Session records by id (those that exist), in the order given. */
export function sessionsByIds(db: CairnDb, ids: readonly string[]): SessionRecord[] {
  return ids.map((id) => getSession(db, id)).filter((s): s is SessionRecord => s !== null);
}

/**
 * Sessions that ended in the last day with edits no commit of theirs holds and no checkpoint written, in a
 * repository that still has uncommitted changes (when Cairn indexes it): "save a handoff?".
 */
export function sessionsNeedingHandoff(db: CairnDb, now = new Date()): Array<{ id: string; title: string | null; repo: string | null; endedAt: string | null; files: number; reason: string }> {
  try {
    const since = new Date(now.getTime() - 86_400_000).toISOString();
    const rows = db.$client
      .prepare(
        `SELECT s.id, s.title, s.repo, s.ended_at, json_array_length(s.record, '$.filesEdited') AS files, r.changed_files
          FROM sessions s LEFT JOIN repositories r ON r.path = s.repo
          WHERE s.parent_id IS NULL AND s.uncommitted_edits = 1 AND s.ended_at >= ?
            AND NOT EXISTS (SELECT 1 FROM session_links l WHERE l.session_id = s.id)
            AND (r.changed_files IS NULL OR r.changed_files > 0)
          ORDER BY s.ended_at DESC LIMIT 20`,
      )
      .all(since) as Array<{ id: string; title: string | null; repo: string | null; ended_at: string | null; files: number; changed_files: number | null }>;
    return rows.map((r) => {
      const hours = r.ended_at ? Math.max(0, Math.round((now.getTime() - Date.parse(r.ended_at)) / 3_600_000)) : null;
      const when = hours === null ? "recently" : hours < 1 ? "less than an hour ago" : `${hours} hour${hours === 1 ? "" : "s"} ago`;
      return {
        id: r.id,
        title: r.title,
        repo: r.repo,
        endedAt: r.ended_at,
        files: r.files,
        reason: `Ended ${when} with ${r.files} file${r.files === 1 ? "" : "s"} edited, nothing committed and no checkpoint: save a handoff?`,
      };
    });
  } catch {
    return [];
  }
}

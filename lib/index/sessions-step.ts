/**
 * `cairn index` reads agents' session logs (issue 37): each log from where the last run stopped (an append costs
 * only its new lines; a rewritten file is read again), through its agent's reader (lib/sessions), redacted before
 * it is stored, then linked to its repository, commits and checkpoints. A session whose log is gone is kept
 * ("log deleted by the agent; kept by Cairn") for as long as the settings say; excluded and forgotten ones are not read.
 * Over 300 lines would be a smell: the per-file work is here, linking in sessions-link.ts, storage in sessions-store.ts.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { CairnDb } from "../../db/client";
import { redactStrings } from "../derive/secrets";
import { readRegularFileSync } from "../discover/read-file";
import { normaliseRemoteUrl } from "../git/identity";
import { titleFrom } from "../sessions/prompts";
import { readerFor } from "../sessions/registry";
import type { LogRef, SessionEnv, SessionRecord, SessionReader, SessionSummary, SessionCommit } from "../sessions/types";
import { repositoryExportLogs } from "./sessions-exports";
import { logsUnder, sessionRootStates, type FoundLog } from "./sessions-files";
import { absoluteEdit, repoRelative, verifyCommits, workTreeOf } from "./sessions-link";
import { readLogIncrement, DEFAULT_LOG_CAPS, type LogCaps, type LogCursor } from "./sessions-read";
import { isExcluded, readSessionSettings, sessionsEnabled } from "./sessions-settings";
import { dropTurns, storeTurns, type SecretHit } from "./sessions-store";
import { indexMemories } from "./sessions-memory";

export interface SessionIndexSummary {
  /** Logs looked at. */
  files: number;
  /** Bytes read from logs this run. */
  bytesRead: number;
  /** Sessions new to the index. */
  added: number;
  /** Sessions with new turns (or read again). */
  changed: number;
  /** Sessions whose log is gone this run (kept). */
  gone: number;
  turns: number;
  problems: number;
  /** Session values hidden as secrets this run. */
  secrets: number;
  /** Agent memory files (Claude Code `memory/*.md`) read this run. */
  memories: number;
}

export function emptySessionSummary(): SessionIndexSummary {
  return { files: 0, bytesRead: 0, added: 0, changed: 0, gone: 0, turns: 0, problems: 0, secrets: 0, memories: 0 };
}

/** The stable id of a session: the same log (agent and key) always has the same id, also after it is deleted. */
export function sessionIdFor(agent: string, key: string): string {
  return createHash("sha1").update(`${agent}\0${key}`).digest("hex").slice(0, 16);
}

/** What Cairn carries between runs besides the reader's own state. */
interface Carried {
  reader: unknown;
  nextSeq: number;
  secrets: SecretHit[];
  hidden: number;
  problems: string[];
  commitKey: string | null;
  commits: SessionCommit[];
}

const MAX_KEPT_PROBLEMS = 25;
const MAX_KEPT_SECRETS = 200;
const COMPANION_MAX_BYTES = 4 * 1024 * 1024;

interface SessionRow {
  id: string;
  path: string;
  file_size: number;
  file_mtime: number;
  file_ino: string | null;
  head_hash: string | null;
  offset: number;
  next_line: number;
  lines_read: number;
  log_present: number;
  state: string | null;
}

function companionsFor(path: string, ref: LogRef, rootDir?: string): Record<string, string | null> | undefined {
  if (!ref.companions?.length) return undefined;
  const out: Record<string, string | null> = {};
  for (const name of ref.companions) {
    // `..` only while it stays inside the log's own root (Gemini CLI: the project's `.project_root`, `projects.json`)
    const at = resolve(dirname(path), name);
    if (name.includes("..") && !(rootDir && at.startsWith(resolve(rootDir) + sep))) continue;
    const read = readRegularFileSync(at, { maxBytes: COMPANION_MAX_BYTES });
    out[name] = read.ok ? read.bytes.toString("utf8") : null;
  }
  return out;
}

export interface SessionIndexOptions {
  home: string;
  env?: Readonly<Record<string, string | undefined>>;
  platform?: string;
  caps?: LogCaps;
}

/** Read every session log that changed, link what changed, keep what is gone. */
export async function indexSessions(db: CairnDb, options: SessionIndexOptions): Promise<SessionIndexSummary> {
  const summary = emptySessionSummary();
  const env = options.env ?? process.env;
  if (!sessionsEnabled(env as NodeJS.ProcessEnv)) return summary;
  const sqlite = db.$client;
  const settings = readSessionSettings(sqlite);
  const sessionEnv: SessionEnv = { home: options.home, env, platform: options.platform ?? process.platform };
  const problems: string[] = [];
  const walked: string[] = [];
  const walkedClaude: string[] = [];
  const found = new Map<string, FoundLog>();
  for (const state of sessionRootStates(sessionEnv, settings.off)) {
    if (!state.exists || state.off) continue;
    const reader = readerFor(state.root.agent);
    if (!reader) continue;
    walked.push(state.root.dir);
    if (state.root.agent === "claude-code") walkedClaude.push(state.root.dir);
    for (const log of logsUnder(state.root, reader, problems)) {
      const id = sessionIdFor(log.ref.agent, log.ref.key);
      if (!found.has(id) && !isExcluded(settings, log.path)) found.set(id, log);
    }
  }
  // exports kept inside repositories (SpecStory, Aider): found by the document index, read as sessions too
  for (const log of repositoryExportLogs(sqlite)) {
    const id = sessionIdFor(log.ref.agent, log.ref.key);
    if (!found.has(id) && !isExcluded(settings, log.path)) found.set(id, log);
    if (!walked.includes(log.root.dir)) walked.push(log.root.dir);
  }
  const forgotten = new Set((sqlite.prepare(`SELECT key FROM session_settings WHERE key LIKE 'forgot:%'`).all() as Array<{ key: string }>).map((r) => r.key.slice(7)));
  const memo = new Map<string, string | null>();
  const docIds = sqlite.prepare(`SELECT id FROM documents WHERE abs_path = ? AND source = 'worktree'`);
  for (const [id, log] of found) {
    if (forgotten.has(id)) continue;
    summary.files++;
    try {
      await indexOne(db, id, log, summary, memo, docIds, settings, options.caps ?? DEFAULT_LOG_CAPS);
    } catch (error) {
      summary.problems++;
      problems.push(`${log.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  markGone(sqlite, walked, found, summary);
  summary.memories = await indexMemories(sqlite, walkedClaude, memo);
  applyRetention(sqlite, settings);
  summary.problems += problems.length;
  return summary;
}

function markGone(sqlite: CairnDb["$client"], walked: string[], found: Map<string, FoundLog>, summary: SessionIndexSummary): void {
  if (!walked.length) return;
  const rows = sqlite.prepare(`SELECT id, path, root_dir, record FROM sessions WHERE log_present = 1`).all() as Array<{ id: string; path: string; root_dir: string | null; record: string }>;
  const now = new Date().toISOString();
  const update = sqlite.prepare(`UPDATE sessions SET log_present = 0, log_gone_at = ?, record = ? WHERE id = ?`);
  for (const row of rows) {
    if (found.has(row.id) || !row.root_dir || !walked.includes(row.root_dir) || existsSync(row.path)) continue;
    const record = JSON.parse(row.record) as SessionRecord;
    record.logPresent = false;
    update.run(now, JSON.stringify(record), row.id);
    summary.gone++;
  }
}

function applyRetention(sqlite: CairnDb["$client"], settings: ReturnType<typeof readSessionSettings>): void {
  if (settings.keepDays) {
    const before = new Date(Date.now() - settings.keepDays * 86_400_000).toISOString();
    sqlite.prepare(`DELETE FROM sessions WHERE log_present = 0 AND log_gone_at < ?`).run(before);
  }
  for (const prefix of settings.exclude) {
    const under = prefix.endsWith("/") ? prefix : `${prefix}/`;
    sqlite.prepare(`DELETE FROM sessions WHERE cwd = ? OR substr(cwd, 1, ?) = ? OR substr(path, 1, ?) = ?`).run(prefix, under.length, under, under.length, under);
  }
}

async function indexOne(
  db: CairnDb,
  id: string,
  log: FoundLog,
  summary: SessionIndexSummary,
  memo: Map<string, string | null>,
  docIds: ReturnType<CairnDb["$client"]["prepare"]>,
  settings: ReturnType<typeof readSessionSettings>,
  caps: LogCaps,
): Promise<void> {
  const sqlite = db.$client;
  const reader = log.reader as SessionReader<unknown>;
  const row = sqlite.prepare(`SELECT id, path, file_size, file_mtime, file_ino, head_hash, offset, next_line, lines_read, log_present, state FROM sessions WHERE id = ?`).get(id) as SessionRow | undefined;
  if (row && row.log_present && row.path === log.path && row.file_size === log.size && row.file_mtime === log.mtimeMs) return;
  const fresh = (): Carried => ({ reader: reader.initial(log.ref), nextSeq: 0, secrets: [], hidden: 0, problems: [], commitKey: null, commits: [] });
  let carried: Carried = row?.state ? (JSON.parse(row.state) as Carried) : fresh();
  const cursor: LogCursor | null = row?.state ? { size: row.file_size, mtimeMs: row.file_mtime, ino: row.file_ino, headHash: row.head_hash, offset: row.offset, nextLine: row.next_line, linesRead: row.lines_read } : null;
  const now = new Date().toISOString();
  if (!row) {
    sqlite
      .prepare(`INSERT INTO sessions (id, agent, key, path, root_dir, updated_at, record) VALUES (?, ?, ?, ?, ?, ?, '{}')`)
      .run(id, log.ref.agent, log.ref.key, log.path, log.root.dir, now);
  }
  const companions = companionsFor(log.path, log.ref, log.root.dir);
  let first = true;
  let newTurns = 0;
  const outcome = await readLogIncrement(
    log.path,
    cursor,
    async (lines, firstLine, fromStart) => {
      if (fromStart) {
        carried = fresh();
        dropTurns(sqlite, id, 0);
      } else if (first) dropTurns(sqlite, id, carried.nextSeq); // turns a killed run stored past its saved state
      first = false;
      const result = reader.read(carried.reader, { path: log.path, ref: log.ref, lines, firstLine, companions });
      carried.reader = result.state;
      for (const p of result.problems) if (carried.problems.length < MAX_KEPT_PROBLEMS) carried.problems.push(p.message);
      if (result.turns.length) {
        const stored = await storeTurns(sqlite, id, result.turns);
        carried.nextSeq = result.turns[result.turns.length - 1].seq + 1;
        carried.hidden += stored.hidden;
        summary.secrets += stored.hidden;
        for (const s of stored.secrets) if (carried.secrets.length < MAX_KEPT_SECRETS) carried.secrets.push(s);
        newTurns += result.turns.length;
      }
    },
    caps,
    log.ref.mode,
  );
  if (!outcome) return;
  summary.bytesRead += outcome.bytesRead;
  for (const p of outcome.problems) if (carried.problems.length < MAX_KEPT_PROBLEMS) carried.problems.push(p.message);
  if (outcome.fromStart && outcome.bytesRead === 0 && !row) carried = fresh();
  const sessionSummary = reader.summarize(carried.reader);
  if (isExcluded(settings, sessionSummary.cwd)) {
    sqlite.prepare(`DELETE FROM sessions WHERE id = ?`).run(id);
    return;
  }
  const record = await linkRecord(db, id, log, sessionSummary, carried, memo);
  const checkpoints = record.checkpoints;
  const links = sqlite.prepare(`INSERT OR IGNORE INTO session_links (session_id, document_id, how) VALUES (?, ?, 'edited')`);
  const edited = new Set(sessionSummary.filesEdited.map((f) => absoluteEdit(f.path, f.cwd ?? sessionSummary.cwd)).filter((p): p is string => Boolean(p)));
  for (const abs of edited) {
    for (const doc of docIds.all(abs) as Array<{ id: string }>) {
      links.run(id, doc.id);
      if (!checkpoints.includes(doc.id)) checkpoints.push(doc.id);
    }
  }
  const safeRecord = await redactStrings(record);
  const safeState = await redactStrings(carried);
  const lastEdit = sessionSummary.filesEdited.length > 0;
  sqlite
    .prepare(
      `UPDATE sessions SET session_id = ?, parent_id = ?, path = ?, root_dir = ?, log_present = 1, log_gone_at = NULL, cwd = ?, repo = ?,
        started_at = ?, ended_at = ?, title = ?, title_source = ?, user_turns = ?, turn_count = ?, hidden = ?, has_commits = ?,
        wrote_checkpoint = ?, uncommitted_edits = ?, file_size = ?, file_mtime = ?, file_ino = ?, head_hash = ?, offset = ?, next_line = ?,
        lines_read = ?, updated_at = ?, first_prompt = ?, record = ?, state = ? WHERE id = ?`,
    )
    .run(
      safeRecord.sessionId,
      safeRecord.parentId,
      log.path,
      log.root.dir,
      safeRecord.cwd,
      safeRecord.repo,
      safeRecord.startedAt,
      safeRecord.endedAt,
      safeRecord.title,
      sessionSummary.titleSource,
      safeRecord.userTurns,
      carried.nextSeq,
      carried.hidden,
      safeRecord.commits.length ? 1 : 0,
      checkpoints.length ? 1 : 0,
      lastEdit && safeRecord.commits.length === 0 ? 1 : 0,
      outcome.cursor.size,
      outcome.cursor.mtimeMs,
      outcome.cursor.ino,
      outcome.cursor.headHash,
      outcome.cursor.offset,
      outcome.cursor.nextLine,
      outcome.cursor.linesRead,
      new Date().toISOString(),
      safeRecord.firstPrompt,
      JSON.stringify(safeRecord),
      JSON.stringify(safeState),
      id,
    );
  summary.turns += newTurns;
  if (!row) summary.added++;
  else if (newTurns > 0 || outcome.fromStart) summary.changed++;
}

async function linkRecord(db: CairnDb, id: string, log: FoundLog, s: SessionSummary, carried: Carried, memo: Map<string, string | null>): Promise<SessionRecord> {
  const sqlite = db.$client;
  let repo = workTreeOf(s.cwd, memo);
  if (!repo) {
    for (const cwd of s.cwds) {
      repo = workTreeOf(cwd, memo);
      if (repo) break;
    }
  }
  if (!repo && s.git?.remote) {
    const url = normaliseRemoteUrl(s.git.remote);
    const hit = url ? (sqlite.prepare(`SELECT path FROM repositories WHERE remote_url = ? ORDER BY is_main_worktree DESC LIMIT 1`).get(url) as { path: string } | undefined) : undefined;
    repo = hit?.path ?? null;
  }
  const commitKey = JSON.stringify(s.commits.map((c) => [c.sha, c.cwd, c.subject]));
  if (commitKey !== carried.commitKey) {
    carried.commits = await verifyCommits(s.commits, s.cwd, memo);
    carried.commitKey = commitKey;
  }
  let parentId: string | null = log.ref.parentKey ? sessionIdFor(log.ref.agent, log.ref.parentKey) : null;
  if (!parentId && s.parentSessionId) {
    const parent = sqlite.prepare(`SELECT id FROM sessions WHERE agent = ? AND session_id = ? AND id != ?`).get(log.ref.agent, s.parentSessionId, id) as { id: string } | undefined;
    parentId = parent?.id ?? null;
  }
  const files: string[] = [];
  for (const f of s.filesEdited) {
    const abs = absoluteEdit(f.path, f.cwd ?? s.cwd);
    const shown = abs ? repoRelative(abs, repo) : f.path;
    if (!files.includes(shown)) files.push(shown);
  }
  const repos = [...new Set([repo, ...carried.commits.map((c) => c.repo)].filter((r): r is string => Boolean(r)))];
  const resume = s.sessionId && log.reader.resumeCommand ? log.reader.resumeCommand(s.sessionId) : null;
  return {
    id,
    agent: log.ref.agent,
    sessionId: s.sessionId,
    path: log.path,
    logPresent: true,
    parentId,
    cwd: s.cwd,
    repo,
    branches: s.branches,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    title: s.title ?? (s.firstPrompt ? titleFrom(s.firstPrompt) : null),
    firstPrompt: s.firstPrompt ? s.firstPrompt.slice(0, 2000) : null,
    userTurns: s.userTurns,
    models: s.models,
    tokens: { input: s.tokens.input, output: s.tokens.output },
    filesEdited: files,
    commits: carried.commits,
    pullRequests: s.pullRequests.map((p) => ({ number: p.number, url: p.url })),
    checkpoints: [],
    secrets: carried.secrets.map((x) => ({ rule: x.rule, line: x.line, turn: x.turn })),
    problems: carried.problems,
    turns: carried.nextSeq,
    resume,
    repos,
    hidden: carried.hidden,
  };
}

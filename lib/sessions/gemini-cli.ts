/**
 * Gemini CLI's logs (and forks writing the same records): `~/.gemini/tmp/<project>/chats/session-<time>-<id8>.jsonl`,
 * legacy `.json` (one ConversationRecord), sub-agents under `chats/<parent session id>/<id>.jsonl`. See
 * /work/shared/spec/session-logs.md §1.3 and gemini-cli `chatRecordingService.ts`:
 * - the first line `{sessionId, projectHash, startTime, lastUpdated, kind, directories}`;
 * - messages `{id, timestamp, type: user | gemini | info | error | warning, content, toolCalls, tokens, model}`;
 *   the SAME id is appended again whenever its tool calls, results or tokens change: the last record of an id wins,
 *   in the place of its first;
 * - `{"$set": {...}}` metadata updates (`lastUpdated`, `summary`, `messages`: a replacement list);
 * - `{"$rewindTo": id}` removes that message and every later one (none found: all).
 * The project folder is not in the log: `projects.json` (path → slug) and `tmp/<slug>/.project_root` are read as
 * companions. Thoughts are never read.
 */
import { posix } from "node:path";
import type { CommitClaim, FileEdit, LogChunk, LogRef, ReadResult, SessionEnv, SessionReader, SessionRoot, SessionSummary, SessionTurn, ToolCall } from "./types";
import { addUnique, commitClaims, joinPath, MAX_COMMAND_CHARS, pullRequestUrls } from "./shell";
import { cleanPrompt, isHarnessText, isoTime, isSlashCommand, isTitlePrompt, maxTime, minTime, num, obj, parseObject, str, titleFrom } from "./prompts";

/** What is kept of one message: enough to recount the session after a rewind or a re-append. */
interface GeminiMessage {
  id: string;
  prompt: boolean;
  model: string | null;
  tokens: [number, number, number];
  files: Array<{ path: string; cwd: string | null }>;
  commits: CommitClaim[];
  prs: string[];
  /** What was already emitted as turns: answer text length, tool call ids, result ids. */
  said: number;
  calls: string[];
  results: string[];
}

export interface GeminiState {
  v: 1;
  seq: number;
  sessionId: string | null;
  kind: string | null;
  startedAt: string | null;
  endedAt: string | null;
  summary: string | null;
  directories: string[];
  projectDir: string | null;
  /** A sub-agent's parent session id, from its folder (`chats/<parent>/<id>.jsonl`). */
  parentSessionId: string | null;
  firstPrompt: string | null;
  messages: GeminiMessage[];
  /** Counts of messages dropped past MAX_MESSAGES (oldest first). */
  dropped: { userTurns: number; models: string[]; tokens: [number, number, number]; files: Array<{ path: string; cwd: string | null }>; commits: CommitClaim[]; prs: string[] };
  rewinds: number;
}

const MAX_MESSAGES = 5000;
const MAX_FILES = 500;
const EDIT_TOOLS = new Set(["write_file", "replace", "edit", "smart_edit", "write_new_file"]);
const SHELL_TOOLS = new Set(["run_shell_command", "shell"]);

function emptyDropped(): GeminiState["dropped"] {
  return { userTurns: 0, models: [], tokens: [0, 0, 0], files: [], commits: [], prs: [] };
}

function initial(): GeminiState {
  return {
    v: 1,
    seq: 0,
    sessionId: null,
    kind: null,
    startedAt: null,
    endedAt: null,
    summary: null,
    directories: [],
    projectDir: null,
    parentSessionId: null,
    firstPrompt: null,
    messages: [],
    dropped: emptyDropped(),
    rewinds: 0,
  };
}

function cap(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

/** A `PartListUnion`: a string, a part `{text}`, or a list of them (other parts, e.g. inline data, skipped). */
function partsText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(partsText).filter(Boolean).join("\n");
  const o = obj(content);
  if (!o) return "";
  return str(o.text) ?? "";
}

/** A tool call's result: `[{functionResponse: {response: {output | error}}}]`, a string, or `resultDisplay`. */
function resultText(call: Record<string, unknown>): string {
  const collect = (value: unknown): string => {
    if (typeof value === "string") return value;
    if (Array.isArray(value)) return value.map(collect).filter(Boolean).join("\n");
    const o = obj(value);
    if (!o) return "";
    const response = obj(obj(o.functionResponse)?.response);
    if (response) return [str(response.output), str(response.error), str(response.llmContent)].filter(Boolean).join("\n");
    return str(o.text) ?? str(o.output) ?? "";
  };
  const text = collect(call.result);
  if (text) return text;
  return typeof call.resultDisplay === "string" ? call.resultDisplay : "";
}

/** The project folder from the companions: `projects.json` maps a path to the slug this file lives under. */
function projectFolder(chunk: LogChunk): string | null {
  const slug = /(?:^|\/)tmp\/([^/]+)\/chats\//.exec(chunk.path.replace(/\\/g, "/"))?.[1] ?? null;
  const companion = (name: string) => {
    const key = (chunk.ref.companions ?? []).find((c) => c === name || c.endsWith(`/${name}`));
    return key ? (chunk.companions?.[key] ?? "") : "";
  };
  const projects = obj(obj(parseObject(companion("projects.json")))?.projects);
  if (slug && projects) {
    for (const [path, value] of Object.entries(projects)) if (value === slug) return path;
  }
  const root = companion(".project_root").trim().split("\n")[0]?.trim();
  return root && root.length < 1000 ? root : null;
}

function mergeMeta(state: GeminiState, meta: Record<string, unknown>): void {
  const id = str(meta.sessionId);
  if (id) state.sessionId = id;
  state.kind = str(meta.kind) ?? state.kind;
  const start = isoTime(meta.startTime);
  if (start) state.startedAt = minTime(state.startedAt, start);
  const last = isoTime(meta.lastUpdated);
  if (last) state.endedAt = maxTime(state.endedAt, last);
  const summary = str(meta.summary);
  if (summary && summary.trim()) state.summary = cap(summary.trim(), 300);
  if (Array.isArray(meta.directories)) for (const d of meta.directories) addUnique(state.directories, str(d), 20);
}

function dropOldest(state: GeminiState): void {
  const m = state.messages.shift();
  if (!m) return;
  const d = state.dropped;
  if (m.prompt) d.userTurns++;
  addUnique(d.models, m.model, 20);
  d.tokens = [d.tokens[0] + m.tokens[0], d.tokens[1] + m.tokens[1], d.tokens[2] + m.tokens[2]];
  for (const f of m.files) if (d.files.length < MAX_FILES && !d.files.some((x) => x.path === f.path)) d.files.push(f);
  for (const c of m.commits) if (!d.commits.some((x) => x.sha === c.sha)) d.commits.push(c);
  for (const p of m.prs) addUnique(d.prs, p, 20);
}

/** One message record (new, or a re-append of a known id): the stored summary replaced, new parts emitted. */
function readMessage(state: GeminiState, rec: Record<string, unknown>, id: string, turns: SessionTurn[], line?: number): void {
  const at = isoTime(rec.timestamp);
  if (at) {
    state.startedAt = minTime(state.startedAt, at);
    state.endedAt = maxTime(state.endedAt, at);
  }
  let msg = state.messages.find((m) => m.id === id);
  if (!msg) {
    msg = { id, prompt: false, model: null, tokens: [0, 0, 0], files: [], commits: [], prs: [], said: 0, calls: [], results: [] };
    state.messages.push(msg);
    if (state.messages.length > MAX_MESSAGES) dropOldest(state);
  }
  const push = (turn: Omit<SessionTurn, "seq">) => turns.push({ seq: state.seq++, uid: id, ...turn, ...(line ? { line } : {}) });
  const type = str(rec.type);
  const text = partsText(rec.content).trim();
  const cwd = state.projectDir;
  if (type === "user") {
    const clean = cleanPrompt(text);
    if (!clean || msg.said > 0) return;
    msg.said = clean.length;
    if (isHarnessText(clean) || isSlashCommand(clean)) {
      push({ kind: "note", at, text: clean });
      return;
    }
    msg.prompt = state.kind !== "subagent" && !state.parentSessionId;
    if (msg.prompt && !state.firstPrompt && isTitlePrompt(clean)) state.firstPrompt = clean;
    push({ kind: msg.prompt ? "prompt" : "note", at, text: clean });
    return;
  }
  if (type !== "gemini") {
    if ((type === "info" || type === "error" || type === "warning") && text && msg.said === 0) {
      msg.said = text.length;
      push({ kind: "note", at, text: cap(text, 2000) });
    }
    return;
  }
  msg.model = str(rec.model) ?? msg.model;
  const tokens = obj(rec.tokens);
  if (tokens) msg.tokens = [num(tokens.input), num(tokens.output), num(tokens.cached)];
  if (text && text.length !== msg.said) {
    msg.said = text.length;
    push({ kind: "answer", at, text, ...(msg.model ? { model: msg.model } : {}) });
  }
  const calls = Array.isArray(rec.toolCalls) ? rec.toolCalls : [];
  msg.files = [];
  msg.commits = [];
  msg.prs = [];
  for (const raw of calls.slice(0, 500)) {
    const c = obj(raw);
    if (!c) continue;
    const name = str(c.name) ?? "tool";
    const callId = str(c.id) ?? `${id}:${msg.calls.length}`;
    const args = obj(c.args) ?? {};
    const callAt = isoTime(c.timestamp) ?? at;
    const command = SHELL_TOOLS.has(name) ? str(args.command) : null;
    const dir = str(args.dir_path) ?? str(args.directory);
    const here = dir ? joinPath(cwd, dir) : cwd;
    const path = str(args.file_path) ?? str(args.absolute_path) ?? str(args.path);
    const edits: FileEdit[] = [];
    if (EDIT_TOOLS.has(name) && path) {
      const op = name === "replace" || name === "edit" || name === "smart_edit" ? "edit" : "write";
      edits.push({ path, cwd, tool: name, op, ...(op === "write" ? { after: str(args.content) ?? undefined } : { before: str(args.old_string) ?? undefined, after: str(args.new_string) ?? undefined }) });
      if (msg.files.length < MAX_FILES && !msg.files.some((f) => f.path === path)) msg.files.push({ path, cwd });
    }
    const status = str(c.status);
    const output = resultText(c);
    if (command && output) {
      for (const claim of commitClaims(output, command, here, callAt)) if (!msg.commits.some((x) => x.sha === claim.sha)) msg.commits.push(claim);
    }
    for (const pr of pullRequestUrls(output)) addUnique(msg.prs, pr.url, 20);
    if (!msg.calls.includes(callId)) {
      msg.calls.push(callId);
      const call: ToolCall = { name, id: callId, ...(here ? { cwd: here } : {}) };
      if (command) call.command = cap(command, MAX_COMMAND_CHARS);
      if (path) call.paths = [path];
      if (edits.length) call.edits = edits;
      if (!command && !path && Object.keys(args).length) call.summary = cap(JSON.stringify(args), 400);
      push({ kind: "tool", at: callAt, text: call.command ?? path ?? name, tool: call });
    }
    const done = status === "success" || status === "error" || status === "cancelled" || output.length > 0;
    if (done && !msg.results.includes(callId)) {
      msg.results.push(callId);
      const commits = msg.commits.filter((x) => x.command === (command ? cap(command, MAX_COMMAND_CHARS) : null));
      push({ kind: "result", at: callAt, text: output, toolId: callId, ...(status === "error" ? { isError: true } : {}), ...(commits.length ? { commits } : {}) });
    }
  }
}

function rewind(state: GeminiState, id: string, turns: SessionTurn[], at: string | null): void {
  const index = state.messages.findIndex((m) => m.id === id);
  const removed = index < 0 ? state.messages.length : state.messages.length - index;
  state.messages = index < 0 ? [] : state.messages.slice(0, index);
  if (index < 0) state.dropped = emptyDropped();
  state.rewinds++;
  if (state.firstPrompt && !state.messages.some((m) => m.prompt) && state.dropped.userTurns === 0) state.firstPrompt = null;
  turns.push({ seq: state.seq++, kind: "note", at, text: `Rewound: ${removed} later message${removed === 1 ? "" : "s"} taken back.` });
}

function readRecord(state: GeminiState, rec: Record<string, unknown>, turns: SessionTurn[], line?: number): void {
  const rewindTo = str(rec.$rewindTo);
  if (rewindTo !== null) {
    rewind(state, rewindTo, turns, state.endedAt);
    return;
  }
  const id = str(rec.id);
  if (id !== null && !("projectHash" in rec && "sessionId" in rec)) {
    readMessage(state, rec, id, turns, line);
    return;
  }
  const set = obj(rec.$set);
  if (set) {
    mergeMeta(state, set);
    if (Array.isArray(set.messages)) {
      // A replacement list (compression, a rolled-back turn): the model's context now; what was said stays said.
      const keep = new Set(set.messages.map((m) => str(obj(m)?.id)).filter(Boolean));
      state.messages = state.messages.filter((m) => keep.has(m.id));
      for (const m of set.messages.slice(0, MAX_MESSAGES)) {
        const o = obj(m);
        const mid = str(o?.id);
        if (o && mid) readMessage(state, o, mid, turns);
      }
    }
    return;
  }
  if (str(rec.sessionId) !== null) {
    mergeMeta(state, rec);
    // Legacy `.json`: the whole ConversationRecord, messages inside.
    if (Array.isArray(rec.messages)) {
      for (const m of rec.messages.slice(0, MAX_MESSAGES * 4)) {
        const o = obj(m);
        const mid = str(o?.id);
        if (o && mid) readMessage(state, o, mid, turns);
      }
    }
  }
  // anything else: a record type this reader does not know, skipped
}

function read(state: GeminiState, chunk: LogChunk): ReadResult<GeminiState> {
  const turns: SessionTurn[] = [];
  const problems: ReadResult<GeminiState>["problems"] = [];
  if (!state.projectDir) state.projectDir = projectFolder(chunk);
  state.parentSessionId ??= geminiParentSessionId(chunk.ref.key);
  chunk.lines.forEach((text, i) => {
    const line = chunk.firstLine + i;
    if (!text.trim()) return;
    const rec = parseObject(text);
    if (!rec) {
      problems.push({ line: chunk.ref.mode === "document" ? null : line, message: chunk.ref.mode === "document" ? "the chat file is not a JSON object; skipped" : `line ${line} is not a JSON object; skipped` });
      return;
    }
    readRecord(state, rec, turns, chunk.ref.mode === "lines" ? line : undefined);
  });
  return { state, turns, problems };
}

function summarize(state: GeminiState): SessionSummary {
  const d = state.dropped;
  const models: string[] = [...d.models];
  const files = [...d.files];
  const commits = [...d.commits];
  const prs = [...d.prs];
  let userTurns = d.userTurns;
  const tokens = [...d.tokens];
  for (const m of state.messages) {
    if (m.prompt) userTurns++;
    addUnique(models, m.model, 20);
    tokens[0] += m.tokens[0];
    tokens[1] += m.tokens[1];
    tokens[2] += m.tokens[2];
    for (const f of m.files) if (files.length < MAX_FILES && !files.some((x) => x.path === f.path)) files.push(f);
    for (const c of m.commits) if (!commits.some((x) => x.sha === c.sha && x.cwd === c.cwd)) commits.push(c);
    for (const p of m.prs) addUnique(prs, p, 20);
  }
  const cwd = state.projectDir ?? state.directories[0] ?? null;
  const title = state.summary ?? (state.firstPrompt ? titleFrom(state.firstPrompt) : null);
  return {
    sessionId: state.sessionId,
    cwd,
    cwds: [cwd, ...state.directories].filter((x, i, a): x is string => !!x && a.indexOf(x) === i),
    branches: [],
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title,
    titleSource: state.summary ? "summary" : state.firstPrompt ? "first-prompt" : null,
    firstPrompt: state.firstPrompt,
    userTurns,
    models,
    tokens: { input: tokens[0], output: tokens[1], cacheRead: tokens[2] },
    filesEdited: files,
    commits,
    pullRequests: prs.map((url) => ({ number: Number(/\/pull\/(\d+)/.exec(url)?.[1]) || null, url })),
    ...(state.kind === "subagent" || state.parentSessionId ? { subagent: { type: "subagent", description: null } } : {}),
    ...(state.parentSessionId ? { parentSessionId: state.parentSessionId } : {}),
  };
}

const CHAT = /^tmp\/([^/]+)\/chats\/(?:([^/]+)\/)?([^/]+)\.(jsonl|json)$/;

function classify(relPath: string): LogRef | null {
  const m = CHAT.exec(relPath);
  if (!m) return null;
  const [, , parent, name, ext] = m;
  if (!parent && !/^session-/.test(name)) return null;
  if (parent && ext !== "jsonl") return null;
  const up = parent ? "../../" : "../";
  return {
    agent: "gemini-cli",
    key: relPath.replace(/^tmp\//, ""),
    parentKey: null,
    mode: ext === "jsonl" ? "lines" : "document",
    companions: [`${up}.project_root`, `${up}../../projects.json`],
  };
}

function roots(env: SessionEnv): SessionRoot[] {
  const out: SessionRoot[] = [];
  const configured = env.env.GEMINI_CLI_HOME?.trim();
  if (configured) out.push({ agent: "gemini-cli", dir: posix.join(configured, ".gemini"), from: "GEMINI_CLI_HOME" });
  const dflt = posix.join(env.home, ".gemini");
  if (!out.some((r) => r.dir === dflt)) out.push({ agent: "gemini-cli", dir: dflt, from: "~/.gemini" });
  return out;
}

export const geminiCliReader: SessionReader<GeminiState> = {
  agent: "gemini-cli",
  label: "Gemini CLI",
  roots,
  walk: [{ under: "tmp", depth: 4 }],
  classify,
  initial,
  read,
  summarize,
  resumeCommand: (id) => `gemini --resume ${id}`,
};

/** The parent session id a sub-agent's chat file names (`chats/<parent>/<id>.jsonl`), for linking. */
export function geminiParentSessionId(key: string): string | null {
  return /\/chats\/([^/]+)\/[^/]+\.jsonl$/.exec(`/${key}`)?.[1] ?? null;
}

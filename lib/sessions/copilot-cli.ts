/**
 * GitHub Copilot CLI's logs: `~/.copilot/session-state/<uuid>/events.jsonl` (with `workspace.yaml`: the session's
 * name, cwd and branch), older builds a flat `session-state/<uuid>.jsonl`. `COPILOT_HOME` moves the folder. Events
 * `{type, data, id, timestamp, parentId}` (/work/shared/spec/session-logs.md §1.5):
 * `session.start` (`context.cwd`, `context.branch`), `user.message`, `assistant.message` (`content`, `toolRequests`,
 * `model`), `tool.execution_start` / `tool.execution_complete` (same `toolCallId`), `session.model_change`,
 * `session.shutdown` (per-model token metrics; one per process lifetime, so a resumed session has several: summed).
 * `assistant.reasoning` and reasoning text are never read.
 */
import { posix } from "node:path";
import { parse as parseYaml } from "yaml";
import type { LogChunk, LogRef, ReadResult, SessionEnv, SessionReader, SessionRoot, SessionSummary, SessionTurn, ToolCall } from "./types";
import { addCommits, addPullRequests, addUnique, commitClaims, joinPath, MAX_COMMAND_CHARS, pullRequestUrls } from "./shell";
import { cleanPrompt, eachJsonLine, isHarnessText, isoTime, isSlashCommand, isTitlePrompt, maxTime, minTime, num, obj, parseObject, str, titleFrom } from "./prompts";

export interface CopilotState {
  v: 1;
  seq: number;
  sessionId: string | null;
  cwd: string | null;
  cwds: string[];
  branches: string[];
  remote: string | null;
  startedAt: string | null;
  endedAt: string | null;
  name: string | null;
  firstPrompt: string | null;
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
  filesEdited: Array<{ path: string; cwd: string | null }>;
  commits: SessionSummary["commits"];
  pullRequests: SessionSummary["pullRequests"];
  pending: Record<string, { name: string; command: string | null; cwd: string | null }>;
  seen: string[];
  version: string | null;
}

const MAX_PENDING = 200;
const MAX_FILES = 500;
const MAX_SEEN = 2000;
const EDIT_TOOLS = new Set(["edit", "create", "str_replace_editor", "str_replace", "write", "write_file", "apply_patch"]);
const SHELL_TOOLS = new Set(["bash", "powershell", "shell", "run_shell_command"]);

function initial(): CopilotState {
  return {
    v: 1,
    seq: 0,
    sessionId: null,
    cwd: null,
    cwds: [],
    branches: [],
    remote: null,
    startedAt: null,
    endedAt: null,
    name: null,
    firstPrompt: null,
    userTurns: 0,
    models: [],
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    filesEdited: [],
    commits: [],
    pullRequests: [],
    pending: {},
    seen: [],
    version: null,
  };
}

function cap(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

function setCwd(state: CopilotState, cwd: string | null): void {
  if (!cwd) return;
  state.cwd ??= cwd;
  addUnique(state.cwds, cwd, 50);
}

/** `workspace.yaml`: `{id, cwd, git_root, branch, summary | name, created_at, updated_at}` (fields optional). */
function readWorkspace(state: CopilotState, text: string | null | undefined): void {
  if (!text || text.length > 64 * 1024) return;
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 10 });
  } catch {
    return;
  }
  const w = obj(doc);
  if (!w) return;
  state.sessionId ??= str(w.id);
  setCwd(state, str(w.cwd));
  addUnique(state.branches, str(w.branch), 50);
  const name = str(w.summary) ?? str(w.name) ?? str(w.title);
  if (name && name.trim()) state.name = cap(name.trim().replace(/\s+/g, " "), 200);
  const created = isoTime(w.created_at);
  if (created) state.startedAt = minTime(state.startedAt, created);
}

/** A tool result: `{content, detailedContent}`, a string, or an error. */
function resultText(data: Record<string, unknown>): string {
  const result = data.result;
  if (typeof result === "string") return result;
  const r = obj(result);
  const parts = [str(r?.detailedContent) ?? str(r?.content), str(obj(data.error)?.message) ?? str(data.error)];
  return parts.filter(Boolean).join("\n");
}

function toolStart(state: CopilotState, data: Record<string, unknown>, at: string | null, push: (t: Omit<SessionTurn, "seq">) => void): void {
  const name = str(data.toolName) ?? str(data.name) ?? "tool";
  const id = str(data.toolCallId) ?? undefined;
  if (id && state.pending[id]) return; // the same call announced twice
  const args = obj(data.arguments) ?? parseObject(str(data.arguments) ?? "") ?? {};
  const cwd = state.cwd;
  const call: ToolCall = { name, ...(id ? { id } : {}), ...(cwd ? { cwd } : {}) };
  const command = SHELL_TOOLS.has(name) ? str(args.command) : null;
  const path = str(args.path) ?? str(args.file_path) ?? str(args.filePath);
  if (command) call.command = cap(command, MAX_COMMAND_CHARS);
  if (path) call.paths = [path];
  if (EDIT_TOOLS.has(name) && path && str(args.command) !== "view") {
    const op = name === "create" || name === "write" || name === "write_file" || str(args.command) === "create" ? "write" : "edit";
    call.edits = [{ path, cwd, tool: name, op, ...(op === "write" ? { after: str(args.file_text) ?? str(args.content) ?? undefined } : { before: str(args.old_str) ?? undefined, after: str(args.new_str) ?? undefined }) }];
    if (state.filesEdited.length < MAX_FILES && !state.filesEdited.some((f) => f.path === path)) state.filesEdited.push({ path, cwd });
  }
  if (!command && !path && Object.keys(args).length) call.summary = cap(JSON.stringify(args), 400);
  if (id) {
    const ids = Object.keys(state.pending);
    if (ids.length >= MAX_PENDING) delete state.pending[ids[0]];
    state.pending[id] = { name, command: call.command ?? null, cwd: (command && str(args.cwd) ? joinPath(cwd, str(args.cwd)!) : cwd) ?? null };
  }
  push({ kind: "tool", at, text: call.command ?? path ?? name, tool: call });
}

function readEvent(state: CopilotState, rec: Record<string, unknown>, turns: SessionTurn[], line: number): void {
  const type = str(rec.type);
  const data = obj(rec.data) ?? {};
  const at = isoTime(rec.timestamp);
  // An event written twice (a resumed session replays nothing, but be safe): keyed by its own id.
  const eventId = str(rec.id);
  if (eventId && (type === "user.message" || type === "assistant.message")) {
    if (state.seen.includes(eventId)) return;
    state.seen.push(eventId);
    if (state.seen.length > MAX_SEEN) state.seen.shift();
  }
  if (at) {
    state.startedAt = minTime(state.startedAt, at);
    state.endedAt = maxTime(state.endedAt, at);
  }
  const push = (turn: Omit<SessionTurn, "seq">) => turns.push({ seq: state.seq++, ...(eventId ? { uid: eventId } : {}), ...turn, line });
  switch (type) {
    case "session.start": {
      state.sessionId ??= str(data.sessionId);
      state.version ??= str(data.copilotVersion) ?? str(data.version);
      const context = obj(data.context) ?? {};
      setCwd(state, str(context.cwd) ?? str(context.gitRoot));
      addUnique(state.branches, str(context.branch), 50);
      state.remote ??= str(context.repository);
      const started = isoTime(data.startTime);
      if (started) state.startedAt = minTime(state.startedAt, started);
      return;
    }
    case "session.resume":
    case "session.info": {
      const context = obj(data.context);
      if (context) {
        setCwd(state, str(context.cwd));
        addUnique(state.branches, str(context.branch), 50);
      }
      return;
    }
    case "session.model_change":
      addUnique(state.models, str(data.newModel), 20);
      return;
    case "user.message": {
      const text = cleanPrompt(str(data.content) ?? "");
      if (!text) return;
      if (isHarnessText(text) || isSlashCommand(text) || str(data.source) === "system") {
        push({ kind: "note", at, text });
        return;
      }
      state.userTurns++;
      if (!state.firstPrompt && isTitlePrompt(text)) state.firstPrompt = text;
      push({ kind: "prompt", at, text });
      return;
    }
    case "assistant.message": {
      const model = str(data.model);
      addUnique(state.models, model, 20);
      const text = (str(data.content) ?? "").trim();
      if (text) push({ kind: "answer", at, text, ...(model ? { model } : {}) });
      return;
    }
    case "tool.execution_start":
      toolStart(state, data, at, push);
      return;
    case "tool.execution_complete": {
      const id = str(data.toolCallId);
      const call = id ? state.pending[id] : undefined;
      const text = resultText(data);
      const commits = call?.command ? commitClaims(text, call.command, call.cwd, at, state.seq) : [];
      addCommits(state.commits, commits);
      addPullRequests(state.pullRequests, pullRequestUrls(text));
      push({ kind: "result", at, text, ...(id ? { toolId: id } : {}), ...(data.success === false ? { isError: true } : {}), ...(commits.length ? { commits } : {}) });
      if (id) delete state.pending[id];
      return;
    }
    case "session.shutdown": {
      addUnique(state.models, str(data.mainModel) ?? str(data.currentModel), 20);
      const metrics = obj(data.modelMetrics);
      for (const [model, m] of Object.entries(metrics ?? {}).slice(0, 50)) {
        addUnique(state.models, model, 20);
        const usage = obj(obj(m)?.usage);
        if (!usage) continue;
        state.tokens.input += num(usage.inputTokens);
        state.tokens.output += num(usage.outputTokens);
        state.tokens.cacheRead += num(usage.cacheReadTokens);
        state.tokens.cacheWrite += num(usage.cacheWriteTokens);
      }
      return;
    }
    default:
      return; // assistant.reasoning, deltas, turn boundaries, unknown events
  }
}

function read(state: CopilotState, chunk: LogChunk): ReadResult<CopilotState> {
  const turns: SessionTurn[] = [];
  const problems: ReadResult<CopilotState>["problems"] = [];
  if (chunk.companions && !state.name) readWorkspace(state, chunk.companions["workspace.yaml"]);
  eachJsonLine(chunk, problems, (rec, line) => readEvent(state, rec, turns, line));
  return { state, turns, problems };
}

function summarize(state: CopilotState): SessionSummary {
  return {
    sessionId: state.sessionId,
    cwd: state.cwd,
    cwds: state.cwds,
    branches: state.branches,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title: state.name ?? (state.firstPrompt ? titleFrom(state.firstPrompt) : null),
    titleSource: state.name ? "workspace" : state.firstPrompt ? "first-prompt" : null,
    firstPrompt: state.firstPrompt,
    userTurns: state.userTurns,
    models: state.models,
    tokens: { ...state.tokens },
    filesEdited: state.filesEdited,
    commits: state.commits,
    pullRequests: state.pullRequests,
    git: { remote: state.remote },
    client: "copilot-cli",
    version: state.version,
  };
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const EVENTS = new RegExp(`^session-state/(${UUID})/events\\.jsonl$`, "i");
const FLAT = new RegExp(`^session-state/(${UUID})\\.jsonl$`, "i");

function classify(relPath: string): LogRef | null {
  const m = EVENTS.exec(relPath);
  if (m) return { agent: "copilot-cli", key: m[1].toLowerCase(), parentKey: null, mode: "lines", companions: ["workspace.yaml"] };
  const f = FLAT.exec(relPath);
  if (f) return { agent: "copilot-cli", key: f[1].toLowerCase(), parentKey: null, mode: "lines" };
  return null;
}

function roots(env: SessionEnv): SessionRoot[] {
  const out: SessionRoot[] = [];
  const configured = env.env.COPILOT_HOME?.trim();
  if (configured) out.push({ agent: "copilot-cli", dir: configured, from: "COPILOT_HOME" });
  const xdg = env.env.XDG_CONFIG_HOME?.trim();
  if (xdg) out.push({ agent: "copilot-cli", dir: posix.join(xdg, ".copilot"), from: "XDG_CONFIG_HOME" });
  const dflt = posix.join(env.home, ".copilot");
  if (!out.some((r) => r.dir === dflt)) out.push({ agent: "copilot-cli", dir: dflt, from: "~/.copilot" });
  return out;
}

export const copilotCliReader: SessionReader<CopilotState> = {
  agent: "copilot-cli",
  label: "Copilot CLI",
  roots,
  walk: [{ under: "session-state", depth: 2 }],
  classify,
  initial,
  read,
  summarize,
  resumeCommand: (id) => `copilot --resume ${id}`,
};

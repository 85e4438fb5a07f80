/**
 * Codex CLI's logs (and the VS Code extension's, same format): `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl`
 * and `archived_sessions/rollout-*.jsonl`. Envelope `{timestamp, type, payload}`: see
 * /work/shared/spec/session-logs.md §1.2. Prompts come from `event_msg.user_message` (the `response_item` user
 * messages also carry injected instructions); answers from `response_item` assistant messages; tokens from the
 * last cumulative `token_count`. `reasoning` (and its `encrypted_content`) is never read.
 */
import { posix } from "node:path";
import type { FileEdit, LogChunk, LogRef, ReadResult, SessionEnv, SessionReader, SessionRoot, SessionSummary, SessionTurn, ToolCall } from "./types";
import { addCommits, addPullRequests, addUnique, commitClaims, MAX_COMMAND_CHARS, patchPaths, pullRequestUrls } from "./shell";
import { cleanPrompt, eachJsonLine, isHarnessText, isoTime, isSlashCommand, isTitlePrompt, maxTime, minTime, num, obj, parseObject, str, titleFrom } from "./prompts";

export interface CodexState {
  v: 1;
  seq: number;
  sessionId: string | null;
  parentSessionId: string | null;
  cwd: string | null;
  cwds: string[];
  branches: string[];
  remote: string | null;
  headAtStart: string | null;
  startedAt: string | null;
  endedAt: string | null;
  firstPrompt: string | null;
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number; cacheRead: number };
  filesEdited: Array<{ path: string; cwd: string | null }>;
  commits: SessionSummary["commits"];
  pullRequests: SessionSummary["pullRequests"];
  pending: Record<string, { command: string | null; cwd: string | null }>;
  client: string | null;
  version: string | null;
}

function initial(): CodexState {
  return {
    v: 1,
    seq: 0,
    sessionId: null,
    parentSessionId: null,
    cwd: null,
    cwds: [],
    branches: [],
    remote: null,
    headAtStart: null,
    startedAt: null,
    endedAt: null,
    firstPrompt: null,
    userTurns: 0,
    models: [],
    tokens: { input: 0, output: 0, cacheRead: 0 },
    filesEdited: [],
    commits: [],
    pullRequests: [],
    pending: {},
    client: null,
    version: null,
  };
}

function cap(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

/** A shell call's command as one line: `["bash","-lc","git commit"]` → `git commit`. */
function commandText(command: unknown): string | null {
  if (typeof command === "string") return command;
  if (!Array.isArray(command)) return null;
  const parts = command.filter((p): p is string => typeof p === "string");
  if (parts.length >= 3 && /(?:^|\/)(?:ba|z)?sh$|powershell|pwsh/.test(parts[0]) && /^-\w*c\w*$|^-Command$/i.test(parts[1])) return parts.slice(2).join(" ");
  return parts.join(" ");
}

/** Output of a call: a string, or (older builds) a JSON string `{output, metadata}`. */
function outputText(output: unknown): string {
  if (typeof output === "string") {
    if (output.startsWith("{")) {
      const o = parseObject(output);
      const inner = str(o?.output);
      if (inner !== null) return inner;
    }
    return output;
  }
  const o = obj(output);
  return str(o?.output) ?? str(o?.content) ?? "";
}

function addEdits(state: CodexState, patch: string, cwd: string | null, tool: string): FileEdit[] {
  const edits: FileEdit[] = patchPaths(patch).map((p) => ({ path: p.path, cwd, tool, op: p.op }));
  for (const e of edits) {
    if (state.filesEdited.length < 500 && !state.filesEdited.some((f) => f.path === e.path)) state.filesEdited.push({ path: e.path, cwd });
  }
  if (edits.length) edits[0].patch = patch;
  return edits;
}

function readRecord(state: CodexState, rec: Record<string, unknown>, line: number, turns: SessionTurn[]): void {
  const at = isoTime(rec.timestamp);
  if (at) {
    state.startedAt = minTime(state.startedAt, at);
    state.endedAt = maxTime(state.endedAt, at);
  }
  const payload = obj(rec.payload);
  if (!payload) return;
  const push = (turn: Omit<SessionTurn, "seq">) => turns.push({ seq: state.seq++, ...turn, line });
  const here = state.cwd;
  switch (str(rec.type)) {
    case "session_meta": {
      state.sessionId ??= str(payload.id);
      const cwd = str(payload.cwd);
      if (cwd) {
        state.cwd ??= cwd;
        addUnique(state.cwds, cwd, 50);
      }
      state.client ??= str(payload.originator);
      state.version ??= str(payload.cli_version);
      const git = obj(payload.git);
      if (git) {
        addUnique(state.branches, str(git.branch), 50);
        state.remote ??= str(git.repository_url);
        state.headAtStart ??= str(git.commit_hash);
      }
      const parent = str(obj(obj(obj(payload.source)?.subagent)?.thread_spawn)?.parent_thread_id) ?? str(payload.forked_from_id);
      if (parent) state.parentSessionId ??= parent;
      const started = isoTime(payload.timestamp);
      if (started) state.startedAt = minTime(state.startedAt, started);
      return;
    }
    case "turn_context": {
      const cwd = str(payload.cwd);
      if (cwd) {
        state.cwd ??= cwd;
        addUnique(state.cwds, cwd, 50);
      }
      addUnique(state.models, str(payload.model), 20);
      return;
    }
    case "event_msg": {
      const kind = str(payload.type);
      if (kind === "user_message") {
        const text = cleanPrompt(str(payload.message) ?? "");
        if (!text) return;
        if (isHarnessText(text) || isSlashCommand(text)) {
          push({ kind: "note", at, text });
          return;
        }
        state.userTurns++;
        if (!state.firstPrompt && isTitlePrompt(text)) state.firstPrompt = text;
        push({ kind: "prompt", at, text });
      } else if (kind === "token_count") {
        const total = obj(obj(payload.info)?.total_token_usage);
        if (total) state.tokens = { input: num(total.input_tokens), output: num(total.output_tokens), cacheRead: num(total.cached_input_tokens) };
      }
      return; // agent_message repeats the response_item; the rest is progress
    }
    case "compacted":
      push({ kind: "note", at, text: "The conversation was compacted." });
      return;
    case "response_item":
      break;
    default:
      return;
  }
  const item = str(payload.type);
  if (item === "message") {
    if (payload.role !== "assistant") return; // user and developer messages: prompts come from event_msg
    const content = Array.isArray(payload.content) ? payload.content : [];
    const text = content
      .map((c) => (obj(c)?.type === "output_text" ? (str(obj(c)?.text) ?? "") : ""))
      .join("\n")
      .trim();
    if (text) push({ kind: "answer", at, text, ...(state.models.at(-1) ? { model: state.models.at(-1) } : {}) });
    return;
  }
  if (item === "function_call" || item === "local_shell_call" || item === "custom_tool_call") {
    const name = str(payload.name) ?? (item === "local_shell_call" ? "local_shell" : "tool");
    const id = str(payload.call_id) ?? str(payload.id) ?? undefined;
    const call: ToolCall = { name, ...(id ? { id } : {}) };
    let args: Record<string, unknown> | null = null;
    if (item === "function_call") args = parseObject(str(payload.arguments) ?? "") ?? {};
    else if (item === "local_shell_call") args = obj(payload.action) ?? {};
    const cwd = str(args?.workdir) ?? str(args?.working_directory) ?? here;
    const command = commandText(args?.command ?? args?.cmd);
    if (cwd) call.cwd = cwd;
    let patch = item === "custom_tool_call" && name === "apply_patch" ? (str(payload.input) ?? "") : null;
    if (!patch && command && /^apply_patch\b/.test(command)) patch = command.replace(/^apply_patch\s*/, "");
    if (patch) call.edits = addEdits(state, patch, cwd, "apply_patch");
    else if (command) call.command = cap(command, MAX_COMMAND_CHARS);
    else if (args && Object.keys(args).length) call.summary = cap(JSON.stringify(args), 400);
    if (id) {
      const ids = Object.keys(state.pending);
      if (ids.length >= 200) delete state.pending[ids[0]];
      state.pending[id] = { command: call.command ?? null, cwd: cwd ?? null };
    }
    push({ kind: "tool", at, text: call.command ?? call.edits?.map((e) => e.path).join(", ") ?? name, tool: call });
    return;
  }
  if (item === "function_call_output" || item === "custom_tool_call_output") {
    const id = str(payload.call_id) ?? undefined;
    const call = id ? state.pending[id] : undefined;
    const text = outputText(payload.output);
    const commits = commitClaims(text, call?.command ?? null, call?.cwd ?? here, at, state.seq);
    addCommits(state.commits, commits);
    addPullRequests(state.pullRequests, pullRequestUrls(text));
    push({ kind: "result", at, text, ...(id ? { toolId: id } : {}), ...(commits.length ? { commits } : {}) });
    if (id) delete state.pending[id];
  }
  // reasoning (encrypted_content), web_search_call, unknown items: not read
}

function read(state: CodexState, chunk: LogChunk): ReadResult<CodexState> {
  const turns: SessionTurn[] = [];
  const problems: ReadResult<CodexState>["problems"] = [];
  eachJsonLine(chunk, problems, (rec, line) => readRecord(state, rec, line, turns));
  return { state, turns, problems };
}

function summarize(state: CodexState): SessionSummary {
  return {
    sessionId: state.sessionId,
    cwd: state.cwd,
    cwds: state.cwds,
    branches: state.branches,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title: state.firstPrompt ? titleFrom(state.firstPrompt) : null,
    titleSource: state.firstPrompt ? "first-prompt" : null,
    firstPrompt: state.firstPrompt,
    userTurns: state.userTurns,
    models: state.models,
    tokens: { ...state.tokens },
    filesEdited: state.filesEdited,
    commits: state.commits,
    pullRequests: state.pullRequests,
    git: { remote: state.remote, headAtStart: state.headAtStart },
    parentSessionId: state.parentSessionId,
    client: state.client,
    version: state.version,
  };
}

const ROLLOUT = /^(?:sessions\/\d{4}\/\d{2}\/\d{2}|archived_sessions)\/rollout-[^/]*?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?\.jsonl$/i;

function classify(relPath: string): LogRef | null {
  const m = ROLLOUT.exec(relPath);
  if (!m) return null;
  return { agent: "codex", key: m[1]?.toLowerCase() ?? posix.basename(relPath, ".jsonl"), parentKey: null, mode: "lines" };
}

function roots(env: SessionEnv): SessionRoot[] {
  const configured = env.env.CODEX_HOME?.trim();
  const out: SessionRoot[] = [];
  if (configured) out.push({ agent: "codex", dir: configured.startsWith("~/") ? posix.join(env.home, configured.slice(2)) : configured, from: "CODEX_HOME" });
  const dflt = posix.join(env.home, ".codex");
  if (!out.some((r) => r.dir === dflt)) out.push({ agent: "codex", dir: dflt, from: "~/.codex" });
  return out;
}

export const codexReader: SessionReader<CodexState> = {
  agent: "codex",
  label: "Codex",
  roots,
  walk: [
    { under: "sessions", depth: 4 },
    { under: "archived_sessions", depth: 1 },
  ],
  classify,
  initial,
  read,
  summarize,
  resumeCommand: (id) => `codex resume ${id}`,
};

/**
 * Claude Code's logs: `<root>/projects/<encoded cwd>/<session id>.jsonl`, sub-agents under
 * `<session id>/subagents/agent-<id>.jsonl` (with `agent-<id>.meta.json`), the older top-level `agent-<id>.jsonl`,
 * and `sessions-index.json` beside them (summary and exact project path per session). Records: see
 * /work/shared/spec/session-logs.md §1.1. The folder name is never read as the repository: the records' `cwd` is.
 * `thinking` blocks (and their signatures) and images are never read.
 */
import type { FileEdit, LogChunk, LogRef, ReadResult, SessionEnv, SessionReader, SessionRoot, SessionSummary, SessionTurn, ToolCall } from "./types";
import { addCommits, addPullRequests, addUnique, commitClaims, MAX_COMMAND_CHARS, pullRequestUrls } from "./shell";
import { cleanPrompt, eachJsonLine, isHarnessText, isoTime, isSlashCommand, isTitlePrompt, maxTime, minTime, num, obj, parseObject, str, titleFrom } from "./prompts";
import { posix } from "node:path";

interface PendingCall {
  name: string;
  command: string | null;
  cwd: string | null;
}

export interface ClaudeState {
  v: 1;
  seq: number;
  subagent: boolean;
  sessionId: string | null;
  cwd: string | null;
  cwds: string[];
  branches: string[];
  startedAt: string | null;
  endedAt: string | null;
  customTitle: string | null;
  aiTitle: string | null;
  summaryTitle: string | null;
  indexSummary: string | null;
  indexProject: string | null;
  firstPrompt: string | null;
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
  /** The last response's key and usage: records of one streamed response repeat and grow (dedupe by message.id + requestId). */
  lastUsageKey: string | null;
  lastUsage: [number, number, number, number];
  filesEdited: Array<{ path: string; cwd: string | null }>;
  commits: SessionSummary["commits"];
  pullRequests: SessionSummary["pullRequests"];
  pending: Record<string, PendingCall>;
  subagentMeta: { type?: string | null; description?: string | null } | null;
  client: string | null;
  version: string | null;
}

const EDIT_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
const MAX_PENDING = 200;
const MAX_FILES = 500;
const SUMMARY_CHARS = 400;

function initial(ref: LogRef): ClaudeState {
  return {
    v: 1,
    seq: 0,
    subagent: ref.parentKey !== null || /(^|\/)agent-[^/]+$/.test(ref.key),
    sessionId: null,
    cwd: null,
    cwds: [],
    branches: [],
    startedAt: null,
    endedAt: null,
    customTitle: null,
    aiTitle: null,
    summaryTitle: null,
    indexSummary: null,
    indexProject: null,
    firstPrompt: null,
    userTurns: 0,
    models: [],
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    lastUsageKey: null,
    lastUsage: [0, 0, 0, 0],
    filesEdited: [],
    commits: [],
    pullRequests: [],
    pending: {},
    subagentMeta: null,
    client: null,
    version: null,
  };
}

function addFile(state: ClaudeState, path: string | null, cwd: string | null): void {
  if (!path || state.filesEdited.length >= MAX_FILES) return;
  if (!state.filesEdited.some((f) => f.path === path)) state.filesEdited.push({ path, cwd });
}

/** The text blocks of a message's content (a string, or an array of blocks). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((b) => (obj(b)?.type === "text" ? (str(obj(b)?.text) ?? "") : ""))
    .filter(Boolean)
    .join("\n");
}

function cap(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

function toolCall(block: Record<string, unknown>, cwd: string | null): ToolCall {
  const name = str(block.name) ?? "tool";
  const input = obj(block.input) ?? {};
  const call: ToolCall = { name };
  const id = str(block.id);
  if (id) call.id = id;
  if (cwd) call.cwd = cwd;
  const command = str(input.command);
  if (command) call.command = cap(command, MAX_COMMAND_CHARS);
  const path = str(input.file_path) ?? str(input.notebook_path) ?? str(input.path);
  if (path) call.paths = [path];
  const description = str(input.description) ?? str(input.pattern) ?? str(input.url) ?? str(input.query);
  if (description) call.summary = cap(description, SUMMARY_CHARS);
  else if (!command && !path) {
    try {
      call.summary = cap(JSON.stringify(input), SUMMARY_CHARS);
    } catch {
      /* a cycle cannot come from JSON */
    }
  }
  if (EDIT_TOOLS.has(name) && path) {
    const edits: FileEdit[] = [];
    if (name === "Write") edits.push({ path, cwd, tool: name, op: "write", after: str(input.content) ?? "" });
    else if (name === "Edit") edits.push({ path, cwd, tool: name, op: "edit", before: str(input.old_string) ?? "", after: str(input.new_string) ?? "" });
    else if (name === "MultiEdit" && Array.isArray(input.edits)) {
      for (const e of input.edits.slice(0, 50)) {
        const o = obj(e);
        if (o) edits.push({ path, cwd, tool: name, op: "edit", before: str(o.old_string) ?? "", after: str(o.new_string) ?? "" });
      }
    } else if (name === "NotebookEdit") edits.push({ path, cwd, tool: name, op: "edit", after: str(input.new_source) ?? "" });
    call.edits = edits;
  }
  return call;
}

/** The output text of a tool_result block, plus the structured stdout Claude Code keeps beside it. */
function resultText(block: Record<string, unknown>, toolUseResult: unknown): string {
  const content = block.content;
  let text = typeof content === "string" ? content : textOf(content);
  const stdout = str(obj(toolUseResult)?.stdout);
  if (stdout && !text.includes(stdout.slice(0, 200))) text = text ? `${text}\n${stdout}` : stdout;
  return text;
}

function readRecord(state: ClaudeState, rec: Record<string, unknown>, line: number, turns: SessionTurn[]): void {
  const type = str(rec.type);
  const at = isoTime(rec.timestamp);
  switch (type) {
    case "custom-title":
      state.customTitle = str(rec.customTitle) ?? state.customTitle;
      return;
    case "ai-title":
      state.aiTitle = str(rec.aiTitle) ?? state.aiTitle;
      return;
    case "summary":
      state.summaryTitle = str(rec.summary) ?? state.summaryTitle;
      return;
    case "pr-link": {
      const url = str(rec.prUrl);
      if (url) addPullRequests(state.pullRequests, [{ number: typeof rec.prNumber === "number" ? rec.prNumber : null, url, repository: str(rec.prRepository) }]);
      return;
    }
    case "file-history-snapshot": {
      const backups = obj(obj(rec.snapshot)?.trackedFileBackups);
      if (backups) for (const path of Object.keys(backups).slice(0, 200)) addFile(state, path, null);
      return;
    }
    case "user":
    case "assistant":
    case "system":
      break;
    default:
      return; // progress, attachment, queue-operation, permission-mode, last-prompt, unknown: not part of the conversation
  }
  if (!state.sessionId) state.sessionId = str(rec.sessionId);
  const cwd = str(rec.cwd);
  if (cwd) {
    state.cwd ??= cwd;
    addUnique(state.cwds, cwd, 50);
  }
  const branch = str(rec.gitBranch);
  if (branch && branch !== "HEAD") addUnique(state.branches, branch, 50);
  if (!state.version) state.version = str(rec.version);
  if (!state.client) state.client = str(rec.entrypoint);
  if (at) {
    state.startedAt = minTime(state.startedAt, at);
    state.endedAt = maxTime(state.endedAt, at);
  }
  const here = cwd ?? state.cwd;
  const sidechain = rec.isSidechain === true && !state.subagent;
  const push = (turn: Omit<SessionTurn, "seq">) => {
    turns.push({ seq: state.seq++, ...turn, line, ...(sidechain ? { sidechain: true } : {}) });
  };
  const uid = str(rec.uuid) ?? undefined;

  if (type === "system") {
    if (rec.subtype === "compact_boundary") push({ kind: "note", at, text: "The conversation was compacted.", uid });
    return;
  }
  const message = obj(rec.message);
  if (!message) return;

  if (type === "user") {
    if (rec.isMeta === true) return;
    const content = message.content;
    if (Array.isArray(content)) {
      for (const b of content) {
        const block = obj(b);
        if (block?.type !== "tool_result") continue;
        const id = str(block.tool_use_id) ?? undefined;
        const call = id ? state.pending[id] : undefined;
        const text = resultText(block, rec.toolUseResult);
        const commits = call?.name === "Bash" || !call ? commitClaims(text, call?.command ?? null, call?.cwd ?? here, at, state.seq) : [];
        addCommits(state.commits, commits);
        addPullRequests(state.pullRequests, pullRequestUrls(text));
        push({ kind: "result", at, text, toolId: id, ...(block.is_error === true ? { isError: true } : {}), ...(commits.length ? { commits } : {}), uid });
        if (id) delete state.pending[id];
      }
    }
    const text = cleanPrompt(textOf(content));
    if (!text) return;
    if (rec.isCompactSummary === true || isHarnessText(text)) {
      push({ kind: "note", at, text, uid });
      return;
    }
    if (isSlashCommand(text)) {
      push({ kind: "note", at, text, uid });
      return;
    }
    if (state.subagent && state.userTurns === 0 && /^warmup$/i.test(text)) return;
    state.userTurns++;
    if (!state.firstPrompt && isTitlePrompt(text)) state.firstPrompt = text;
    push({ kind: "prompt", at, text, uid });
    return;
  }

  // assistant
  const model = str(message.model);
  if (model && model !== "<synthetic>") addUnique(state.models, model, 20);
  const usage = obj(message.usage);
  if (usage) {
    const key = `${str(message.id) ?? ""}\0${str(rec.requestId) ?? ""}`;
    const now: [number, number, number, number] = [num(usage.input_tokens), num(usage.output_tokens), num(usage.cache_read_input_tokens), num(usage.cache_creation_input_tokens)];
    if (key === state.lastUsageKey && key !== "\0") {
      const [a, b, c, d] = state.lastUsage;
      state.tokens.input -= a;
      state.tokens.output -= b;
      state.tokens.cacheRead -= c;
      state.tokens.cacheWrite -= d;
    }
    state.tokens.input += now[0];
    state.tokens.output += now[1];
    state.tokens.cacheRead += now[2];
    state.tokens.cacheWrite += now[3];
    state.lastUsageKey = key;
    state.lastUsage = now;
  }
  const content = Array.isArray(message.content) ? message.content : typeof message.content === "string" ? [{ type: "text", text: message.content }] : [];
  for (const b of content) {
    const block = obj(b);
    if (!block) continue;
    if (block.type === "text") {
      const text = str(block.text)?.trim();
      if (text) push({ kind: "answer", at, text, ...(model ? { model } : {}), uid });
    } else if (block.type === "tool_use") {
      const call = toolCall(block, here);
      if (call.id) {
        const ids = Object.keys(state.pending);
        if (ids.length >= MAX_PENDING) delete state.pending[ids[0]];
        state.pending[call.id] = { name: call.name, command: call.command ?? null, cwd: here };
      }
      for (const e of call.edits ?? []) addFile(state, e.path, here);
      push({ kind: "tool", at, text: call.command ?? call.paths?.[0] ?? call.summary ?? call.name, tool: call, uid });
    }
    // thinking (with its signature), redacted_thinking, images: not read
  }
}

function read(state: ClaudeState, chunk: LogChunk): ReadResult<ClaudeState> {
  const turns: SessionTurn[] = [];
  const problems: ReadResult<ClaudeState>["problems"] = [];
  if (chunk.firstLine === 1) applyCompanions(state, chunk);
  eachJsonLine(chunk, problems, (rec, line) => readRecord(state, rec, line, turns));
  return { state, turns, problems };
}

/** `agent-<id>.meta.json` (a sub-agent's type and description) and `sessions-index.json` (summary, exact project path). */
function applyCompanions(state: ClaudeState, chunk: LogChunk): void {
  const companions = chunk.companions ?? {};
  for (const [name, text] of Object.entries(companions)) {
    if (!text) continue;
    const data = parseObject(text);
    if (!data) continue;
    if (name.endsWith(".meta.json")) {
      state.subagentMeta = { type: str(data.agentType), description: str(data.description) };
    } else if (name === "sessions-index.json" && Array.isArray(data.entries)) {
      const id = posix.basename(chunk.ref.key);
      const entry = data.entries.map(obj).find((e) => e && str(e.sessionId) === id);
      if (entry) {
        state.indexSummary = str(entry.summary);
        state.indexProject = str(entry.projectPath);
      }
    }
  }
}

function summarize(state: ClaudeState): SessionSummary {
  const custom = state.customTitle?.trim();
  const ai = state.aiTitle?.trim();
  const summary = (state.summaryTitle ?? state.indexSummary)?.trim();
  const meta = state.subagentMeta?.description?.trim();
  const [title, titleSource] = custom
    ? [custom, "custom-title"]
    : ai
      ? [ai, "ai-title"]
      : summary
        ? [summary, state.summaryTitle ? "summary" : "sessions-index"]
        : meta
          ? [meta, "subagent-meta"]
          : state.firstPrompt
            ? [titleFrom(state.firstPrompt), "first-prompt"]
            : [null, null];
  const cwd = state.cwd ?? state.indexProject;
  return {
    sessionId: state.subagent ? null : state.sessionId,
    cwd,
    cwds: state.cwds.length ? state.cwds : cwd ? [cwd] : [],
    branches: state.branches,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title: title ? titleFrom(title) : null,
    titleSource,
    firstPrompt: state.firstPrompt,
    userTurns: state.userTurns,
    models: state.models,
    tokens: { ...state.tokens },
    filesEdited: state.filesEdited,
    commits: state.commits,
    pullRequests: state.pullRequests,
    ...(state.subagentMeta ? { subagent: state.subagentMeta } : {}),
    ...(state.subagent ? { parentSessionId: state.sessionId } : {}),
    client: state.client,
    version: state.version,
  };
}

const MAIN = /^projects\/[^/]+\/([^/]+)\.jsonl$/;
const SUB = /^projects\/[^/]+\/([^/]+)\/subagents\/(?:workflows\/[^/]+\/)?(agent-[^/]+)\.jsonl$/;

function classify(relPath: string): LogRef | null {
  const sub = SUB.exec(relPath);
  if (sub) {
    const file = posix.basename(relPath, ".jsonl");
    return { agent: "claude-code", key: `${sub[1]}/${sub[2]}`, parentKey: sub[1], mode: "lines", companions: [`${file}.meta.json`] };
  }
  const main = MAIN.exec(relPath);
  if (!main) return null;
  if (main[1].startsWith("agent-")) return { agent: "claude-code", key: main[1], parentKey: null, mode: "lines" };
  return { agent: "claude-code", key: main[1], parentKey: null, mode: "lines", companions: ["sessions-index.json"] };
}

function expandHome(dir: string, home: string): string {
  return dir === "~" ? home : dir.startsWith("~/") ? posix.join(home, dir.slice(2)) : dir;
}

function roots(env: SessionEnv): SessionRoot[] {
  const out: SessionRoot[] = [];
  const configured = env.env.CLAUDE_CONFIG_DIR;
  if (configured) {
    for (const part of configured.split(",")) {
      const dir = part.trim();
      if (dir) out.push({ agent: "claude-code", dir: expandHome(dir, env.home), from: "CLAUDE_CONFIG_DIR" });
    }
  }
  out.push({ agent: "claude-code", dir: posix.join(env.home, ".claude"), from: "~/.claude" });
  const xdg = env.env.XDG_CONFIG_HOME;
  out.push({ agent: "claude-code", dir: xdg ? posix.join(xdg, "claude") : posix.join(env.home, ".config", "claude"), from: xdg ? "XDG_CONFIG_HOME/claude" : "~/.config/claude" });
  const seen = new Set<string>();
  return out.filter((r) => !seen.has(r.dir) && seen.add(r.dir));
}

export const claudeCodeReader: SessionReader<ClaudeState> = {
  agent: "claude-code",
  label: "Claude Code",
  roots,
  walk: [{ under: "projects", depth: 6 }],
  classify,
  initial,
  read,
  summarize,
  resumeCommand: (id) => `claude --resume ${id}`,
};

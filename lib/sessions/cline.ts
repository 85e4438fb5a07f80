/**
 * Cline's tasks, and those of its forks that keep the same folder (Roo Code, Kilo Code's legacy store): in each
 * VS Code-family editor's `User/globalStorage/<extension id>/tasks/<task id>/` (and the Cline CLI's
 * `~/.cline/data/tasks/<task id>/`). One task is one session; its log is `ui_messages.json`, one JSON array of
 * `{ts (epoch ms), type: say | ask, say | ask: subtype, text, partial?}` (/work/shared/spec/session-logs.md §1.8),
 * read whole each time it changes. Companions: `task_metadata.json` (`files_in_context`, `model_usage`) and Roo's
 * `history_item.json` (`workspace`, `task`). The task id is the start time in milliseconds.
 * `say: reasoning` and images are never read; `api_conversation_history.json` is not read.
 */
import { posix, win32 } from "node:path";
import type { LogChunk, LogRef, ReadResult, SessionEnv, SessionReader, SessionRoot, SessionSummary, SessionTurn, ToolCall } from "./types";
import { addCommits, addPullRequests, addUnique, commitClaims, MAX_COMMAND_CHARS, pullRequestUrls } from "./shell";
import { cleanPrompt, isHarnessText, isoTime, isSlashCommand, isTitlePrompt, maxTime, minTime, num, obj, parseObject, str, titleFrom } from "./prompts";

export interface ClineState {
  v: 1;
  taskId: string | null;
  cwd: string | null;
  task: string | null;
  startedAt: string | null;
  endedAt: string | null;
  firstPrompt: string | null;
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
  filesEdited: Array<{ path: string; cwd: string | null }>;
  commits: SessionSummary["commits"];
  pullRequests: SessionSummary["pullRequests"];
  parentTaskId: string | null;
}

const MAX_MESSAGES = 20_000;
const MAX_FILES = 500;
const EDIT_TOOLS = new Set(["editedExistingFile", "newFileCreated", "appliedDiff", "insertContent", "searchAndReplace", "fileDeleted"]);

function initial(ref: LogRef): ClineState {
  return {
    v: 1,
    taskId: ref.key,
    cwd: null,
    task: null,
    startedAt: null,
    endedAt: null,
    firstPrompt: null,
    userTurns: 0,
    models: [],
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    filesEdited: [],
    commits: [],
    pullRequests: [],
    parentTaskId: null,
  };
}

function cap(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}…` : text;
}

/** The cwd Cline writes into each request's environment details. */
function cwdInRequest(text: string): string | null {
  const m = /# Current (?:Working|Workspace) Directory \(([^)\n]{1,500})\)/.exec(text);
  return m ? m[1].trim() : null;
}

function readCompanions(state: ClineState, chunk: LogChunk): void {
  const meta = obj(parseObject(chunk.companions?.["task_metadata.json"] ?? ""));
  if (meta) {
    for (const u of (Array.isArray(meta.model_usage) ? meta.model_usage : []).slice(0, 500)) addUnique(state.models, str(obj(u)?.model_id), 20);
  }
  const item = obj(parseObject(chunk.companions?.["history_item.json"] ?? ""));
  if (item) {
    state.cwd ??= str(item.workspace) ?? str(item.cwdOnTaskInitialization);
    state.task ??= str(item.task);
    state.parentTaskId ??= str(item.parentTaskId);
    addUnique(state.models, str(item.modelId) ?? str(item.apiModelId), 20);
  }
}

function addFile(state: ClineState, path: string | null): void {
  if (!path || state.filesEdited.length >= MAX_FILES) return;
  if (!state.filesEdited.some((f) => f.path === path)) state.filesEdited.push({ path, cwd: state.cwd });
}

function read(state: ClineState, chunk: LogChunk): ReadResult<ClineState> {
  const turns: SessionTurn[] = [];
  const problems: ReadResult<ClineState>["problems"] = [];
  // A document: read whole each time, so every count starts afresh (the indexer hands a fresh state).
  readCompanions(state, chunk);
  let messages: unknown;
  try {
    messages = JSON.parse(chunk.lines.join("\n"));
  } catch {
    problems.push({ line: null, message: "ui_messages.json is not valid JSON; the task could not be read" });
    return { state, turns, problems };
  }
  if (!Array.isArray(messages)) {
    problems.push({ line: null, message: "ui_messages.json is not a list of messages" });
    return { state, turns, problems };
  }
  if (messages.length > MAX_MESSAGES) problems.push({ line: null, message: `${messages.length} messages; the first ${MAX_MESSAGES} read` });
  let seq = 0;
  let lastCommand: string | null = null;
  const push = (turn: Omit<SessionTurn, "seq">) => turns.push({ seq: seq++, ...turn });
  for (const raw of messages.slice(0, MAX_MESSAGES)) {
    const m = obj(raw);
    if (!m || m.partial === true) continue;
    const at = isoTime(m.ts);
    if (at) {
      state.startedAt = minTime(state.startedAt, at);
      state.endedAt = maxTime(state.endedAt, at);
    }
    const kind = str(m.say) ?? str(m.ask);
    const text = str(m.text) ?? "";
    const uid = typeof m.ts === "number" ? String(m.ts) : undefined;
    const base = uid ? { uid } : {};
    switch (kind) {
      case "task":
      case "user_feedback": {
        const prompt = cleanPrompt(text);
        if (!prompt) break;
        if (isHarnessText(prompt) || isSlashCommand(prompt)) {
          push({ ...base, kind: "note", at, text: prompt });
          break;
        }
        state.userTurns++;
        if (!state.firstPrompt && isTitlePrompt(prompt)) state.firstPrompt = prompt;
        push({ ...base, kind: "prompt", at, text: prompt });
        break;
      }
      case "text":
      case "completion_result":
        if (m.type === "say" && text.trim()) push({ ...base, kind: "answer", at, text: text.trim() });
        break;
      case "api_req_started": {
        const info = parseObject(text);
        if (!info) break;
        state.tokens.input += num(info.tokensIn);
        state.tokens.output += num(info.tokensOut);
        state.tokens.cacheRead += num(info.cacheReads);
        state.tokens.cacheWrite += num(info.cacheWrites);
        if (!state.cwd) state.cwd = cwdInRequest(str(info.request) ?? "");
        break;
      }
      case "tool": {
        const info = parseObject(text);
        const tool = str(info?.tool);
        if (!info || !tool) break;
        const path = str(info.path);
        const call: ToolCall = { name: tool, ...(path ? { paths: [path] } : {}), ...(state.cwd ? { cwd: state.cwd } : {}) };
        if (EDIT_TOOLS.has(tool) && path) {
          addFile(state, path);
          const op = tool === "newFileCreated" ? "write" : tool === "fileDeleted" ? "delete" : "patch";
          call.edits = [{ path, cwd: state.cwd, tool, op, ...(str(info.diff) ? { patch: str(info.diff)! } : str(info.content) && op === "write" ? { after: str(info.content)! } : {}) }];
          // ask (approval asked) and say (auto-approved) may both announce one edit: one turn is enough
          if (m.type === "ask") break;
        }
        push({ ...base, kind: "tool", at, text: path ?? tool, tool: call });
        break;
      }
      case "command": {
        const command = text.replace(/\s*REQ_HAS_CHANGED_PERMISSIONS$/, "").trim();
        if (!command || command === lastCommand) break;
        lastCommand = command;
        push({ ...base, kind: "tool", at, text: cap(command, MAX_COMMAND_CHARS), tool: { name: "execute_command", command: cap(command, MAX_COMMAND_CHARS), ...(state.cwd ? { cwd: state.cwd } : {}) } });
        break;
      }
      case "command_output": {
        if (!text) break;
        const commits = commitClaims(text, lastCommand, state.cwd, at, seq);
        addCommits(state.commits, commits);
        addPullRequests(state.pullRequests, pullRequestUrls(text));
        push({ ...base, kind: "result", at, text, ...(commits.length ? { commits } : {}) });
        break;
      }
      case "error":
        if (text) push({ ...base, kind: "note", at, text: cap(text, 2000) });
        break;
      default:
        break; // reasoning, checkpoints, api_req_finished, followups' own JSON, unknown kinds
    }
  }
  state.startedAt ??= /^\d{12,14}$/.test(state.taskId ?? "") ? isoTime(Number(state.taskId)) : null;
  return { state, turns, problems };
}

function summarize(state: ClineState): SessionSummary {
  const first = state.firstPrompt ?? state.task;
  return {
    sessionId: state.taskId,
    cwd: state.cwd,
    cwds: state.cwd ? [state.cwd] : [],
    branches: [],
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title: first ? titleFrom(first) : null,
    titleSource: first ? "first-prompt" : null,
    firstPrompt: first,
    userTurns: state.userTurns,
    models: state.models,
    tokens: { ...state.tokens },
    filesEdited: state.filesEdited,
    commits: state.commits,
    pullRequests: state.pullRequests,
    ...(state.parentTaskId ? { parentSessionId: state.parentTaskId } : {}),
  };
}

const TASK = /^tasks\/([^/]{1,100})\/ui_messages\.json$/;

function classifyAs(agent: string) {
  return (relPath: string): LogRef | null => {
    const m = TASK.exec(relPath);
    if (!m) return null;
    return { agent, key: m[1], parentKey: null, mode: "document", companions: ["task_metadata.json", "history_item.json"] };
  };
}

/** The editors whose user folders hold extension storage, by folder name. */
export const EDITOR_FOLDERS = ["Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"] as const;

/** `<editor config>/User/globalStorage/<extension>` for each editor on this platform. */
export function extensionStorageRoots(env: SessionEnv, agent: string, extension: string): SessionRoot[] {
  const win = env.platform === "win32";
  const join = win ? win32.join : posix.join;
  let base: string;
  let from: string;
  if (win) {
    base = env.env.APPDATA?.trim() || join(env.home, "AppData", "Roaming");
    from = "%APPDATA%";
  } else if (env.platform === "darwin") {
    base = join(env.home, "Library", "Application Support");
    from = "~/Library/Application Support";
  } else {
    base = env.env.XDG_CONFIG_HOME?.trim() || join(env.home, ".config");
    from = env.env.XDG_CONFIG_HOME?.trim() ? "XDG_CONFIG_HOME" : "~/.config";
  }
  return EDITOR_FOLDERS.map((editor) => ({ agent, dir: join(base, editor, "User", "globalStorage", extension), from: `${from}/${editor}` }));
}

function makeReader(agent: string, label: string, extension: string, extra?: (env: SessionEnv) => SessionRoot[]): SessionReader<ClineState> {
  return {
    agent,
    label,
    roots: (env) => [...extensionStorageRoots(env, agent, extension), ...(extra ? extra(env) : [])],
    walk: [{ under: "tasks", depth: 2 }],
    classify: classifyAs(agent),
    initial,
    read,
    summarize,
  };
}

export const clineReader = makeReader("cline", "Cline", "saoudrizwan.claude-dev", (env) => [
  { agent: "cline", dir: (env.platform === "win32" ? win32.join : posix.join)(env.home, ".cline", "data"), from: "~/.cline/data" },
]);
export const rooReader = makeReader("roo", "Roo Code", "rooveterinaryinc.roo-cline");
export const kiloReader = makeReader("kilo", "Kilo Code", "kilocode.kilo-code");

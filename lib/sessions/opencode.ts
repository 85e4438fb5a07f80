/**
 * opencode's sessions, from its JSON storage tree (`$XDG_DATA_HOME/opencode/storage/`, by default
 * `~/.local/share/opencode/storage/`): `session/<project id>/<session id>.json` holds
 * `{id, title, directory, parentID?, version, time{created, updated}}` (/work/shared/spec/session-logs.md §1.6).
 * The project id is the repository's root commit (`global` outside git). Messages and parts live in other folders
 * (`message/<session id>/*.json`, `part/<message id>/*.json`) that a one-file reader cannot name, so this reader
 * gives the session's title, folder, times and parent; prompts, edits and commits are not read from opencode yet.
 * opencode's newer SQLite store (`opencode.db`) is not read.
 */
import { posix } from "node:path";
import type { LogChunk, LogRef, ReadResult, SessionEnv, SessionReader, SessionRoot, SessionSummary, SessionTurn } from "./types";
import { isoTime, maxTime, minTime, obj, str } from "./prompts";

export interface OpencodeState {
  v: 1;
  sessionId: string | null;
  projectId: string | null;
  title: string | null;
  directory: string | null;
  parentId: string | null;
  startedAt: string | null;
  endedAt: string | null;
  version: string | null;
}

function initial(ref: LogRef): OpencodeState {
  return { v: 1, sessionId: null, projectId: ref.key.split("/")[0] ?? null, title: null, directory: null, parentId: null, startedAt: null, endedAt: null, version: null };
}

/** opencode's own placeholder titles ("New session - 2026-...") say nothing of the work. */
function realTitle(title: string | null): string | null {
  if (!title || !title.trim()) return null;
  if (/^(?:New session|Child session)\b/i.test(title.trim())) return null;
  return title.trim().replace(/\s+/g, " ").slice(0, 200);
}

function read(state: OpencodeState, chunk: LogChunk): ReadResult<OpencodeState> {
  const turns: SessionTurn[] = [];
  const problems: ReadResult<OpencodeState>["problems"] = [];
  let doc: unknown;
  try {
    doc = JSON.parse(chunk.lines.join("\n"));
  } catch {
    problems.push({ line: null, message: "the session file is not valid JSON" });
    return { state, turns, problems };
  }
  const s = obj(doc);
  if (!s) {
    problems.push({ line: null, message: "the session file is not a JSON object" });
    return { state, turns, problems };
  }
  state.sessionId = str(s.id) ?? state.sessionId;
  state.projectId = str(s.projectID) ?? state.projectId;
  state.title = realTitle(str(s.title));
  state.directory = str(s.directory) ?? state.directory;
  state.parentId = str(s.parentID) ?? null;
  state.version = str(s.version) ?? state.version;
  const time = obj(s.time);
  const created = isoTime(time?.created);
  const updated = isoTime(time?.updated);
  state.startedAt = minTime(created, updated);
  state.endedAt = maxTime(created, updated);
  return { state, turns, problems };
}

function summarize(state: OpencodeState): SessionSummary {
  return {
    sessionId: state.sessionId,
    cwd: state.directory,
    cwds: state.directory ? [state.directory] : [],
    branches: [],
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title: state.title,
    titleSource: state.title ? "session-title" : null,
    firstPrompt: null,
    userTurns: 0,
    models: [],
    tokens: { input: 0, output: 0 },
    filesEdited: [],
    commits: [],
    pullRequests: [],
    ...(state.parentId ? { parentSessionId: state.parentId } : {}),
    client: "opencode",
    version: state.version,
  };
}

const SESSION = /^storage\/session\/([^/]{1,100})\/(ses_[^/]{1,100})\.json$/;

function classify(relPath: string): LogRef | null {
  const m = SESSION.exec(relPath);
  if (!m) return null;
  return { agent: "opencode", key: `${m[1]}/${m[2]}`, parentKey: null, mode: "document" };
}

function roots(env: SessionEnv): SessionRoot[] {
  const xdg = env.env.XDG_DATA_HOME?.trim();
  const out: SessionRoot[] = [];
  if (xdg) out.push({ agent: "opencode", dir: posix.join(xdg, "opencode"), from: "XDG_DATA_HOME" });
  const dflt = posix.join(env.home, ".local", "share", "opencode");
  if (!out.some((r) => r.dir === dflt)) out.push({ agent: "opencode", dir: dflt, from: "~/.local/share/opencode" });
  return out;
}

export const opencodeReader: SessionReader<OpencodeState> = {
  agent: "opencode",
  label: "opencode",
  roots,
  walk: [{ under: "storage/session", depth: 2 }],
  classify,
  initial,
  read,
  summarize,
  resumeCommand: (id) => `opencode --session ${id}`,
};

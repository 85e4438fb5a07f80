/**
 * Aider's chat history, kept inside the repository it worked in: `.aider.chat.history.md`, appended forever
 * (/work/shared/spec/session-logs.md §1.7; Aider-AI/aider `aider/history.py`). The file is one session per
 * repository here (each run starts `# aider chat started at <local time>`: a note), read line by line from a byte
 * offset like any appended log. A person's prompt is a block of `#### ` lines; aider's own output is `> ` lines:
 * `> Applied edit to <path>`, `> Commit <sha> <subject>`, `> Model: …`, `> Tokens: 2.4k sent, 104 received…`.
 * Not a person's: slash commands (`/commit`, `/run`), the `/ask X` echo of `X`, and the architect's plan handed
 * to the editor model (a `####` block repeating the answer just given).
 * The same file stays a "transcript" document (lib/parse/transcript.ts); this reader makes it a session too.
 */
import type { LogChunk, LogRef, ReadResult, SessionReader, SessionSummary, SessionTurn } from "./types";
import { addCommits, addUnique } from "./shell";
import { isTitlePrompt, maxTime, minTime, titleFrom } from "./prompts";

export interface AiderState {
  v: 1;
  seq: number;
  runs: number;
  cwd: string | null;
  /** The folder holding the history (aider keeps it where it ran): the cwd when the log names none. */
  folder: string | null;
  startedAt: string | null;
  endedAt: string | null;
  firstPrompt: string | null;
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number };
  filesEdited: Array<{ path: string; cwd: string | null }>;
  commits: SessionSummary["commits"];
  /** The `####` block being read (a chunk may end inside it), and the answer text since the last prompt. */
  block: string[] | null;
  blockLine: number;
  answer: string[];
  /** The model's last finished reply (ends at its `> Tokens:` line), squashed and capped, to know a hand-off. */
  lastReply: string;
  lastPrompt: string | null;
  fence: boolean;
}

const MAX_FILES = 500;
const MAX_BLOCK_LINES = 2000;
const MAX_ANSWER_LINES = 4000;
const REPLY_CHARS = 2000;
/** Commands that set a mode and carry a prompt: the text after them is the person's. */
const MODE_COMMAND = /^\/(?:ask|architect|code|context|help|chat-mode)\s+(\S[\s\S]*)$/;

function initial(): AiderState {
  return {
    v: 1,
    seq: 0,
    runs: 0,
    cwd: null,
    folder: null,
    startedAt: null,
    endedAt: null,
    firstPrompt: null,
    userTurns: 0,
    models: [],
    tokens: { input: 0, output: 0 },
    filesEdited: [],
    commits: [],
    block: null,
    blockLine: 0,
    answer: [],
    lastReply: "",
    lastPrompt: null,
    fence: false,
  };
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** `2.4k`, `1.2M`, `843` as a number. */
function amount(text: string): number {
  const m = /^([\d.]+)\s*([kKmM]?)$/.exec(text.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  return Math.round(n * (m[2].toLowerCase() === "k" ? 1e3 : m[2].toLowerCase() === "m" ? 1e6 : 1));
}

/** Aider writes local time without a zone: read as this machine's local time (where aider ran). */
function localTime(text: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function flushAnswer(state: AiderState, turns: SessionTurn[]): void {
  const text = state.answer.join("\n").trim();
  if (text) turns.push({ seq: state.seq++, kind: "answer", at: null, text, ...(state.models[0] ? { model: state.models[0] } : {}) });
}

function flushBlock(state: AiderState, turns: SessionTurn[]): void {
  const lines = state.block;
  state.block = null;
  if (!lines) return;
  const text = lines.join("\n").trim();
  const current = squash(state.answer.join("\n")).slice(0, REPLY_CHARS);
  const previous = current || state.lastReply;
  flushAnswer(state, turns);
  state.answer = [];
  state.lastReply = "";
  if (!text) return;
  const flat = squash(text).slice(0, REPLY_CHARS);
  // The architect's reply handed to the editor model comes back as a `####` block repeating it.
  if (previous && flat.length > 40 && (previous === flat || previous.startsWith(flat) || flat.startsWith(previous))) {
    turns.push({ seq: state.seq++, kind: "note", at: null, text: "The architect's plan was handed to the editor model." });
    return;
  }
  const mode = MODE_COMMAND.exec(text);
  if (text.startsWith("/") && !mode) {
    turns.push({ seq: state.seq++, kind: "note", at: null, text });
    return;
  }
  const prompt = mode ? mode[1].trim() : text;
  if (!mode && state.lastPrompt !== null && squash(prompt) === state.lastPrompt) return; // the `/ask X` echo of X
  state.lastPrompt = squash(prompt);
  state.userTurns++;
  if (!state.firstPrompt && isTitlePrompt(prompt)) state.firstPrompt = prompt;
  turns.push({ seq: state.seq++, kind: "prompt", at: null, text: prompt, line: state.blockLine });
}

function readLine(state: AiderState, line: string, at: number, turns: SessionTurn[]): void {
  const before = turns.length;
  readOne(state, line, at, turns);
  for (let i = before; i < turns.length; i++) turns[i].line ??= at;
}

function readOne(state: AiderState, line: string, at: number, turns: SessionTurn[]): void {
  if (/^#### ?/.test(line) && !state.fence) {
    if (state.block === null) {
      state.block = [];
      state.blockLine = at;
    }
    if (state.block.length < MAX_BLOCK_LINES) state.block.push(line.replace(/^#### ?/, "").replace(/\s+$/, ""));
    return;
  }
  if (state.block !== null) flushBlock(state, turns);
  const run = /^# aider chat started at (.+?)\s*$/.exec(line);
  if (run && !state.fence) {
    flushAnswer(state, turns);
    state.answer = [];
    state.runs++;
    state.lastPrompt = null;
    const at = localTime(run[1]);
    if (at) {
      state.startedAt = minTime(state.startedAt, at);
      state.endedAt = maxTime(state.endedAt, at);
    }
    turns.push({ seq: state.seq++, kind: "note", at, text: `aider started (${run[1].trim()})` });
    return;
  }
  if (line.startsWith("> ") && !state.fence) {
    const out = line.slice(2).replace(/\s+$/, "");
    let m: RegExpExecArray | null;
    if ((m = /^Applied edit to (.+)$/.exec(out))) {
      const path = m[1].trim();
      if (state.filesEdited.length < MAX_FILES && !state.filesEdited.some((f) => f.path === path)) state.filesEdited.push({ path, cwd: state.cwd });
      turns.push({ seq: state.seq++, kind: "tool", at: null, text: path, tool: { name: "edit", paths: [path], edits: [{ path, cwd: state.cwd, tool: "aider", op: "edit" }] } });
    } else if ((m = /^Commit ([0-9a-f]{7,40}) (.+)$/.exec(out))) {
      const claim = { sha: m[1], subject: m[2].trim().slice(0, 300), branch: null, cwd: state.cwd, command: null, at: null, turn: state.seq };
      addCommits(state.commits, [claim]);
      turns.push({ seq: state.seq++, kind: "result", at: null, text: out, commits: [claim] });
    } else if ((m = /^(?:Main model|Model): (.+?)(?: with .+ (?:edit )?format.*)?$/.exec(out))) {
      addUnique(state.models, m[1].trim(), 20);
    } else if ((m = /^(?:Cur working dir: |Git repository created in )(.+)$/.exec(out))) {
      state.cwd ??= m[1].trim();
    } else if ((m = /^Tokens: ([\d.]+[kKmM]?) sent, ([\d.]+[kKmM]?) received/.exec(out))) {
      state.tokens.input += amount(m[1]);
      state.tokens.output += amount(m[2]);
      // one reply of the model ends here: the next text is another reply
      const reply = squash(state.answer.join("\n")).slice(0, REPLY_CHARS);
      flushAnswer(state, turns);
      state.answer = [];
      if (reply) state.lastReply = reply;
    }
    return;
  }
  if (/^\s{0,3}(?:```|~~~)/.test(line)) state.fence = !state.fence;
  if (state.answer.length < MAX_ANSWER_LINES) state.answer.push(line);
}

function read(state: AiderState, chunk: LogChunk): ReadResult<AiderState> {
  const turns: SessionTurn[] = [];
  state.folder ??= folderOf(chunk.path);
  chunk.lines.forEach((line, i) => readLine(state, line, chunk.firstLine + i, turns));
  return { state, turns, problems: [] };
}

/** A prompt block the file ends with (the next line, not yet written, would close it). */
function pending(state: AiderState): string | null {
  const text = state.block?.join("\n").trim() ?? "";
  if (!text) return null;
  const mode = MODE_COMMAND.exec(text);
  if (text.startsWith("/") && !mode) return null;
  const prompt = mode ? mode[1].trim() : text;
  return !mode && state.lastPrompt === squash(prompt) ? null : prompt;
}

/** The folder of the history file, in its own path style. */
function folderOf(path: string): string | null {
  const m = /^(.*)[\\/]\.aider\.chat\.history\.md$/i.exec(path);
  return m && m[1] ? m[1] : null;
}

function summarize(state: AiderState): SessionSummary {
  const open = pending(state);
  const cwd = state.cwd ?? state.folder;
  const first = state.firstPrompt ?? (open && isTitlePrompt(open) ? open : null);
  return {
    sessionId: null,
    cwd,
    cwds: cwd ? [cwd] : [],
    branches: [],
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    title: first ? titleFrom(first) : null,
    titleSource: first ? "first-prompt" : null,
    firstPrompt: first,
    userTurns: state.userTurns + (open ? 1 : 0),
    models: state.models,
    tokens: { ...state.tokens },
    filesEdited: state.filesEdited,
    commits: state.commits,
    pullRequests: [],
    client: "aider",
  };
}

const PLACE = /(^|\/)\.aider\.chat\.history\.md$/i;

export const aiderReader: SessionReader<AiderState> = {
  agent: "aider",
  label: "Aider",
  roots: () => [],
  walk: [],
  classify: (relPath: string): LogRef | null => (PLACE.test(relPath) ? { agent: "aider", key: relPath, parentKey: null, mode: "lines" } : null),
  claimsRepoPath: (relPath: string) => PLACE.test(relPath.replace(/\\/g, "/")),
  initial,
  read,
  summarize,
};

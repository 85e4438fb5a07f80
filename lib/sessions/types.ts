/**
 * Past agent sessions (issue 37): the one interface every agent's log reader speaks, and the records they build.
 *
 * A reader is pure: it is told where its agent keeps logs (`roots`, from the environment and the home folder),
 * which files under a root are logs (`classify`), and it reads a log a chunk of complete lines at a time from a
 * byte offset, carrying a JSON-serialisable state from one chunk to the next (`read`). The indexer (lib/sessions
 * index side) does every file-system read, keeps the state between runs (so an appended line costs only that line),
 * scans and redacts every text before it is stored, and links the summary to repositories, commits and checkpoints.
 *
 * Over 300 lines: the one interface and the records it builds, kept in one file so that a reader's author reads it whole.
 *
 * Stable: change this file only by adding (optional fields, new members of a union). See ../../docs and
 * /work/shared/spec/record.md ("Session") for the public record built from these.
 */

/** The agent that wrote a log. The named ones are those Cairn knows; a new reader may add its own id. */
export type AgentId =
  | "claude-code"
  | "codex"
  | "gemini-cli"
  | "copilot-cli"
  | "opencode"
  | "cline"
  | "roo"
  | "kilo"
  | "cursor"
  | "aider"
  | "specstory"
  | (string & {});

/** What a reader may know of the machine when it names its roots. Never read process.env inside a reader. */
export interface SessionEnv {
  /** The user's home folder (tests pass a temporary one). */
  home: string;
  /** Environment variables (CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME, APPDATA, ...). */
  env: Readonly<Record<string, string | undefined>>;
  /** process.platform of the machine ("linux", "darwin", "win32"). */
  platform: string;
}

/** One folder an agent may keep logs in. It may not exist; the indexer checks. */
export interface SessionRoot {
  agent: AgentId;
  /** Absolute folder. */
  dir: string;
  /** Why this folder: the variable or default that named it ("CLAUDE_CONFIG_DIR", "~/.claude", "CODEX_HOME", ...). */
  from: string;
}

/** A log file under a root, as the reader classifies it. */
export interface LogRef {
  agent: AgentId;
  /**
   * The key of the session this file is the log of, unique for the agent (Claude Code: the file path without
   * `.jsonl`; sub-agents get their own key). The indexer derives the stable session id from (agent, key).
   */
  key: string;
  /** A sub-agent's file: the key of the session it ran under; else null. */
  parentKey: string | null;
  /**
   * How the file is read. `lines`: JSON Lines, appended to, read incrementally from a byte offset. `document`: one
   * JSON (or text) document, read whole (capped) each time it changes, with the state started afresh.
   */
  mode: "lines" | "document";
  /**
   * Other files of the same session the reader wants beside this one (relative to this file's folder, forward
   * slashes), read whole and capped, passed in `LogChunk.companions` (e.g. a sub-agent's `agent-x.meta.json`).
   */
  companions?: string[];
}

/** A chunk of one log handed to a reader: complete lines only (a partial last line waits for the next run). */
export interface LogChunk {
  /** The log file's absolute path. */
  path: string;
  ref: LogRef;
  /** Complete lines, without their line ends (for `document` mode: one element, the whole text). */
  lines: string[];
  /** 1-based line number of `lines[0]` in the file. */
  firstLine: number;
  /** Companion files' text by the name in `LogRef.companions` (null: absent or unreadable). */
  companions?: Record<string, string | null>;
}

/** Something a reader could not read well; never a stop. */
export interface SessionProblem {
  /** 1-based line of the log, or null for the file as a whole. */
  line: number | null;
  message: string;
}

/** A commit a session's command reported (`[branch sha] subject`), before the indexer verifies it in a repository. */
export interface CommitClaim {
  /** As printed (7 to 40 hex). */
  sha: string;
  subject: string;
  /** The branch in the `[branch sha]` line, or null. */
  branch: string | null;
  /**
   * The folder the command ran in, as best the log says: the recorded cwd, moved by the command's own `cd DIR &&`
   * or `git -C DIR` (absolute, or relative to the recorded cwd joined). Null when unknown.
   */
  cwd: string | null;
  /** The command that printed it, capped, or null. */
  command: string | null;
  /** When the result was recorded (ISO-8601 UTC), or null. */
  at: string | null;
  /** The command amended (`--amend`) or made a root commit. */
  amend?: boolean;
  root?: boolean;
  /** The turn (SessionTurn.seq) whose tool result printed it. */
  turn?: number;
}

/** One file a tool call edited. `before`/`after` hold the text where the log holds it (capped by the indexer). */
export interface FileEdit {
  /** As the tool named it (absolute or relative to `cwd`). */
  path: string;
  /** The cwd when the edit was made, or null. */
  cwd: string | null;
  tool: string;
  /** `write` (whole file), `edit` (replace), `patch` (apply_patch text), `delete`, `move`. */
  op: "write" | "edit" | "patch" | "delete" | "move";
  before?: string;
  after?: string;
  patch?: string;
}

/** A tool call of one turn, as far as Cairn keeps it (tool output is kept capped and searched only on request). */
export interface ToolCall {
  name: string;
  /** The agent's id of the call, to pair it with its result. */
  id?: string;
  /** A shell command, when the tool runs one. */
  command?: string;
  /** The cwd the call ran in, when known. */
  cwd?: string;
  /** Paths the call names (read, edited, searched). */
  paths?: string[];
  /** A short description (`Task` description, a search pattern), or the input as capped JSON. */
  summary?: string;
  edits?: FileEdit[];
}

/**
 * One entry of the conversation, in log order. `seq` is the turn's number in the session (0-based, increasing
 * across chunks: the reader's state carries the counter); the session page anchors it as `#turn-<seq>`.
 */
export interface SessionTurn {
  seq: number;
  /**
   * `prompt`: what a person sent; `answer`: the agent's text; `tool`: a tool call (with `tool`); `result`: a tool's
   * output (with `toolId`); `note`: the harness's own (a compaction, a slash command, an interrupt).
   */
  kind: "prompt" | "answer" | "tool" | "result" | "note";
  /** ISO-8601 UTC, or null. */
  at: string | null;
  /** The text (prompt, answer, note; a result's output). Redacted and capped by the indexer before storage. */
  text: string;
  tool?: ToolCall;
  /** For a `result`: the id of the call it answers. */
  toolId?: string;
  /** For a `result`: the call failed. */
  isError?: boolean;
  /** Commits a `result` reported. */
  commits?: CommitClaim[];
  /** The model of an `answer`. */
  model?: string;
  /** The agent's own id of the record (Claude Code `uuid`, Gemini message id) for deduplication. */
  uid?: string;
  /** The record was written by a sub-agent or side chain inside this log. */
  sidechain?: boolean;
  /** 1-based line of the log the turn came from. */
  line?: number;
}

/** A pull request the session opened or linked. */
export interface PullRequestClaim {
  number: number | null;
  url: string;
  repository?: string | null;
}

/** What a reader knows of one session after the chunks read so far (before linking to repositories). */
export interface SessionSummary {
  /** The agent's own id of the session, or null. */
  sessionId: string | null;
  /** The first cwd recorded. */
  cwd: string | null;
  /** Every distinct cwd recorded, in order of appearance. */
  cwds: string[];
  /** Every distinct branch recorded, in order, as recorded ("" and "HEAD" left out). */
  branches: string[];
  startedAt: string | null;
  endedAt: string | null;
  /** The agent's own title, or null (the indexer falls back to `firstPrompt`). */
  title: string | null;
  /** Where the title came from (`custom-title`, `ai-title`, `summary`, `index`, `first-prompt`, ...). */
  titleSource: string | null;
  /** The first real prompt a person sent (not a slash command, harness banner or `Warmup`). */
  firstPrompt: string | null;
  /** Prompts a person sent (not tool results, slash commands or interrupts). */
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** Files edited, with the cwd each was edited in (paths as the session names them). */
  filesEdited: Array<{ path: string; cwd: string | null }>;
  commits: CommitClaim[];
  pullRequests: PullRequestClaim[];
  /** Facts some agents record: the remote URL, the commit HEAD was at when the session started. */
  git?: { remote?: string | null; headAtStart?: string | null };
  /** A sub-agent's own description (Claude Code `agent-x.meta.json`: agentType, description). */
  subagent?: { type?: string | null; description?: string | null };
  /** The agent's own parent session id, when a child log names it (Codex `parent_thread_id`). */
  parentSessionId?: string | null;
  /** What wrote the log (Codex `originator`, Claude Code `entrypoint`), and its version. */
  client?: string | null;
  version?: string | null;
}

/** The result of reading one chunk. */
export interface ReadResult<S> {
  /** The carried state after this chunk (JSON-serialisable; the indexer stores it between runs). */
  state: S;
  /** New turns in this chunk, in order. */
  turns: SessionTurn[];
  problems: SessionProblem[];
}

/**
 * One agent's reader. A new agent is one file in lib/sessions/ implementing this, plus one line in registry.ts.
 */
export interface SessionReader<S = unknown> {
  agent: AgentId;
  /** The agent's name for people ("Claude Code"). */
  label: string;
  /** Folders this agent may keep logs in, best first, for this machine. Pure: uses only `env`. */
  roots(env: SessionEnv): SessionRoot[];
  /**
   * Where to look under a root: folders relative to it (forward slashes; "" for the root itself) and how deep to
   * walk below each. The indexer walks only these, lists files, and asks `classify`.
   */
  walk: ReadonlyArray<{ under: string; depth: number }>;
  /** Is this file (path relative to the root, forward slashes) a log, and of which session? Null: not a log. */
  classify(relPath: string): LogRef | null;
  /** The state before the first line of a log. */
  initial(ref: LogRef): S;
  /**
   * Read a chunk: pure (no file system, no clock). `state` is the one returned for the previous chunk of the same
   * file (or `initial`); the reader may mutate it and return it. An unknown record type is skipped silently; a line
   * that is not valid is a problem and the reading goes on.
   */
  read(state: S, chunk: LogChunk): ReadResult<S>;
  /** The session as far as read. Pure. */
  summarize(state: S): SessionSummary;
  /** The command that resumes the session in its agent (`claude --resume <id>`), or null. */
  resumeCommand?(sessionId: string): string | null;
  /**
   * Logs found inside repositories rather than under a root (SpecStory and Aider exports): the repository-relative
   * paths this reader claims. Optional.
   */
  claimsRepoPath?(relPath: string): boolean;
}

/** A commit of a session, as linked: verified in the repository its command ran in, or matched after a rewrite. */
export interface SessionCommit {
  /** The full sha when verified or matched, else as printed. */
  sha: string;
  /** As the log printed it (abbreviated). */
  printed?: string;
  subject: string;
  branch: string | null;
  /** The repository the command ran in (its work tree root), or null when it could not be found. */
  repo: string | null;
  /** verified: the sha is a commit there; rewritten: gone, but a commit of the same subject and time is (amend, rebase); unknown. */
  state: "verified" | "rewritten" | "unknown";
  at?: string | null;
  /** The turn that printed it. */
  turn?: number;
}

/** The public session record (record.md, "Session"): add fields, never rename. */
export interface SessionRecord {
  id: string;
  agent: AgentId;
  sessionId: string | null;
  path: string;
  logPresent: boolean;
  parentId: string | null;
  cwd: string | null;
  repo: string | null;
  branches: string[];
  startedAt: string | null;
  endedAt: string | null;
  title: string | null;
  firstPrompt: string | null;
  userTurns: number;
  models: string[];
  tokens: { input: number; output: number };
  filesEdited: string[];
  commits: SessionCommit[];
  pullRequests: Array<{ number: number | null; url: string }>;
  checkpoints: string[];
  secrets: Array<{ rule: string; line: number | null; turn?: number }>;
  problems: string[];
  /** Additions beyond record.md's first list. */
  turns?: number;
  resume?: string | null;
  subagents?: string[];
  repos?: string[];
  hidden?: number;
}

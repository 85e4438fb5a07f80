/**
 * A generated home folder of agent session logs for `npm run bench` (issue 37): Claude Code
 * (`.claude/projects/<folder>/<id>.jsonl`) and Codex (`.codex/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`) logs in
 * the shapes of /work/shared/spec/session-logs.md, at the sizes real ones have: log-normal with a median of 50 KB
 * and a 90th percentile of 500 KB, capped at 4 MB, plus a few of 4 MB. Deterministic (a seeded generator).
 *
 * Also the floor a cold index is measured against: reading every byte and parsing every line once, in one process.
 *
 * `npx tsx scripts/bench/sessions-home.ts DIR [--sessions N]` writes a home into DIR and prints its size.
 */
import { appendFileSync, createReadStream, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface SessionHome {
  home: string;
  sessions: number;
  claude: number;
  codex: number;
  bytes: number;
  files: string[];
  /** One Claude Code log to append a turn to (the re-index measure). */
  appendTarget: string;
  /** A phrase in exactly one prompt, to search for. */
  needles: string[];
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MEDIAN = 50 * 1024;
const P90 = 500 * 1024;
const MAX = 4 * 1024 * 1024;
const SIGMA = Math.log(P90 / MEDIAN) / 1.2816;

/** A size from the real distribution (Box-Muller normal, log-normal around the median). */
function drawSize(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  return Math.min(MAX, Math.max(600, Math.round(MEDIAN * Math.exp(SIGMA * z))));
}

const WORDS =
  "login redirect loop session cookie middleware expired token refresh button overflow widget calendar events past current row test suite flaky timeout database migration index search ranking checkpoint handoff branch commit rebase amend review deploy pipeline cache memory leak render layout mobile dark mode contrast keyboard focus".split(
    " ",
  );

function words(rand: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]);
  return out.join(" ");
}

function uuid(rand: () => number): string {
  const h = () => Math.floor(rand() * 0x10000).toString(16).padStart(4, "0");
  return `${h()}${h()}-${h()}-4${h().slice(1)}-a${h().slice(1)}-${h()}${h()}${h()}`;
}

/** Text the size of a file a tool read (code-like lines). */
function fileBody(rand: () => number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  let n = 1;
  while (size < bytes) {
    const line = `${String(n++).padStart(6)}→  const ${WORDS[Math.floor(rand() * WORDS.length)]}${n} = ${words(rand, 3).replace(/ /g, "_")}(${Math.floor(rand() * 1000)});`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

interface Ctx {
  rand: () => number;
  cwd: string;
  branch: string;
  sessionId: string;
  at: number;
}

function claudeBase(c: Ctx, type: string, parent: string | null) {
  c.at += 1000 + Math.floor(c.rand() * 20_000);
  return { parentUuid: parent, isSidechain: false, userType: "external", cwd: c.cwd, sessionId: c.sessionId, version: "2.1.30", gitBranch: c.branch, type, uuid: uuid(c.rand), timestamp: new Date(c.at).toISOString() };
}

/** One Claude Code turn: a prompt, an answer with a tool call, its result (a file's worth of text). */
export function claudeTurn(c: Ctx, prompt: string, resultBytes: number): string[] {
  const u = claudeBase(c, "user", null);
  const lines = [JSON.stringify({ ...u, message: { role: "user", content: prompt }, promptId: uuid(c.rand), permissionMode: "default" })];
  const msgId = `msg_01${uuid(c.rand).replace(/-/g, "").slice(0, 20)}`;
  const a = claudeBase(c, "assistant", u.uuid);
  const toolId = `toolu_01${uuid(c.rand).replace(/-/g, "").slice(0, 22)}`;
  const file = `${c.cwd}/src/${WORDS[Math.floor(c.rand() * WORDS.length)]}.ts`;
  const edit = c.rand() < 0.3;
  lines.push(
    JSON.stringify({
      ...a,
      message: {
        id: msgId,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        content: [{ type: "text", text: `I'll look at ${words(c.rand, 8)}.` }, { type: "tool_use", id: toolId, name: edit ? "Edit" : "Read", input: edit ? { file_path: file, old_string: "a", new_string: words(c.rand, 6) } : { file_path: file } }],
        stop_reason: "tool_use",
        usage: { input_tokens: 1200, output_tokens: 180, cache_creation_input_tokens: 300, cache_read_input_tokens: 20_000 },
      },
      requestId: `req_${uuid(c.rand).replace(/-/g, "").slice(0, 24)}`,
    }),
  );
  const r = claudeBase(c, "user", a.uuid);
  lines.push(JSON.stringify({ ...r, message: { role: "user", content: [{ tool_use_id: toolId, type: "tool_result", content: edit ? "The file has been updated." : fileBody(c.rand, resultBytes) }] }, toolUseResult: { type: "text" } }));
  return lines;
}

function codexLine(c: Ctx, type: string, payload: Record<string, unknown>): string {
  c.at += 500 + Math.floor(c.rand() * 15_000);
  return JSON.stringify({ timestamp: new Date(c.at).toISOString(), type, payload });
}

function codexTurn(c: Ctx, prompt: string, resultBytes: number): string[] {
  const call = `call_${uuid(c.rand).replace(/-/g, "").slice(0, 24)}`;
  return [
    codexLine(c, "turn_context", { cwd: c.cwd, approval_policy: "on-request", sandbox_policy: { type: "workspace-write" }, model: "gpt-5.1-codex", effort: "medium", summary: "auto" }),
    codexLine(c, "event_msg", { type: "user_message", message: prompt, images: [] }),
    codexLine(c, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: prompt }] }),
    codexLine(c, "response_item", { type: "reasoning", summary: [{ type: "summary_text", text: words(c.rand, 12) }], encrypted_content: "gAAAAB" + "x".repeat(800) }),
    codexLine(c, "response_item", { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", `sed -n '1,400p' src/${WORDS[Math.floor(c.rand() * WORDS.length)]}.ts`], workdir: c.cwd }), call_id: call }),
    codexLine(c, "response_item", { type: "function_call_output", call_id: call, output: JSON.stringify({ output: fileBody(c.rand, resultBytes), metadata: { exit_code: 0, duration_seconds: 0.1 } }) }),
    codexLine(c, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: `Done: ${words(c.rand, 20)}.` }] }),
    codexLine(c, "event_msg", { type: "token_count", info: { total_token_usage: { input_tokens: 50_000, cached_input_tokens: 40_000, output_tokens: 2_000, reasoning_output_tokens: 500, total_tokens: 52_000 } } }),
  ];
}

/** Build the home: `sessions` logs, 70 % Claude Code and 30 % Codex, in 40 project folders. */
export function buildSessionHome(home: string, sessions = 3000, seed = 37): SessionHome {
  const rand = mulberry32(seed);
  const files: string[] = [];
  const needles: string[] = [];
  let bytes = 0;
  let claude = 0;
  let codex = 0;
  let appendTarget = "";
  const few = Math.max(1, Math.round(sessions / 300)); // "a few of 4 MB"
  const t0 = Date.parse("2026-09-01T08:00:00Z");
  for (let i = 0; i < sessions; i++) {
    const size = i < few ? MAX : drawSize(rand);
    const project = i % 40;
    const c: Ctx = { rand, cwd: `/home/dev/work/project-${project}`, branch: `feat/${WORDS[project % WORDS.length]}-${project}`, sessionId: uuid(rand), at: t0 + i * 3_600_000 };
    const isCodex = rand() < 0.3;
    const turnsWanted = Math.max(1, Math.min(60, Math.round(size / 12_000)));
    const resultBytes = Math.max(200, Math.floor(size / turnsWanted) - 1500);
    const needle = `zq${i.toString(36)}x needle ${words(rand, 3)}`;
    needles.push(needle);
    const lines: string[] = [];
    let written = 0;
    let turn = 0;
    if (isCodex) {
      lines.push(codexLine(c, "session_meta", { id: c.sessionId, timestamp: new Date(c.at).toISOString(), cwd: c.cwd, originator: "codex_cli_rs", cli_version: "0.63.0", instructions: null, source: "cli", model_provider: "openai", git: { commit_hash: "0".repeat(40), branch: c.branch, repository_url: `git@github.com:dev/project-${project}.git` } }));
    }
    while (written < size) {
      const prompt = turn === 0 ? `Fix the ${needle} in ${words(rand, 6)}` : `Now ${words(rand, 10)}`;
      const add = isCodex ? codexTurn(c, prompt, resultBytes) : claudeTurn(c, prompt, resultBytes);
      for (const l of add) {
        lines.push(l);
        written += l.length + 1;
      }
      turn++;
    }
    const text = lines.join("\n") + "\n";
    let path: string;
    if (isCodex) {
      const d = new Date(t0 + i * 3_600_000);
      const day = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}`;
      const dir = join(home, ".codex", "sessions", day);
      mkdirSync(dir, { recursive: true });
      path = join(dir, `rollout-${d.toISOString().slice(0, 19).replace(/:/g, "-")}-${c.sessionId}.jsonl`);
      codex++;
    } else {
      const dir = join(home, ".claude", "projects", c.cwd.replace(/[^A-Za-z0-9]/g, "-"));
      mkdirSync(dir, { recursive: true });
      path = join(dir, `${c.sessionId}.jsonl`);
      claude++;
      if (!appendTarget && size < 200 * 1024) appendTarget = path;
    }
    writeFileSync(path, text);
    files.push(path);
    bytes += Buffer.byteLength(text);
  }
  return { home, sessions, claude, codex, bytes, files, appendTarget, needles };
}

/** Append one turn (three lines) to a Claude Code log, as a running session would. */
export function appendTurn(path: string, seed = 99): void {
  const c: Ctx = { rand: mulberry32(seed), cwd: "/home/dev/work/project-0", branch: "feat/append", sessionId: "appended-turn", at: Date.parse("2026-12-01T00:00:00Z") };
  appendFileSync(path, claudeTurn(c, "One more appended turn about the login redirect loop", 2000).join("\n") + "\n");
}

/** The floor: every byte read and every line JSON-parsed once, in this process. */
export async function readFloor(files: string[]): Promise<{ ms: number; lines: number; bytes: number }> {
  const t = performance.now();
  let lines = 0;
  let bytes = 0;
  for (const f of files) {
    const rl = createInterface({ input: createReadStream(f), crlfDelay: Infinity });
    for await (const line of rl) {
      bytes += line.length + 1;
      if (!line) continue;
      JSON.parse(line);
      lines++;
    }
  }
  return { ms: performance.now() - t, lines, bytes };
}

/** Sizes of a folder's files (for the database-to-logs ratio). */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return total;
}

if (process.argv[1]?.endsWith("sessions-home.ts")) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: npx tsx scripts/bench/sessions-home.ts DIR [--sessions N]");
    process.exit(2);
  }
  const at = process.argv.indexOf("--sessions");
  const n = at >= 0 ? Number(process.argv[at + 1]) : 3000;
  const t = performance.now();
  const home = buildSessionHome(dir, n);
  const sizes = home.files.map((f) => statSync(f).size).sort((a, b) => a - b);
  const q = (p: number) => sizes[Math.min(sizes.length - 1, Math.floor(p * sizes.length))];
  console.log(
    `home ${dir}: ${home.sessions} sessions (${home.claude} Claude Code, ${home.codex} Codex), ${(home.bytes / 1048576).toFixed(0)} MiB; median ${(q(0.5) / 1024).toFixed(0)} KB, p90 ${(q(0.9) / 1024).toFixed(0)} KB, max ${(q(1) / 1048576).toFixed(1)} MiB; built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const floor = await readFloor(home.files);
  console.log(`floor: ${floor.lines} lines, ${(floor.bytes / 1048576).toFixed(0)} MiB read and parsed in ${(floor.ms / 1000).toFixed(2)} s`);
}

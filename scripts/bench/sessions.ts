/**
 * Past sessions, measured (issue 37): a generated home of Claude Code and Codex logs at real shapes (sizes drawn
 * around a 50 KB median with a long tail), then
 * - the floor: reading every byte and JSON.parse of every line once, in this process;
 * - a cold index of the sessions (lib/index/sessions-step.ts: read, redact, store, link);
 * - a re-index after one appended turn;
 * - the database's size against the logs'.
 * Usage: npx tsx scripts/bench/sessions.ts [sessions=300]
 */
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDb, getDb } from "../../db/client";
import { indexSessions } from "../../lib/index/sessions-step";
import { claudeLogPath, claudeSession, codexLogPath, codexSession, put } from "../../tests/support/session-logs";

const count = Number(process.argv[2] ?? 300);
const dir = mkdtempSync(join(tmpdir(), "cairn-sessions-bench-"));
const home = join(dir, "home");
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = "the login redirect loop cookie expires middleware session token retry backoff importer tenant page cache query index".split(" ");
const sentence = (n: number) => Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(" ");

let files = 0;
for (let i = 0; i < count; i++) {
  // steps: median ~25 (about 50 KB), a tail to ~10x
  const steps = Math.max(3, Math.round(25 * Math.exp((rand() - 0.5) * 2.5)));
  const start = new Date(Date.now() - rand() * 30 * 86400_000);
  const cwd = `/home/me/code/project-${i % 40}`;
  if (i % 5 === 4) {
    const id = `0199${i.toString(16).padStart(4, "0")}-c3d4-7e5f-8a9b-0c1d2e3f4a5b`;
    put(codexLogPath(home, start, id), codexSession({ id, cwd, start, steps: Array.from({ length: steps }, (_, k) => (k % 2 ? { answer: sentence(120) } : { prompt: sentence(20), shell: { command: `rg ${words[k % words.length]}`, output: sentence(400) } })) }));
  } else {
    const id = `${i.toString(16).padStart(8, "0")}-2222-4333-8444-555555555555`;
    put(claudeLogPath(home, cwd, id), claudeSession({ sessionId: id, cwd, start, steps: Array.from({ length: steps }, (_, k) => (k % 3 === 0 ? { prompt: sentence(25) } : k % 3 === 1 ? { answer: sentence(150) } : { bash: { command: `grep -rn ${words[k % words.length]} src`, output: sentence(500) } })) }));
  }
  files++;
}

function walk(d: string, out: string[] = []): string[] {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith(".jsonl")) out.push(p);
  }
  return out;
}
const logs = walk(home);
const bytes = logs.reduce((n, p) => n + statSync(p).size, 0);

let t = performance.now();
let lines = 0;
for (const p of logs) for (const line of readFileSync(p, "utf8").split("\n")) if (line) { JSON.parse(line); lines++; }
const floorMs = performance.now() - t;

const dbPath = join(dir, "cairn.db");
const db = getDb(dbPath);
t = performance.now();
const cold = await indexSessions(db, { home, env: {} });
const coldMs = performance.now() - t;
const memory = process.memoryUsage().rss;

const one = logs.find((p) => p.includes(".claude"))!;
appendFileSync(one, JSON.stringify({ type: "user", sessionId: "x", cwd: "/home/me", uuid: "u", timestamp: new Date().toISOString(), message: { role: "user", content: "one more turn about the cookie" } }) + "\n");
t = performance.now();
const warm = await indexSessions(db, { home, env: {} });
const appendMs = performance.now() - t;
db.$client.pragma("wal_checkpoint(TRUNCATE)");
closeDb(dbPath);
const dbBytes = statSync(dbPath).size;
rmSync(dir, { recursive: true, force: true });

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
console.log(JSON.stringify({ sessions: files, logBytes: mb(bytes), lines, floorMs: Math.round(floorMs), coldMs: Math.round(coldMs), coldOverFloor: +(coldMs / floorMs).toFixed(1), cold, appendMs: Math.round(appendMs), appended: warm, dbBytes: mb(dbBytes), dbOverLogs: +(dbBytes / bytes).toFixed(2), rssAfterCold: mb(memory) }, null, 2));

/**
 * The sessions part of `npm run bench` (issue 37): a generated home of Claude Code and Codex logs at real sizes
 * (scripts/bench/sessions-home.ts), then, each in a child process as a person runs them:
 * - the floor: every byte of the logs read and every line JSON-parsed once, in one process;
 * - a cold `cairn index` of the home (no repositories: the sessions alone), its wall time, the indexer's own time and
 *   its peak resident memory;
 * - one turn appended to one log, and `cairn index` again: what an append costs (`sessions.bytesRead` says how much
 *   was read);
 * - search with the sessions in: p50/p95 of in-process searches for phrases of single prompts;
 * - the database's size against the logs' size.
 * `--sessions N` sets the sessions (default 3,000, about a gigabyte of logs; `--sessions-scale 3` triples it);
 * `--sessions-home DIR` builds the home there once and reuses it; `--skip-sessions` leaves the part out.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appendTurn, buildSessionHome, readFloor, type SessionHome } from "./sessions-home";
import { indexChild, percentile, type IndexRun } from "./measure";

export interface SessionsBench {
  sessions: number;
  claude: number;
  codex: number;
  logBytes: number;
  homeMs: number;
  floorMs: number;
  floorLines: number;
  cold: { wallMs: number; indexerMs: number | null; peakRssMiB: number | null; summary: Record<string, unknown> | null };
  append: { wallMs: number; indexerMs: number | null; peakRssMiB: number | null; summary: Record<string, unknown> | null };
  search: { p50: number; p95: number; samples: number; hits: number; queries: number } | null;
  dbBytes: number;
}

function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

/** A home built earlier in DIR (home.json), or a new one described there. */
function reusableHome(dir: string, sessions: number, log: (line: string) => void): SessionHome {
  const file = join(dir, "home.json");
  if (existsSync(file)) {
    const home = JSON.parse(readFileSync(file, "utf8")) as SessionHome;
    if (home.sessions === sessions) return home;
  }
  log(`sessions: generating ${sessions} session logs in ${dir}…`);
  mkdirSync(dir, { recursive: true });
  const home = buildSessionHome(join(dir, "home"), sessions);
  writeFileSync(file, JSON.stringify(home));
  return home;
}

const sessionsOf = (run: IndexRun) => (run.summary?.sessions as Record<string, unknown> | undefined) ?? null;

/** Search p50/p95 over the index, in a child process through the search module the server uses. */
function timeSessionSearch(projectDir: string, dir: string, db: string, needles: string[]): SessionsBench["search"] {
  const step = Math.max(1, Math.floor(needles.length / 40));
  const queries = needles.filter((_, i) => i % step === 0).slice(0, 40).map((n) => n.split(" ").slice(0, 2).join(" "));
  const file = join(dir, "session-queries.json");
  writeFileSync(file, JSON.stringify(queries));
  const child = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", join(projectDir, "scripts", "bench", "sessions-search-child.ts"), db, file], { cwd: projectDir, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (child.status !== 0) return null;
  try {
    const { samples, hits } = JSON.parse(child.stdout.slice(child.stdout.indexOf("{"))) as { samples: number[]; hits: number };
    return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length, hits, queries: queries.length };
  } catch {
    return null;
  }
}

export async function timeSessions(projectDir: string, dir: string, opts: { sessions: number; homeDir: string | null; log: (line: string) => void }): Promise<SessionsBench> {
  const { log } = opts;
  const started = performance.now();
  const home = reusableHome(opts.homeDir ?? join(dir, "sessions"), opts.sessions, log);
  const homeMs = performance.now() - started;
  log(`sessions: ${home.sessions} logs, ${(home.bytes / 1048576).toFixed(0)} MiB; the floor (read and parse every line)…`);
  await readFloor(home.files); // warm the page cache as the index will find it
  const floor = await readFloor(home.files);
  const empty = join(dir, "sessions-no-repos");
  mkdirSync(empty, { recursive: true });
  const db = join(dir, "sessions.db");
  log("sessions: cold index (child process)…");
  const cold = await indexChild(projectDir, { root: empty, home: home.home, db });
  appendTurn(home.appendTarget);
  log("sessions: one turn appended; index again…");
  const append = await indexChild(projectDir, { root: empty, home: home.home, db });
  log("sessions: searches with the sessions in…");
  const search = timeSessionSearch(projectDir, dir, db, home.needles);
  return {
    sessions: home.sessions,
    claude: home.claude,
    codex: home.codex,
    logBytes: home.bytes,
    homeMs,
    floorMs: floor.ms,
    floorLines: floor.lines,
    cold: { wallMs: cold.wallMs, indexerMs: cold.indexerMs, peakRssMiB: cold.peakRssMiB, summary: sessionsOf(cold) },
    append: { wallMs: append.wallMs, indexerMs: append.indexerMs, peakRssMiB: append.peakRssMiB, summary: sessionsOf(append) },
    search,
    dbBytes: fileSize(db) + fileSize(`${db}-wal`),
  };
}

const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);

/** Targets of issue 37, as the bench table's rows. */
export function sessionVerdicts(s: SessionsBench): Array<{ target: string; measured: string; pass: boolean | null }> {
  const rss = Math.max(s.cold.peakRssMiB ?? 0, s.append.peakRssMiB ?? 0);
  const appendMs = s.append.indexerMs ?? s.append.wallMs;
  return [
    { target: `sessions: cold index <= 3x the floor (${s.sessions} logs, ${(s.logBytes / 1048576).toFixed(0)} MiB)`, measured: `${ms(s.cold.wallMs)} = ${(s.cold.wallMs / s.floorMs).toFixed(1)}x of ${ms(s.floorMs)}`, pass: s.cold.wallMs <= 3 * s.floorMs },
    { target: "sessions: re-index after one appended turn < 200 ms", measured: `${ms(appendMs)} (indexer; wall ${ms(s.append.wallMs)}); read ${String(s.append.summary?.bytesRead ?? "?")} bytes`, pass: appendMs < 200 },
    { target: "sessions: search p95 < 50 ms with sessions in", measured: s.search ? `${ms(s.search.p95)} (p50 ${ms(s.search.p50)}, ${s.search.samples} searches, ${s.search.hits} with results)` : "not measured", pass: s.search ? s.search.p95 < 50 : null },
    { target: "sessions: resident memory < 300 MiB", measured: rss ? `${rss.toFixed(0)} MiB` : "not measured", pass: rss ? rss < 300 : null },
    { target: "sessions: database size against the logs", measured: `${(s.dbBytes / 1048576).toFixed(0)} MiB = ${((100 * s.dbBytes) / Math.max(1, s.logBytes)).toFixed(1)}% of ${(s.logBytes / 1048576).toFixed(0)} MiB`, pass: null },
  ];
}

/** `npx tsx scripts/bench/sessions-bench.ts [--sessions N] [--sessions-home DIR]`: this part alone. */
if (process.argv[1]?.endsWith("sessions-bench.ts")) {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { resolve } = await import("node:path");
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const dir = mkdtempSync(join(tmpdir(), "cairn-sessions-bench-"));
  try {
    const result = await timeSessions(resolve("."), dir, {
      sessions: Number(arg("--sessions") ?? 3000),
      homeDir: arg("--sessions-home") ? resolve(arg("--sessions-home")!) : null,
      log: (line) => process.stderr.write(`bench: ${line}\n`),
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    for (const v of sessionVerdicts(result)) process.stdout.write(`${v.pass === null ? "    " : v.pass ? "PASS" : "MISS"}  ${v.target}: ${v.measured}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

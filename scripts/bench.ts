/**
 * `npm run bench [-- --scale N] [--keep] [--skip-build] [--repos N] [--rounds N] [--world DIR] [--small-world DIR] [--skip-small-world]`
 *   `[--sessions N] [--sessions-scale K] [--sessions-home DIR] [--skip-sessions]` (agent session logs: scripts/bench/sessions-bench.ts)
 *
 * `--world DIR` builds the world in DIR once and reuses it on later runs (DIR/world.json), so a before/after
 * comparison measures the same files and skips the generation.
 *
 * Builds a world with the project's own generator (200 repositories x scale, about 30 documents each)
 * in a temporary folder, then measures in one run: the baseline (read every candidate file + one
 * `git status` per repository), a cold `cairn index` and a warm one (child processes; peak RSS), search
 * latency through the running server's API, navigation in Chromium (header links and list -> checkpoint,
 * click to page shown), the same searches and get_checkpoint as MCP tool calls over stdio
 * (`cairn mcp`), and `rg -l -i` over the same files; then search quality on the real truth sets
 * (scripts/bench/search-eval.ts; `--skip-search-quality` leaves it out). Prints a table with
 * PASS/MISS per target, and keeps the result in tmp/bench-results/ (so that a scale-10 run can compare).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWorld, type World } from "./fixtures/world";
import { benchQueries } from "./bench/queries";
import { baseline, indexChild, percentile, rgInstalled, rgOnce } from "./bench/measure";
import { pickCheckpointIds, serverRssMiB, startServer, timePages, timeSearch, warmClient, warmupRatio } from "./bench/server";
import { timeMcp } from "./bench/mcp";
import { timeCommands } from "./bench/commands";
import { chromiumAvailable, timeNavigation } from "./bench/nav";
import { machine, render, type BenchResult } from "./bench/report";
import { runSearchEval } from "./bench/search-eval";
import { timeHostileData } from "./bench/hostile-data";
import { timeSessions } from "./bench/sessions-bench";
import { timeHostilePatterns } from "./bench/hostile-patterns";

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
function worldDir(): string | null {
  const i = process.argv.indexOf("--world");
  return i >= 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]) : null;
}
/** A world built earlier in DIR (its description in DIR/world.json), or a new one, described there for next time. */
function reusableWorld(dir: string | null, build: () => World): World {
  const file = dir ? join(dir, "world.json") : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as World;
  const world = build();
  if (file) writeFileSync(file, JSON.stringify(world));
  return world;
}
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/** Repositories of the small world: its floor is small, so the cold index's fixed costs show (issue 28). */
const SMALL_WORLD_REPOSITORIES = 60;

/**
 * The small world's floor and cold index, built in `--small-world DIR` once (reused later, as `--world`) or in the
 * run's temporary folder; its database is thrown away.
 */
async function timeSmallWorld(dir: string): Promise<BenchResult["smallWorld"]> {
  const i = process.argv.indexOf("--small-world");
  const keep = i >= 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]) : null;
  log(`small world: building (or reusing) ${SMALL_WORLD_REPOSITORIES} repositories…`);
  const world = reusableWorld(keep, () =>
    buildWorld(join(keep ?? join(dir, "small"), "world"), { repositories: SMALL_WORLD_REPOSITORIES, htmlCheckpoints: 22, secretEvery: 5 }),
  );
  await baseline(world.root);
  const base = await baseline(world.root);
  log("small world: cold index (child process)…");
  const cold = await indexChild(projectDir, { root: world.root, home: world.home, db: join(dir, "small.db") });
  return {
    repositories: base.repositories,
    documents: (cold.summary?.documents as { new?: number } | undefined)?.new ?? 0,
    baselineMs: base.ms,
    coldWallMs: cold.wallMs,
    coldIndexerMs: cold.indexerMs,
  };
}

async function main(): Promise<void> {
  const scale = option("scale", 1);
  const repositories = Math.round(option("repos", 200) * scale);
  const rounds = option("rounds", 3);
  const load = loadavg();
  const dir = mkdtempSync(join(tmpdir(), "cairn-bench-"));
  const db = join(dir, "cairn.db");
  const resultsDir = join(projectDir, "tmp", "bench-results");
  const server: { stop?: () => Promise<void> } = {};
  try {
    log(`building (or reusing) ${repositories} repositories in ${worldDir() ?? dir} (about ${repositories * 30} documents)…`);
    const started = performance.now();
    const world = reusableWorld(worldDir(), () => buildWorld(join(worldDir() ?? dir, "world"), { repositories, htmlCheckpoints: 22, secretEvery: 5 }));
    const worldMs = performance.now() - started;
    log(`world built in ${(worldMs / 1000).toFixed(1)} s`);

    log("baseline: reading every candidate file and one git status per repository…");
    await baseline(world.root); // warms the page cache like the index runs will find it
    const base = await baseline(world.root);

    log("cold index (child process)…");
    const cold = await indexChild(projectDir, { root: world.root, home: world.home, db });
    log("warm re-index (child process)…");
    const warm = await indexChild(projectDir, { root: world.root, home: world.home, db });
    const documents = (cold.summary?.documents as { new?: number } | undefined)?.new ?? 0;
    const smallWorld = flag("skip-small-world") ? null : await timeSmallWorld(dir);

    log("starting the server…");
    const running = await startServer(projectDir, db, { skipBuild: flag("skip-build"), log });
    server.stop = running.stop;
    const queries = benchQueries(world);
    // A person's browser is warm when they search; this process's HTTP client is not (its first fetches and
    // JSON parses cost 10-30 ms each). It is warmed on requests that are no search, so that the first searches
    // time the server's first searches, not the bench's own start.
    await warmClient(running.port);
    const firstSearches: { q: (typeof queries)[number]; ms: number }[] = [];
    for (const query of queries) {
      const timed = await timeSearch(running.port, query); // warm-up: statements, caches
      if (firstSearches.length < 10) firstSearches.push({ q: query, ms: timed.ms });
    }
    const samples: number[] = [];
    const serverSamples: number[] = [];
    const steadySearches: { q: (typeof queries)[number]; ms: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const query of queries) {
        const timed = await timeSearch(running.port, query);
        samples.push(timed.ms);
        steadySearches.push({ q: query, ms: timed.ms });
        if (timed.serverMs !== null) serverSamples.push(timed.serverMs);
      }
    }
    let nav: BenchResult["nav"] = null;
    if (chromiumAvailable()) {
      log("navigation in Chromium: header links, list -> checkpoint…");
      nav = await timeNavigation(running.port, Math.max(2, rounds), log).catch((error: unknown) => {
        log(`navigation not measured: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        return null;
      });
    } else log("navigation not measured: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");
    log("checkpoint and diff pages…");
    const pages = await timePages(running.port, pickCheckpointIds(db, 12), rounds);
    // the server's memory right after its last page, then at rest: once it has been idle long enough for its idle
    // collection (lib/server/idle-gc.ts, 3 s) to run, as it is when a person stops clicking
    const serverRssBusy = serverRssMiB(running.pid);
    await new Promise((done) => setTimeout(done, 4_500));
    const serverRss = serverRssMiB(running.pid);
    await running.stop();
    server.stop = undefined;

    log("tool calls over MCP stdio (cairn mcp)…");
    const mcp = await timeMcp(projectDir, db, queries, rounds);

    log("command start: list, search, queue, resume as new processes…");
    const commands = timeCommands(projectDir, db, Math.max(7, rounds));

    let rg: BenchResult["rg"] = null;
    if (rgInstalled()) {
      log("rg over the same files…");
      for (const query of queries) rgOnce(world.root, query.rg);
      const rgSamples: number[] = [];
      for (let round = 0; round < Math.min(rounds, 2); round++) for (const query of queries) rgSamples.push(rgOnce(world.root, query.rg).ms);
      rg = { p50: percentile(rgSamples, 50), p95: percentile(rgSamples, 95), samples: rgSamples.length };
    }

    // Search quality on the hand-labelled real files (issue 23): the same evaluation as `npm run bench:search`.
    let searchQuality: BenchResult["searchQuality"] = null;
    if (flag("skip-search-quality")) log("search quality not measured (--skip-search-quality)");
    else {
      log("search quality on the real truth sets (issue 23)…");
      searchQuality = await runSearchEval({ log }).catch((error: unknown) => {
        log(`search quality not measured: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        return null;
      });
      if (searchQuality?.skipped) log(`search quality skipped: ${searchQuality.skipped}`);
    }

    log("hostile data checkpoints (issue 29)…");
    const hostileData = timeHostileData(rounds);
    log("hostile line patterns and .cairnignore at its caps (issue 42)…");
    const hostilePatterns = timeHostilePatterns();

    // Agent session logs (issue 37): a generated home at real sizes, measured against its own floor.
    let sessions: BenchResult["sessions"] = null;
    if (flag("skip-sessions")) log("sessions not measured (--skip-sessions)");
    else {
      const count = Math.round(option("sessions", 3000) * option("sessions-scale", 1));
      const at = process.argv.indexOf("--sessions-home");
      const homeDir = at >= 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : null;
      sessions = await timeSessions(projectDir, dir, { sessions: count, homeDir, log }).catch((error: unknown) => {
        log(`sessions not measured: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        return null;
      });
    }

    const referenceFile = join(resultsDir, "scale-1.json");
    const reference = scale > 1 && existsSync(referenceFile) ? (JSON.parse(readFileSync(referenceFile, "utf8")) as BenchResult) : null;
    const result: BenchResult = {
      scale,
      repositories: base.repositories,
      documents,
      candidateFiles: base.files,
      candidateBytes: base.bytes,
      machine: machine(load),
      worldMs,
      baselineMs: base.ms,
      cold: { wallMs: cold.wallMs, indexerMs: cold.indexerMs },
      smallWorld,
      warm: { wallMs: warm.wallMs, indexerMs: warm.indexerMs, parsed: typeof warm.summary?.parsed === "number" ? warm.summary.parsed : null },
      peakRssMiB: cold.peakRssMiB,
      rssSource: cold.rssSource,
      search: {
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: Math.max(...samples),
        samples: samples.length,
        queries: queries.length,
        serverP50: serverSamples.length ? percentile(serverSamples, 50) : null,
        serverP95: serverSamples.length ? percentile(serverSamples, 95) : null,
      },
      mcp,
      commands,
      nav,
      pages,
      serverRssMiB: serverRss,
      serverRssBusyMiB: serverRssBusy,
      warmup: warmupRatio(firstSearches, steadySearches),
      rg,
      searchQuality,
      hostileData,
      sessions,
      hostilePatterns,
      referenceP95: reference?.search.p95 ?? null,
      at: new Date().toISOString(),
    };
    mkdirSync(resultsDir, { recursive: true });
    const custom = process.argv.includes("--repos") ? `-repos${repositories}` : "";
    writeFileSync(join(resultsDir, `scale-${scale}${custom}.json`), `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`${render(result)}\n`);
  } finally {
    await server.stop?.();
    if (flag("keep")) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});

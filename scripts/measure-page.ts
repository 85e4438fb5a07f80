/**
 * How fast is the checkpoint page with ~6,000 checkpoints indexed?
 *
 *   node --conditions=react-server --import tsx scripts/measure-page.ts [DIR] [--port N] [--requests N]
 *
 * Builds a world of 200 repositories (22 HTML checkpoints each, plus the other families) in DIR (default: a
 * temporary folder; an existing DIR/cairn.db is reused), indexes it, times the page's data functions in
 * process, then serves the dashboard (`cairn serve`, which builds first when sources changed) and times real
 * HTTP GETs of /checkpoints/<id>. Prints p50/p95 of each.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { getDb } from "../db/client";
import { indexRoots } from "../lib/index/indexer";
import { checkpointPage } from "../lib/queries/checkpoint";
import { originalView } from "../lib/render/original";
import { normalisedView } from "../lib/render/sections";
import { buildWorld } from "./fixtures/world";

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const dir = resolve(args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? mkdtempSync(join(tmpdir(), "cairn-measure-")));
const port = flag("--port", 3399);
const requests = flag("--requests", 50);
const dbPath = join(dir, "cairn.db");
const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(label: string, samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(2)} ms`;
  return `${label.padEnd(44)} n=${String(s.length).padStart(3)}  p50 ${f(percentile(s, 50)).padStart(10)}  p95 ${f(percentile(s, 95)).padStart(10)}  max ${f(s[s.length - 1]).padStart(10)}`;
}

async function prepare(): Promise<void> {
  if (existsSync(dbPath)) {
    log(`Reusing the index at ${dbPath}`);
    return;
  }
  let t = performance.now();
  log(`Building 200 repositories in ${dir} …`);
  const world = buildWorld(join(dir, "world"), { repositories: 200, htmlCheckpoints: 22 });
  log(`  built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  const result = await indexRoots(getDb(dbPath), { roots: [world.root], home: world.home, saveRoots: true });
  log(`  indexed ${result.documents.new} documents in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

function sampleIds(): { id: string; format: string }[] {
  const db = getDb(dbPath);
  // spread over the table: every family, old and new saves, many repositories
  return db.$client
    .prepare(
      `SELECT id, format FROM (SELECT id, format, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
       FROM documents WHERE kind = 'checkpoint') WHERE n % max(1, total / ?) = 0 LIMIT ?`,
    )
    .all(requests, requests) as { id: string; format: string }[];
}

function measureInProcess(ids: { id: string; format: string }[]): void {
  const db = getDb(dbPath);
  const count = (db.$client.prepare("SELECT count(*) AS n FROM documents WHERE kind = 'checkpoint'").get() as { n: number }).n;
  log(`\n${count} checkpoints indexed; ${ids.length} sampled.\n`);
  for (const { id } of ids.slice(0, 5)) checkpointPage(db, id); // warm the statement cache
  const data: number[] = [];
  const withRender: number[] = [];
  const original: number[] = [];
  for (const { id } of ids) {
    let t = performance.now();
    const page = checkpointPage(db, id)!;
    data.push(performance.now() - t);
    t = performance.now();
    const view = checkpointPage(db, id)!;
    normalisedView(view.sections, { hasTasks: view.tasks.length > 0, references: view.references });
    withRender.push(performance.now() - t);
    t = performance.now();
    const doc = checkpointPage(db, id)!.doc;
    originalView(doc);
    original.push(performance.now() - t);
    if (!page) throw new Error(`no page for ${id}`);
  }
  // the best of five runs per checkpoint: what the page costs when the machine is not busy with anything else
  const best = ids.map(({ id }) => {
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const view = checkpointPage(db, id)!;
      normalisedView(view.sections, { hasTasks: view.tasks.length > 0, references: view.references });
      min = Math.min(min, performance.now() - t);
    }
    return min;
  });
  console.log(summary("checkpointPage() (queries only)", data));
  console.log(summary("checkpointPage() + normalised view (Markdown)", withRender));
  console.log(summary("checkpointPage() + original view", original));
  console.log(summary("queries + normalised view, best of 5 each", best));
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function timeGet(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return performance.now() - t;
}

async function measureHttp(ids: { id: string }[]): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  log(`\nServing on ${base} (builds first when sources changed) …`);
  const child = spawn(process.execPath, [join(projectDir, "bin", "cairn.mjs"), "serve", "--port", String(port), "--no-index"], {
    cwd: projectDir,
    env: { ...process.env, CAIRN_DB: dbPath, CAIRN_ROOTS: join(dir, "world", "code"), CAIRN_HOME: join(dir, "world", "home") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer(`${base}/checkpoints/${ids[0].id}`, 600_000);
    for (const { id } of ids.slice(0, 10)) await timeGet(`${base}/checkpoints/${id}`); // warm up
    const normal: number[] = [];
    const original: number[] = [];
    for (const { id } of ids) normal.push(await timeGet(`${base}/checkpoints/${id}`));
    for (const { id } of ids) original.push(await timeGet(`${base}/checkpoints/${id}?view=original`));
    console.log("");
    console.log(summary("GET /checkpoints/<id>", normal));
    console.log(summary("GET /checkpoints/<id>?view=original", original));
    const others: [string, string][] = [
      ["GET /", "/"],
      ["GET /checkpoints", "/checkpoints"],
      ["GET /checkpoints?page=60", "/checkpoints?page=60"],
      ["GET /repos/1", "/repos/1"],
      ["GET /problems", "/problems"],
    ];
    for (const [label, path] of others) {
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) samples.push(await timeGet(`${base}${path}`));
      console.log(summary(label, samples));
    }
  } finally {
    child.kill("SIGTERM");
  }
}

await prepare();
const ids = sampleIds();
measureInProcess(ids);
await measureHttp(ids);
process.exit(0);

/**
 * Can one hostile file freeze Cairn? (issue 18 item 2)
 *
 *   npx tsx scripts/stress-hostile.ts [--no-server] [--size BYTES] [--port N]
 *
 * 1. In process: a 2 MB hostile Markdown checkpoint (unclosed brackets, unmatched emphasis, tick runs,
 *    thousands of headings, checkbox lines, a table row of thousands of cells, deep blockquotes, ...) is
 *    scanned and parsed as the indexer does (prepareDocument) in every Markdown family, then its page views are
 *    rendered. Prints the times; fails when a parse takes a second or more.
 * 2. Against the running server (loopback only; built into .next-stress when sources changed): while the
 *    hostile file is dropped into a watched repository, indexed by the server's watcher, and its page viewed
 *    (normalised and original), another page is requested every 100 ms. Prints the slowest of those requests.
 *    Every loop is bounded (a deadline or a count), and the server is stopped at the end.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// the renderers are server-only modules: run under the react-server condition (re-run self with it)
if (!process.execArgv.some((a) => a.includes("react-server"))) {
  const again = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    cwd: projectDir,
  });
  process.exit(again.status ?? 1);
}

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SIZE = flag("--size", 2 * 1024 * 1024 - 8192);
const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${Math.round(n)} ms`;

const SHAPES = [
  "[",
  "[a](",
  "![",
  "[[",
  "a**",
  "`a ",
  "<a ",
  "_a ",
  "~~a ",
  " ",
  "## a\n",
  "a\n=\n",
  "[\n",
  "- [ ] a\n",
  "|a",
  `${">".repeat(200)} deep\n`,
  Array.from({ length: 300 }, (_, i) => "`".repeat(i + 1)).join(" "),
];

/** The hostile checkpoint: a real-looking head, then 8 KB paragraphs of every shape in turn, to the size. */
export function hostileMarkdown(size = SIZE): string {
  let text = "---\nstatus: in-progress\nbranch: main\n---\n# Hostile checkpoint\n\n## Decisions\n- keep going\n\n## Notes\n";
  for (let round = 0; text.length < size; round++) {
    for (const unit of SHAPES) {
      const each = Math.min(8 * 1024, size - text.length - 2);
      if (each <= 0) break;
      text += `${unit.repeat(Math.ceil(each / unit.length)).slice(0, each)}\n\n`;
    }
  }
  return text;
}

async function inProcess(): Promise<boolean> {
  const { prepareDocument } = await import("../lib/index/prepare");
  const { originalView } = await import("../lib/render/original");
  const { normalisedView } = await import("../lib/render/sections");
  const text = hostileMarkdown();
  log(`1. In process: a ${(text.length / 1024 / 1024).toFixed(2)} MB hostile Markdown checkpoint`);
  let ok = true;
  const paths = [".claude/checkpoints/hostile.md", ".claude/last-session.md", ".claude/handoffs/hostile.md", ".claude/session-state/checkpoints/hostile.md", ".claude/PROJECT-NOTES.md", "CLAUDE.md", "PROMPT.md"];
  let sections: { heading: string; canonical: string | null; text: string; level: number }[] = [];
  // warm up (module loading, the secret scanner's first run) so that the times below are the work itself
  await prepareDocument({ id: "w", path: ".claude/checkpoints/warm.md", absPath: "/tmp/warm.md", source: "worktree", text: "# Warm\n\n## Notes\n- x\n", contentHash: "w", mtimeMs: 0, size: 20 });
  for (const path of paths) {
    // three runs: the first pays for compiling the code paths and expressions it meets (a busy machine shows it)
    const times: number[] = [];
    let parsedSections = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const doc = await prepareDocument({ id: "x", path, absPath: `/tmp/${path}`, source: "worktree", text, contentHash: "h", mtimeMs: 0, size: text.length });
      times.push(performance.now() - started);
      parsedSections = doc.parsed?.sections.length ?? 0;
      if (path.endsWith("checkpoints/hostile.md") && doc.parsed) sections = doc.parsed.sections;
    }
    const best = Math.min(...times);
    ok &&= best < 1000;
    log(`   scan + parse as ${path.padEnd(44)} first ${ms(times[0]).padStart(8)}, best ${ms(best).padStart(7)}  ${best < 1000 ? "ok" : "TOO SLOW"}  (${parsedSections} sections)`);
  }
  let started = performance.now();
  const original = originalView({ format: "frontmatter-md", original: text });
  log(`   original view (first view)                           ${ms(performance.now() - started).padStart(8)}  ${original.note ?? ""}`);
  started = performance.now();
  originalView({ format: "frontmatter-md", original: text });
  log(`   original view (again: cached)                        ${ms(performance.now() - started).padStart(8)}`);
  started = performance.now();
  const rows = sections.map((s, i) => ({ id: i, documentId: "x", position: i, heading: s.heading, canonical: s.canonical, level: s.level, text: s.text }));
  normalisedView(rows as never, { hasTasks: true, references: [] });
  log(`   normalised view (${rows.length} sections)                        ${ms(performance.now() - started).padStart(8)}`);
  return ok;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function cli(args: string[], env: Record<string, string>): string {
  const run = spawnSync(process.execPath, [join(projectDir, "bin", "cairn.mjs"), ...args], { cwd: projectDir, env: { ...process.env, ...env }, encoding: "utf8", timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`cairn ${args[0]} failed: ${run.stderr.slice(-2000)}`);
  return run.stdout;
}

function git(cwd: string, ...gitArgs: string[]): void {
  spawnSync("git", ["-c", "init.defaultBranch=main", "-c", "user.name=Stress", "-c", "user.email=stress@example.invalid", "-c", "commit.gpgsign=false", ...gitArgs], { cwd, stdio: "ignore" });
}

async function timed(url: string, timeoutMs = 120_000): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

async function againstServer(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "cairn-stress-"));
  const distDir = ".next-stress";
  const env = { CAIRN_DIST_DIR: distDir, CAIRN_DB: join(dir, "cairn.db"), CAIRN_HOME: join(dir, "home"), NEXT_TELEMETRY_DISABLED: "1" };
  let child: ChildProcess | null = null;
  try {
    const repo = join(dir, "code", "app");
    mkdirSync(join(repo, ".claude", "checkpoints"), { recursive: true });
    git(repo, "init", "-q");
    writeFileSync(join(repo, ".claude", "checkpoints", "20261120-101500-normal.md"), "---\nstatus: in-progress\n---\n# A normal checkpoint\n\n## Decisions\n- keep it small\n\n## Remaining\n- [ ] ship\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "feat: start");
    log("\n2. Against the running server (building .next-stress when sources changed: a few minutes the first time)");
    cli(["index", "--root", join(dir, "code"), "--db", env.CAIRN_DB], env);
    const normal = JSON.parse(cli(["list", "--json", "--db", env.CAIRN_DB], env)) as { id: string; path: string }[];
    const normalId = normal.find((r) => r.path.endsWith("normal.md"))!.id;
    const port = flag("--port", await freePort());
    child = spawn(process.execPath, [join(projectDir, "bin", "cairn.mjs"), "serve", "--port", String(port), "--host", "127.0.0.1", "--no-index"], {
      cwd: projectDir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env, CAIRN_ROOTS: "" },
    });
    let out = "";
    child.stdout?.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (out += c.toString()));
    const startDeadline = Date.now() + 900_000;
    while (!out.includes("Cairn is serving")) {
      if (child.exitCode !== null || Date.now() > startDeadline) throw new Error(`the server did not start:\n${out.slice(-3000)}`);
      await sleep(250);
    }
    const base = `http://127.0.0.1:${port}`;
    await timed(`${base}/checkpoints/${normalId}`); // warm
    // the probe: another page, every 100 ms, for as long as the hostile file is being indexed and viewed
    const probes: number[] = [];
    let probing = true;
    const probe = (async () => {
      for (let i = 0; probing && i < 3000; i++) {
        probes.push((await timed(`${base}/checkpoints/${normalId}`)).ms);
        await sleep(100);
      }
    })();
    await sleep(1000);
    const hostilePath = join(repo, ".claude", "checkpoints", "20261120-101600-hostile.md");
    writeFileSync(hostilePath, hostileMarkdown());
    const dropped = performance.now();
    let hostileId: string | undefined;
    for (let i = 0; i < 600 && !hostileId; i++) {
      await sleep(250);
      const listed = JSON.parse(cli(["list", "--json", "--db", env.CAIRN_DB], env)) as { id: string; path: string }[];
      hostileId = listed.find((r) => r.path.endsWith("hostile.md"))?.id;
    }
    if (!hostileId) throw new Error("the watcher did not index the hostile file within the deadline");
    log(`   hostile file indexed by the watcher after            ${ms(performance.now() - dropped).padStart(8)}`);
    const views: [string, string][] = [
      ["hostile page, normalised view (first)", `${base}/checkpoints/${hostileId}`],
      ["hostile page, original view (first)", `${base}/checkpoints/${hostileId}?view=original`],
      ["hostile page, normalised view (again)", `${base}/checkpoints/${hostileId}`],
      ["hostile page, original view (again)", `${base}/checkpoints/${hostileId}?view=original`],
    ];
    for (const [label, url] of views) {
      const r = await timed(url);
      log(`   ${label.padEnd(52)} ${ms(r.ms).padStart(8)}  HTTP ${r.status}, ${(r.body.length / 1024).toFixed(0)} KB`);
    }
    probing = false;
    await probe;
    const sorted = [...probes].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const worst = sorted[sorted.length - 1] ?? 0;
    log(`   another page meanwhile: ${probes.length} requests, p50 ${ms(p(0.5))}, p95 ${ms(p(0.95))}, slowest ${ms(worst)}`);
    const ok = worst < 3000;
    log(`   ${ok ? "ok: no request waited 3 s or more" : "STALLED: a request waited 3 s or more"}`);
    return ok;
  } finally {
    if (child?.pid && child.exitCode === null) {
      process.kill(-child.pid, "SIGTERM");
      await sleep(1000);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const parsedOk = await inProcess();
const serverOk = args.includes("--no-server") ? true : await againstServer();
process.exit(parsedOk && serverOk ? 0 : 1);

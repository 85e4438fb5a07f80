/** The running dashboard, for measuring search through its API as a browser would. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import { percentile } from "./measure";
import type { BenchQuery } from "./queries";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  port: number;
  /** The `cairn serve` process, which runs the dashboard itself (its children: the git helper while git runs). */
  pid: number | null;
  stop(): Promise<void>;
}

/** `node bin/cairn.mjs serve --no-index` on a free port, ready when /api/search answers. */
export async function startServer(projectDir: string, db: string, opts: { skipBuild: boolean; log: (line: string) => void }): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(projectDir, "bin", "cairn.mjs"), "serve", "--port", String(port), "--db", db, "--no-index"], {
    cwd: projectDir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CAIRN_DB: db, CAIRN_ROOTS: "", ...(opts.skipBuild ? { CAIRN_SKIP_BUILD: "1" } : {}) },
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* gone already */
      }
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + 15 * 60_000;
  let lastLog = 0;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output.slice(-2000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/search?q=ready`);
      if (res.ok) {
        await res.arrayBuffer();
        return { port, pid: child.pid ?? null, stop };
      }
    } catch {
      /* not yet */
    }
    if (Date.now() - lastLog > 30_000) {
      opts.log(`waiting for the server on port ${port}${/Building/.test(output) ? " (it is building the dashboard first)" : ""}…`);
      lastLog = Date.now();
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("the server did not answer within 15 minutes");
}

/** The bench's own HTTP client made hot on requests that are no search (a missing API path: Next answers 404). */
export async function warmClient(port: number, requests = 30): Promise<void> {
  for (let i = 0; i < requests; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/bench-client-warm-up-${i}`);
    await res.arrayBuffer();
  }
}

export function searchUrl(port: number, query: BenchQuery): string {
  const params = new URLSearchParams({ q: query.q, ...(query.params ?? {}) });
  return `http://127.0.0.1:${port}/api/search?${params}`;
}

/**
 * Milliseconds for one request, the JSON read and parsed; the server's own search time (Server-Timing);
 * the total found, to check it answered.
 */
export async function timeSearch(port: number, query: BenchQuery): Promise<{ ms: number; serverMs: number | null; total: number }> {
  const started = performance.now();
  const res = await fetch(searchUrl(port, query));
  const body = (await res.json()) as { total?: number; error?: string };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`search ${JSON.stringify(query.q)} failed: ${body.error ?? res.status}`);
  const timing = /search;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1];
  return { ms, serverMs: timing ? Number(timing) : null, total: body.total ?? 0 };
}

/** Samples of one page kind: every view, and the first view of each id apart. */
export interface PageTiming {
  p50: number;
  p95: number;
  /** First view of each id (caches cold for that id). */
  firstP50: number;
  samples: number;
  ids: number;
}

/** Checkpoint ids spread over the index (every n-th checkpoint of a repository). */
export function pickCheckpointIds(dbPath: string, count: number): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const ids = db.prepare("SELECT id FROM documents WHERE kind = 'checkpoint' AND repository_id IS NOT NULL ORDER BY rowid").pluck().all() as string[];
    const step = Math.max(1, Math.floor(ids.length / count));
    return ids.filter((_, i) => i % step === 0).slice(0, count);
  } finally {
    db.close();
  }
}

/** Milliseconds until the whole HTML of a page arrived (on this machine: the server's time, streaming included). */
export async function timePage(port: number, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return ms;
}

/** The checkpoint page and its diff page for each id, `rounds` times (the first round is each id's first view). */
export async function timePages(port: number, ids: string[], rounds: number): Promise<{ checkpoint: PageTiming; diff: PageTiming }> {
  const samples = { checkpoint: [] as number[], diff: [] as number[] };
  const first = { checkpoint: [] as number[], diff: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const id of ids) {
      const checkpoint = await timePage(port, `/checkpoints/${id}`);
      const diff = await timePage(port, `/checkpoints/${id}/diff`);
      samples.checkpoint.push(checkpoint);
      samples.diff.push(diff);
      if (round === 0) {
        first.checkpoint.push(checkpoint);
        first.diff.push(diff);
      }
    }
  }
  const timing = (kind: "checkpoint" | "diff"): PageTiming => ({
    p50: percentile(samples[kind], 50),
    p95: percentile(samples[kind], 95),
    firstP50: percentile(first[kind], 50),
    samples: samples[kind].length,
    ids: ids.length,
  });
  return { checkpoint: timing("checkpoint"), diff: timing("diff") };
}

function rssKiB(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Resident memory of the largest process under `cairn serve` (the dashboard server: `cairn serve` itself
 * since it runs the server in its own process; the git helper, ~50 MiB, is smaller), in MiB; null off Linux.
 */
export function serverRssMiB(pid: number | null): number | null {
  if (pid === null) return null;
  let largest = 0;
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    largest = Math.max(largest, rssKiB(next));
    queue.push(...childrenOf(next));
  }
  return largest > 0 ? largest / 1024 : null;
}

/**
 * Right after start: the first `count` searches (each query once), against the same queries' median
 * later on (steady state). The ratio is what a person searching right after `cairn serve` notices.
 */
export function warmupRatio(first: { q: BenchQuery; ms: number }[], steady: { q: BenchQuery; ms: number }[]): { firstMs: number; steadyMs: number; ratio: number; count: number } {
  const later = (query: BenchQuery) => {
    const times = steady.filter((s) => s.q === query).map((s) => s.ms);
    return times.length ? percentile(times, 50) : Number.NaN;
  };
  const firstMs = first.reduce((n, s) => n + s.ms, 0);
  const steadyMs = first.reduce((n, s) => n + later(s.q), 0);
  return { firstMs, steadyMs, ratio: firstMs / steadyMs, count: first.length };
}

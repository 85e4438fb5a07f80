/**
 * The BUILT server for the security tests: one build folder (`.next-sec`, built at most once at a time
 * under a lock, and only when sources changed), then `node bin/cairn.mjs serve --no-index` per test file.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { createServer, connect } from "node:net";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildIsStale } from "../../../lib/cli/serve";

export const PROJECT_DIR = resolve(import.meta.dirname, "..", "..", "..");
export const DIST_DIR = process.env.CAIRN_SEC_DIST_DIR ?? ".next-sec";
const CLI = join(PROJECT_DIR, "bin", "cairn.mjs");
const LOCK = join(PROJECT_DIR, `${DIST_DIR}.build-lock`);
const LOCK_STALE_MS = 15 * 60_000;

async function withBuildLock<T>(task: () => T): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      await sleep(500);
    }
  }
  try {
    return task();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** A build this recent is reused even if a source changed since: the test files of one run share it. */
const REUSE_MS = Number(process.env.CAIRN_SEC_REUSE_MS ?? 180_000);

function builtRecently(): boolean {
  try {
    return Date.now() - statSync(join(PROJECT_DIR, DIST_DIR, "BUILD_ID")).mtimeMs < REUSE_MS;
  } catch {
    return false;
  }
}

/**
 * Build `.next-sec` unless it is newer than every source file (or was built moments ago by another test
 * file of this run: rebuilding under a running server would pull the build from under it).
 */
export async function ensureBuilt(): Promise<void> {
  process.env.CAIRN_DIST_DIR = DIST_DIR;
  await withBuildLock(() => {
    if (builtRecently() || !buildIsStale()) return;
    const build = spawnSync(process.execPath, [join(PROJECT_DIR, "node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: PROJECT_DIR,
      env: { ...process.env, CAIRN_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0) throw new Error(`next build failed:\n${(build.stdout + build.stderr).slice(-4000)}`);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  port: number;
  /** The address to connect to (for a wildcard bind: 127.0.0.1). */
  connectHost: string;
  /** `http://<connectHost>:<port>` */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  db: string;
  /** Build folder to serve (default DIST_DIR). */
  distDir?: string;
  host?: string;
  home?: string;
  env?: Record<string, string | undefined>;
}

/** `node bin/cairn.mjs serve --port <free> --no-index`, resolved once it listens. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const port = await freePort();
  const host = options.host ?? "127.0.0.1";
  const connectHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  const child: ChildProcess = spawn(process.execPath, [CLI, "serve", "--port", String(port), "--host", host, "--no-index"], {
    cwd: PROJECT_DIR,
    detached: true, // its own process group: stop() ends cairn, the server child and nothing else
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      CAIRN_DIST_DIR: options.distDir ?? DIST_DIR,
      CAIRN_SKIP_BUILD: "1",
      CAIRN_DB: options.db,
      CAIRN_HOME: options.home ?? join(options.db, "..", "no-home"),
      CAIRN_ROOTS: "",
      CAIRN_TOKEN: undefined,
      CAIRN_ALLOWED_HOSTS: undefined,
      ...options.env,
    },
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const deadline = Date.now() + 60_000;
  while (!out.includes("Cairn is serving")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
      throw new Error(`the server did not start:\n${out}`);
    }
    await sleep(100);
  }
  const shown = connectHost.includes(":") ? `[${connectHost}]` : connectHost;
  return {
    port,
    connectHost,
    url: `http://${shown}:${port}`,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || !child.pid) return;
      process.kill(-child.pid, "SIGTERM");
      const killed = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
      if (!killed && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
      await exited;
    },
  };
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node bin/cairn.mjs <args>` with its own database. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): CliResult {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: PROJECT_DIR,
    encoding: "utf8",
    env: { ...process.env, CAIRN_ROOTS: "", ...env },
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/** Send bytes exactly as given (duplicate headers, absolute targets...) and read the whole answer. */
export async function rawRequest(host: string, port: number, request: string): Promise<RawResponse> {
  return new Promise((resolveResponse, reject) => {
    const socket = connect(port, host, () => socket.write(request)); // no half-close: the server may drop a half-closed socket before it answers
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const split = data.indexOf("\r\n\r\n");
      const head = split === -1 ? data : data.slice(0, split);
      resolveResponse({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: split === -1 ? "" : data.slice(split + 4) });
    });
  });
}

/**
 * fetch without following redirects; a GET is retried once when the pooled keep-alive socket was closed
 * by the server meanwhile (its keep-alive timeout is 5 s, and CLI runs between requests take longer).
 */
export async function fetchPage(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { redirect: "manual", ...init });
  } catch (error) {
    if ((init.method ?? "GET") !== "GET") throw error;
    return fetch(url, { redirect: "manual", ...init });
  }
}

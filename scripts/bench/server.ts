/** The running dashboard, for measuring search through its API as a browser would. */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
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
        return { port, stop };
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

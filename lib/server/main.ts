import { createServer, request } from "node:http";
import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { getDb } from "../../db/client";
import { buildGuardConfig, guardRequest } from "./guard";
import { canonicalBindHost, machineNames, parseAllowedHostsEnv, requiresToken } from "./hosts";
import { startBackgroundIndex } from "../index/run";
import { startServerWatcher } from "./watch";

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * What a first search pays once (Next loading the route, the filter columns read into memory, SQLite's
 * FTS pages, the code compiled hot) is paid at boot instead, in the background, through the server's
 * own front door (guard and token included). Words, a phrase, a prefix, a filter, a trace and a sha.
 */
const WARM_SEARCHES = ["checkpoint", "test fix", '"next steps"', "auth*", "decisions:api status:in-progress", "file:README.md", "0a1b2c3", "zzqx"];
const WARM_ROUNDS = 3;

function warmRequest(address: string, port: number, path: string, token: string | null): Promise<void> {
  return new Promise((resolvePromise) => {
    const req = request(
      { host: address, port, path, method: "GET", headers: { host: `localhost:${port}`, ...(token ? { authorization: `Bearer ${token}` } : {}) }, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on("end", () => resolvePromise());
        res.on("error", () => resolvePromise());
      },
    );
    req.on("error", () => resolvePromise());
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

async function warmUp(bindHost: string, port: number, token: string | null): Promise<void> {
  const bound = canonicalBindHost(bindHost);
  const address = bound === "0.0.0.0" ? "127.0.0.1" : bound === "[::]" ? "::1" : bound.replace(/^\[(.*)\]$/, "$1");
  for (let round = 0; round < WARM_ROUNDS; round++) {
    for (const q of WARM_SEARCHES) {
      await warmRequest(address, port, `/api/search?${new URLSearchParams({ q })}`, token);
      // give way to any real request waiting
      await new Promise((resolveTick) => setImmediate(resolveTick));
    }
  }
}

/** The links printed in team mode: one per name this machine is reachable by. */
function teamLinks(bindHost: string, port: number, token: string): string[] {
  const bound = canonicalBindHost(bindHost);
  const names = bound === "0.0.0.0" || bound === "[::]" ? machineNames() : [bound];
  return [...new Set(names)].map((name) => `http://${name}:${port}/?token=${token}`);
}

async function main(): Promise<void> {
  const host = process.env.CAIRN_HOST ?? "127.0.0.1";
  const port = Number(process.env.CAIRN_PORT ?? 3000);
  const dbPath = process.env.CAIRN_DB!;
  process.env.CAIRN_MIGRATIONS ??= resolve(projectDir, "db", "migrations");
  getDb(dbPath); // migrate before the first request

  const configured = process.env.CAIRN_TOKEN?.trim();
  const token = requiresToken(host, configured) ? configured || randomBytes(24).toString("base64url") : null;
  // the token stays in this process only: pages and anything they start never see it
  delete process.env.CAIRN_TOKEN;
  const guard = buildGuardConfig(host, port, parseAllowedHostsEnv(process.env.CAIRN_ALLOWED_HOSTS), token);

  const app = next({ dev: false, dir: projectDir, hostname: host, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    try {
      if (!guardRequest(req, res, guard)) return;
    } catch {
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Bad request.\n");
      return;
    }
    void handle(req, res);
  });
  server.once("error", (error: NodeJS.ErrnoException) => {
    const why =
      error.code === "EADDRINUSE"
        ? `port ${port} is in use: try --port ${port + 1}`
        : error.code === "EADDRNOTAVAIL"
          ? `${host} is not an address of this machine: try --host 127.0.0.1`
          : error.code === "EACCES"
            ? `port ${port} needs more privileges: try a port above 1023`
            : error.message;
    process.stderr.write(`cairn serve: ${why}\n`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    process.stdout.write(`Cairn is serving http://${canonicalBindHost(host)}:${port}\n`);
    if (token) {
      process.stdout.write("Team mode: every request needs the token. Open one of these links once (shown only now):\n");
      for (const link of teamLinks(host, port, token)) process.stdout.write(`  ${link}\n`);
    }
    if (process.env.CAIRN_WARM_UP !== "0") void warmUp(host, port, token).catch(() => undefined);
    if (process.env.CAIRN_INDEX_AT_START !== "0") startBackgroundIndex();
    startServerWatcher();
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // open event streams (live updates) would hold close() forever
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`cairn serve: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

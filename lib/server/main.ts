import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import next from "next";
import { getDb } from "../../db/client";
import { buildGuardConfig, guardRequest } from "./guard";
import { canonicalBindHost, machineNames, parseAllowedHostsEnv, requiresToken } from "./hosts";
import { startBackgroundIndex } from "../index/run";
import { startServerWatcher } from "./watch";
import { createWarmUp } from "./warm-up";
import { loadFrontDoorSearch } from "./front-door-search";
import { startIdleCollector } from "./idle-gc";
import { writeServing } from "./serving-file";

// run by the compiled command line (dist/cli, told where the project is) or from source, two folders up
const projectDir = process.env.CAIRN_PROJECT_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The links printed in team mode: one per name this machine is reachable by. */
function teamLinks(bindHost: string, port: number, token: string): string[] {
  const bound = canonicalBindHost(bindHost);
  const names = bound === "0.0.0.0" || bound === "[::]" ? machineNames() : [bound];
  return [...new Set(names)].map((name) => `http://${name}:${port}/?token=${token}`);
}

/**
 * The configuration the build wrote (what `next start` would find by compiling next.config.ts), handed
 * to Next as its standalone servers do: the server then never loads the TypeScript compiler (Next's
 * native SWC binding and its threads, ~25 MiB resident) to read a file whose result is already there.
 */
function useBuiltConfig(): void {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  try {
    const files = JSON.parse(readFileSync(resolve(projectDir, process.env.CAIRN_DIST_DIR ?? ".next", "required-server-files.json"), "utf8")) as { config?: object };
    if (files.config) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(files.config);
  } catch {
    /* no build output to read: Next reads next.config.ts itself */
  }
}

/**
 * Starts the dashboard server in this process; it runs until SIGTERM or SIGINT. `frontDoorSearch`: answer
 * /api/search here (its modules load in the compiled command line, not from source without the
 * react-server condition, where Next's route answers it).
 */
export async function runServer(options: { frontDoorSearch?: boolean } = {}): Promise<void> {
  // source maps (switched on by tsx when run from source) would keep every Next chunk's map in memory
  process.setSourceMapsEnabled(false);
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

  useBuiltConfig();
  const app = next({ dev: false, dir: projectDir, hostname: host, port });
  await app.prepare();
  delete process.env.__NEXT_PRIVATE_STANDALONE_CONFIG; // read once at prepare; git and the helpers need not carry it
  const handle = app.getRequestHandler();
  const search = options.frontDoorSearch === false ? null : await loadFrontDoorSearch(dbPath);
  const warmUp = process.env.CAIRN_WARM_UP !== "0" ? createWarmUp() : null;
  const idle = startIdleCollector();
  let forgetServing = () => {};
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (!guardRequest(req, res, guard)) return;
    } catch {
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Bad request.\n");
      return;
    }
    if (search?.(req, res)) return;
    void handle(req, res);
  };
  const server = createServer((req, res) => {
    idle.touch();
    const wait = warmUp?.waitFor(req);
    if (wait) void wait.then(() => serve(req, res));
    else serve(req, res);
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
    // one write: a reader that sees the first line sees the team links with it
    const lines = [`Cairn is serving http://${canonicalBindHost(host)}:${port}`];
    if (token) {
      lines.push("Team mode: every request needs the token. Open one of these links once (shown only now):");
      for (const link of teamLinks(host, port, token)) lines.push(`  ${link}`);
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    const warmed = warmUp ? warmUp.run(host, port, token).catch(() => undefined) : Promise.resolve();
    if (process.env.CAIRN_INDEX_AT_START !== "0") startBackgroundIndex();
    // `cairn search` asks this server, whose model stays loaded (lib/server/serving-file.ts); the model loads now
    const loopback = canonicalBindHost(host);
    if (!token && (loopback === "127.0.0.1" || loopback === "::1")) forgetServing = writeServing(dbPath, { pid: process.pid, port, host: loopback });
    void warmed.then(() => import("../embed/service")).then((s) => s.warmEmbedder(getDb(dbPath)));
    // the live watcher's set-up (200 repositories: thousands of watches) would slow the first searches
    void warmed.then(() => startServerWatcher());
  });
  const stop = () => {
    forgetServing();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // open event streams (live updates) would hold close() forever
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

// run directly (`node --import tsx lib/server/main.ts`)
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runServer({ frontDoorSearch: false }).catch((error: unknown) => {
    process.stderr.write(`cairn serve: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { getDb } from "../../db/client";
import { buildGuardConfig, guardRequest, isLoopback } from "./guard";
import { startBackgroundIndex } from "../index/run";

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function main(): Promise<void> {
  const host = process.env.CAIRN_HOST ?? "127.0.0.1";
  const port = Number(process.env.CAIRN_PORT ?? 3000);
  const dbPath = process.env.CAIRN_DB!;
  process.env.CAIRN_MIGRATIONS ??= resolve(projectDir, "db", "migrations");
  getDb(dbPath); // migrate before the first request

  const token = isLoopback(host) ? null : (process.env.CAIRN_TOKEN ?? randomBytes(24).toString("base64url"));
  const extraHosts = (process.env.CAIRN_ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  const guard = buildGuardConfig(host, port, extraHosts, token);

  const app = next({ dev: false, dir: projectDir, hostname: host, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    if (!guardRequest(req, res, guard)) return;
    void handle(req, res);
  });
  server.listen(port, host, () => {
    const shown = host.includes(":") ? `[${host}]` : host;
    process.stdout.write(`Cairn is serving http://${shown}:${port}\n`);
    if (token) process.stdout.write(`Team mode: open http://${shown}:${port}/?token=${token} once (shown only now).\n`);
    if (process.env.CAIRN_INDEX_AT_START !== "0") startBackgroundIndex();
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`cairn serve: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

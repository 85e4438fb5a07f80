/** Playwright's web server: a fresh fixture world and database for every run, indexed, then served. */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getDb } from "../../db/client";
import { indexRoots } from "../../lib/index/indexer";
import { buildFixtureWorld } from "./fixture-world";
import { addSessionLogs } from "./sessions-fixture";
import { E2E_DB, E2E_DIR, E2E_WORLD } from "./paths";

const port = process.argv[2] ?? "3217";
rmSync(E2E_DIR, { recursive: true, force: true });
const world = buildFixtureWorld(E2E_WORLD);
addSessionLogs(world);
// The user is someone other than the fixture's author ("Demo Dev"), whatever this machine's global git identity
// is (a fresh CI machine may have none, and then every handoff would count as the user's own): the fixture's
// handoffs are a teammate's, awaiting review.
mkdirSync(E2E_DIR, { recursive: true });
writeFileSync(join(E2E_DIR, "config.json"), JSON.stringify({ identity: { emails: ["you@example.invalid"], names: ["You"] } }) + "\n");
await indexRoots(getDb(E2E_DB), { roots: [world.root], home: world.home, saveRoots: true, sessionEnv: {} });
const child = spawn(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "serve", "--port", port, "--no-index"], {
  stdio: "inherit",
  env: { ...process.env, CAIRN_DB: E2E_DB, CAIRN_HOME: world.home, CAIRN_ROOTS: world.root },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

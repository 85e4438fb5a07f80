/** `npm run demo`: demo repositories with checkpoints of every family in a temporary folder, served at once. */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWorld } from "./fixtures/world";
import { buildVariedRepository } from "./fixtures/varied";

const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "cairn-demo-"));
process.stderr.write(`Creating demo repositories in ${dir}…\n`);
const world = buildWorld(dir, { repositories: 4, htmlCheckpoints: 5, start: new Date(Date.now() - 2 * 86_400_000) });
// fresh, drifted, landed, dormant and superseded saves, so the queue has something to say
world.repositories.push({ path: buildVariedRepository(world.root), name: "harbor-api", shas: [] });
const port = process.env.PORT ?? "3000";
process.stderr.write(`Serving ${world.repositories.length} demo repositories on http://127.0.0.1:${port}\n`);
const child = spawn(process.execPath, [join(projectDir, "bin", "cairn.mjs"), "serve", "--port", port], {
  stdio: "inherit",
  env: { ...process.env, CAIRN_DB: join(dir, "cairn.db"), CAIRN_ROOTS: world.root, CAIRN_HOME: world.home },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

/**
 * What a new user meets first: a command piped into `head`, a port already taken, and a link to a
 * checkpoint or repository that is not (or no longer) in the index.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureBuilt, fetchPage, PROJECT_DIR, startServer, type RunningServer } from "../security/support/server";

const CLI = join(PROJECT_DIR, "bin", "cairn.mjs");
let dir: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cairn-first-run-"));
  db = join(dir, "cairn.db");
  // enough checkpoints that `list --json` prints more than a pipe holds
  const world = join(dir, "code", "app");
  spawnSync("git", ["init", "-q", world]);
  mkdirSync(join(world, ".claude", "checkpoints"), { recursive: true });
  for (let i = 0; i < 120; i++) {
    writeFileSync(
      join(world, ".claude", "checkpoints", `step-${i}.md`),
      `---\ntitle: Step ${i} of the importer\nstatus: in-progress\nbranch: main\nsaved_at: 2026-11-20T10:${String(i % 60).padStart(2, "0")}:00Z\n---\n\n# Step ${i} of the importer\n\n- [ ] finish step ${i}\n`,
    );
  }
  const index = spawnSync(process.execPath, [CLI, "index", "--root", join(dir, "code"), "--db", db, "--home", join(dir, "home")], { encoding: "utf8" });
  expect(index.status, index.stderr).toBe(0);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the command line", () => {
  it("ends quietly when the reader closes the pipe early (`cairn list --json | head -c 1`)", async () => {
    const child = spawn(process.execPath, [CLI, "list", "--json", "--kind", "all", "--db", db], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });
});

describe("the server", () => {
  let server: RunningServer;
  let blocker: Server;

  beforeAll(async () => {
    await ensureBuilt();
    server = await startServer({ db });
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()));
  });

  it("answers 404 with a page that says so for an unknown checkpoint or repository", async () => {
    for (const path of ["/checkpoints/0123456789abcdef", "/checkpoints/0123456789abcdef/diff", "/repos/987654"]) {
      const res = await fetchPage(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).toMatch(/not in the index/i);
      expect(body, path).toContain("Back to the overview");
    }
  });

  it("says in one line that a port is in use, and exits non-zero", async () => {
    blocker = createServer();
    const port = await new Promise<number>((done) => blocker.listen(0, "127.0.0.1", () => done((blocker.address() as { port: number }).port)));
    const run = spawnSync(process.execPath, [CLI, "serve", "--port", String(port), "--no-index", "--db", db], {
      cwd: PROJECT_DIR,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, CAIRN_DIST_DIR: DIST_DIR, CAIRN_SKIP_BUILD: "1", CAIRN_WATCH: "0", CAIRN_ROOTS: "" },
    });
    expect(run.status).not.toBe(0);
    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines).toEqual([`cairn serve: port ${port} is in use: try --port ${port + 1}`]);
  }, 180_000);
});

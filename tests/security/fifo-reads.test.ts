/**
 * Issue 18.3: a path a document names (a key file, CLAUDE.md, PROJECT-NOTES.md, a companion, a `.git`
 * pointer) is a FIFO. Opening it for reading used to block a thread of libuv's pool of four: after about four
 * checkpoint views, every file read of the server (static assets included) waited forever. Every such read
 * now opens without blocking, checks the handle and caps the size.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, mkdirSync, openSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { buildResumeBrief, inspectReferencedFile } from "../../lib/actions/resume";
import { planPromotion } from "../../lib/actions/promote";
import { readRegularFile } from "../../lib/discover/read-file";
import { gitDirOf } from "../../lib/server/watch";
import * as family from "../../scripts/fixtures/families";
import { facts, writeWorld, type WriteWorld } from "../write/support";

let w: WriteWorld;
const fifos: string[] = [];
const path = family.htmlCheckpointPath(facts({ keyFiles: ["src/pipe.ts", "src/app.ts"] }));

function fifoAt(abs: string): void {
  rmSync(abs, { force: true, recursive: true });
  execFileSync("mkfifo", [abs]);
  fifos.push(abs);
}

/** Release any reader a broken build left blocked in open(2), so a failing test fails instead of hanging. */
function unjam(): void {
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      /* nobody waiting */
    }
  }
}

beforeEach(async () => {
  w = writeWorld();
  w.write({ [path]: family.htmlCheckpoint(facts({ keyFiles: ["src/pipe.ts", "src/app.ts"] })) });
  fifoAt(join(w.repo, "src/pipe.ts"));
  await w.index();
});
afterEach(() => {
  unjam();
  w.space.cleanup();
});

describe("a FIFO named by a checkpoint", () => {
  it("as a key file: eight resume briefs in a row list it as not loaded, and the server's file reads still answer", async () => {
    const id = w.idOf(path);
    // more views than libuv has threads: each used to pin one thread in a blocking open
    const briefs = await Promise.all(Array.from({ length: 8 }, () => buildResumeBrief(w.space.db(), id)));
    for (const brief of briefs) {
      expect(brief.notLoaded).toContainEqual(expect.objectContaining({ path: "src/pipe.ts", reason: "a FIFO (named pipe)" }));
      expect(brief.loaded.map((f) => f.path)).toContain("src/app.ts");
    }
    // an unrelated read (a static asset, say) is served at once
    expect(await readFile(join(w.repo, "src/app.ts"), "utf8")).toBe("export {};\n");
  });

  it("as the project notes or CLAUDE.md: the promote plan says so instead of waiting on it", async () => {
    mkdirSync(join(w.repo, ".claude"), { recursive: true });
    fifoAt(join(w.repo, ".claude/PROJECT-NOTES.md"));
    fifoAt(join(w.repo, "CLAUDE.md"));
    const plans = await Promise.all(Array.from({ length: 6 }, () => planPromotion(w.space.db(), w.idOf(path), { refresh: false })));
    for (const plan of plans) expect(plan.notesProblem).toMatch(/not a regular file/);
  });

  it("read through the one careful reader: refused on the handle, whatever the link options", async () => {
    const abs = join(w.repo, "src/pipe.ts");
    for (const links of ["refuse", "follow", { within: w.repo }] as const) {
      expect(await readRegularFile(abs, { maxBytes: 1024, links })).toMatchObject({ ok: false, refusal: "not-regular", what: "a FIFO (named pipe)" });
    }
    expect(await inspectReferencedFile(w.repo, "src/pipe.ts")).toMatchObject({ state: "refused", reason: "a FIFO (named pipe)" });
  });

  it("as a repository's .git file: the watcher does not block its event loop reading it", () => {
    const repo = join(w.space.dir, "fifo-repo");
    mkdirSync(repo);
    fifoAt(join(repo, ".git"));
    // were the read to block, this writer releases it after a while with a pointer the test would then see
    const release = spawn(process.execPath, ["-e", `setTimeout(() => require("fs").writeFileSync(${JSON.stringify(join(repo, ".git"))}, "gitdir: /elsewhere\\n"), 4000)`], {
      stdio: "ignore",
    });
    try {
      expect(gitDirOf(repo, false)).toBe(join(repo, ".git"));
    } finally {
      release.kill("SIGKILL");
    }
  });
});

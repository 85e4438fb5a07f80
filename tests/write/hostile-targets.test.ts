/**
 * Issue 17.4 / 18.4: between the page that showed a checkpoint and the Complete (or Promote) that follows,
 * the file is swapped for a FIFO, a device or a symlink. The write is refused at once with a clear message,
 * without blocking on the FIFO or reading the device whole, and nothing is written.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { completeCheckpoint } from "../../lib/actions/complete";
import { promoteLearnings } from "../../lib/actions/promote";
import { safeWrite, WriteError } from "../../lib/write";
import * as family from "../../scripts/fixtures/families";
import { facts, writeWorld, type WriteWorld } from "./support";

let w: WriteWorld;
let id: string;
let hash: string;
const htmlPath = family.htmlCheckpointPath(facts());
const fifos: string[] = [];

/** A FIFO at `path` (replacing what is there). */
function fifoAt(path: string): void {
  rmSync(path, { force: true });
  execFileSync("mkfifo", [path]);
  fifos.push(path);
}

/**
 * If a broken build opened a FIFO for reading, it is stuck in a libuv thread until a writer shows up:
 * open each FIFO for writing (without blocking) so that a failing test fails instead of hanging the worker.
 */
function unjam(): void {
  for (const path of fifos.splice(0)) {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      /* no reader waiting: nothing to release */
    }
  }
}

async function failure(promise: Promise<unknown>): Promise<WriteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof WriteError)) throw new Error(`expected a WriteError, got ${String(error)}`);
  return error;
}

beforeEach(async () => {
  w = writeWorld();
  w.write({ [htmlPath]: family.htmlCheckpoint(facts()) });
  await w.index();
  id = w.idOf(htmlPath);
  hash = w.doc(htmlPath).contentHash!;
});
afterEach(() => {
  unjam();
  w.space.cleanup();
});

const abs = (rel: string) => join(w.repo, rel);

describe("a checkpoint swapped between render and submit", () => {
  it("for a FIFO: Complete is refused at once, naming the FIFO, and the FIFO is left as it was", async () => {
    fifoAt(abs(htmlPath));
    const error = await failure(completeCheckpoint(w.space.db(), id, { expectedHash: hash }));
    expect(error.code).toBe("refused");
    expect(error.message).toMatch(/FIFO/);
    expect(error.message).toContain(htmlPath);
    expect(lstatSync(abs(htmlPath)).isFIFO()).toBe(true);
    expect(w.list(".claude/checkpoints").filter((n) => n.includes("cairn-"))).toEqual([]);
  });

  it("for a FIFO: the CLI path (no hash from a form) is refused too", async () => {
    fifoAt(abs(htmlPath));
    expect((await failure(completeCheckpoint(w.space.db(), id))).code).toBe("refused");
    // the refusal re-indexed the file: Cairn now knows it is no checkpoint (a problem), so a second try is not-found
    expect(["refused", "not-found"]).toContain((await failure(promoteLearnings(w.space.db(), id, [{ n: 1 }], { expectedHash: hash }))).code);
    expect(existsSync(abs(".claude/PROJECT-NOTES.md"))).toBe(false);
  });

  it("for a symlink to /dev/zero: refused without reading the device (the server used to grow without limit)", async () => {
    rmSync(abs(htmlPath));
    symlinkSync("/dev/zero", abs(htmlPath));
    const error = await failure(completeCheckpoint(w.space.db(), id, { expectedHash: hash }));
    expect(error.code).toBe("refused");
    expect(error.message).toMatch(/device|symbolic link|not a regular file/);
    expect(["refused", "not-found"]).toContain((await failure(completeCheckpoint(w.space.db(), id))).code);
    expect(lstatSync(abs(htmlPath)).isSymbolicLink()).toBe(true);
  });

  it("for a device node itself (when this user may create one): refused, the device untouched", async (context) => {
    rmSync(abs(htmlPath));
    try {
      execFileSync("mknod", [abs(htmlPath), "c", "1", "5"], { stdio: "ignore" }); // the same device as /dev/zero
    } catch {
      context.skip("mknod is not permitted here");
    }
    const error = await failure(completeCheckpoint(w.space.db(), id, { expectedHash: hash }));
    expect(error.code).toBe("refused");
    expect(error.message).toMatch(/device/);
    expect(lstatSync(abs(htmlPath)).isCharacterDevice()).toBe(true);
  });

  it("for a symlink to a copy of itself inside the repository: refused, the copy untouched", async () => {
    const copy = abs("copy.html");
    writeFileSync(copy, w.read(htmlPath));
    rmSync(abs(htmlPath));
    symlinkSync(copy, abs(htmlPath));
    const error = await failure(completeCheckpoint(w.space.db(), id, { expectedHash: hash }));
    expect(error.code).toBe("refused");
    expect(error.message).toMatch(/symbolic link/);
    expect(w.read("copy.html").toString("utf8")).toContain('content="in-progress"');
  });

  it("for a file grown past the size cap: refused without reading it whole", async () => {
    writeFileSync(abs(htmlPath), Buffer.concat([w.read(htmlPath), Buffer.alloc(9 * 1024 * 1024, 0x20)]));
    const error = await failure(completeCheckpoint(w.space.db(), id, { expectedHash: hash }));
    expect(["refused", "conflict"]).toContain(error.code);
    expect(w.read(htmlPath).toString("utf8")).toContain('content="in-progress"');
  });
});

describe("hostile things beside the target", () => {
  it("a FIFO planted as PROJECT-NOTES.md: the append is refused at once", async () => {
    mkdirSync(abs(".claude"), { recursive: true });
    fifoAt(abs(".claude/PROJECT-NOTES.md"));
    const repositoryId = w.doc(htmlPath).repositoryId!;
    const error = await failure(safeWrite(w.space.db(), { target: { kind: "project-notes", repositoryId }, edit: () => Buffer.from("- a line\n") }));
    expect(error.code).toBe("refused");
    expect(lstatSync(abs(".claude/PROJECT-NOTES.md")).isFIFO()).toBe(true);
  });

  it("a FIFO planted as the lock file: the write gives up with a message instead of waiting on it forever", async () => {
    mkdirSync(abs(".claude"), { recursive: true });
    fifoAt(abs(".claude/.PROJECT-NOTES.md.cairn-lock"));
    const repositoryId = w.doc(htmlPath).repositoryId!;
    const error = await failure(
      safeWrite(w.space.db(), { target: { kind: "project-notes", repositoryId }, edit: () => Buffer.from("- a line\n"), lock: { waitMs: 200 } }),
    );
    expect(["refused", "locked"]).toContain(error.code);
    expect(error.message).toMatch(/lock/);
    expect(readdirSync(abs(".claude")).filter((n) => n.includes("cairn") || n.includes("NOTES"))).toEqual([".PROJECT-NOTES.md.cairn-lock"]);
  });
});

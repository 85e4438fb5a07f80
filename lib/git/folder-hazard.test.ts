/**
 * Issue 42.10: git is not started on a repository whose git folders hold a FIFO or a device, wherever git would
 * open it: HEAD, a loose object, a store `alternates` names, a file the config includes. Real repositories.
 */
import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { gitFolderHazard } from "./folder-hazard";
import { GitError, runGit } from "./runner";
import { makeTempDir, removeTempDirs, TestRepo } from "./test-repo";

const fifos: string[] = [];
afterEach(() => {
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      /* nobody waiting */
    }
  }
});
afterAll(removeTempDirs);

function fifoAt(abs: string): void {
  rmSync(abs, { force: true });
  mkdirSync(path.dirname(abs), { recursive: true });
  execFileSync("mkfifo", [abs]);
  fifos.push(abs);
}

describe("a FIFO in a git folder", () => {
  it("as a loose object: refused, and a plain repository is not", async () => {
    const repo = TestRepo.create();
    const head = repo.commit("first", { "a.txt": "one\n" });
    expect(await gitFolderHazard(repo.dir)).toBeNull();
    const other = TestRepo.create();
    other.commit("first", { "a.txt": "one\n" });
    fifoAt(path.join(other.dir, ".git", "objects", head.slice(0, 2), head.slice(2)));
    expect(await gitFolderHazard(other.dir)).toMatch(/objects.*is a FIFO/);
  });

  it("in a store alternates names, or a file the config includes: refused before git starts", async () => {
    const repo = TestRepo.create();
    repo.commit("first", { "a.txt": "one\n" });
    const store = makeTempDir("cairn-store-");
    fifoAt(path.join(store, "pack", "pack-1.idx"));
    writeFileSync(path.join(repo.dir, ".git", "objects", "info", "alternates"), `${store}\n`);
    const error = await runGit(repo.dir, ["rev-parse", "HEAD"]).catch((e: unknown) => e);
    expect((error as GitError).kind).toBe("refused");

    const second = TestRepo.create();
    second.commit("first", { "a.txt": "one\n" });
    const included = path.join(makeTempDir("cairn-include-"), "extra.config");
    fifoAt(included);
    second.git("config", "include.path", included);
    expect(await gitFolderHazard(second.dir)).toContain(included);
  });

  it("a socket (git never waits on one) is no hazard", async () => {
    const repo = TestRepo.create();
    repo.commit("first", { "a.txt": "one\n" });
    const server = createServer();
    await new Promise<void>((done) => server.listen(path.join(repo.dir, ".git", "fsmonitor--daemon.ipc"), done));
    try {
      expect(await gitFolderHazard(repo.dir)).toBeNull();
      expect((await runGit(repo.dir, ["rev-parse", "HEAD"])).trim()).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

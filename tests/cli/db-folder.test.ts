/**
 * `--db` in a place that cannot hold it: the command stops at once with one sentence naming the folder and why,
 * instead of an errno (or, under /proc, a command that never returned and held a core).
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
beforeEach(() => (space = tempSpace("cairn-db-folder-")));
afterEach(() => space.cleanup());

function cairn(args: string[]) {
  return spawnSync(process.execPath, [resolve("bin/cairn.mjs"), ...args], { encoding: "utf8", timeout: 60_000, env: { ...process.env, CAIRN_DB: "" } });
}

describe("the database's folder", () => {
  it("is made with every missing folder above it", () => {
    const path = join(space.dir, "a", "b", "c", "cairn.db");
    getDb(path);
    closeDb(path);
    expect(statSync(join(space.dir, "a", "b", "c")).isDirectory()).toBe(true);
    expect(existsSync(path)).toBe(true);
  });

  it("behind a file: one sentence that names the file in the way", () => {
    const file = join(space.dir, "notes.txt");
    writeFileSync(file, "keep me\n");
    expect(() => getDb(join(file, "cairn.db"))).toThrow(`cannot use ${file} for the database ${join(file, "cairn.db")}: a file is in the way`);
  });

  it.runIf(existsSync("/proc/self"))("under /proc: the command stops with a message instead of spinning", () => {
    const run = cairn(["index", "--root", space.dir, "--db", "/proc/no-such-folder/cairn.db", "--json"]);
    expect(run.error).toBeUndefined(); // not killed by the timeout
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("cannot use /proc/no-such-folder for the database /proc/no-such-folder/cairn.db: the folder above it does not take new folders");
  }, 90_000);
});

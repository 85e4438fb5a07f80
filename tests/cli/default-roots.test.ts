/**
 * Issue 39 item 8: `cairn index` without --root, run from Cairn's own folder as the docs say, uses the saved roots,
 * else the home folder, and never indexes (or saves) Cairn's own source folder with its test fixtures.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { roots as rootsTable } from "../../db/schema";
import { cairnSourceFolder, chooseRoots, isWithin } from "../../lib/cli/options";
import { listRecords } from "../../lib/queries/records";
import * as family from "../../scripts/fixtures/families";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

const PROJECT_DIR = resolve(__dirname, "..", "..");
const CLI = join(PROJECT_DIR, "bin", "cairn.mjs");

let space: TempSpace;
beforeEach(() => (space = tempSpace("cairn-roots-")));
afterEach(() => space.cleanup());

function repoIn(folder: string, title: string) {
  initRepo(folder);
  const f: family.SaveFacts = {
    title, slug: title.toLowerCase().replace(/\W+/g, "-"), branch: "main", headSha: "", savedAt: new Date(Date.now() - 3_600_000), status: "in-progress",
    tasks: [{ text: "finish it", done: false }], keyFiles: ["src/app.ts"], decision: "Keep it small", gotcha: "None",
  };
  writeFiles(folder, { "src/app.ts": "export {};\n", [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
  commitAll(folder, "feat: start", new Date(Date.now() - 7_200_000));
}

describe("the default roots", () => {
  it("knows Cairn's own folder and never picks it (or a folder inside it) by default", () => {
    expect(cairnSourceFolder()).toBe(PROJECT_DIR);
    expect(isWithin(join(PROJECT_DIR, "tests"), PROJECT_DIR)).toBe(true);
    expect(isWithin(`${PROJECT_DIR}-other`, PROJECT_DIR)).toBe(false);
    const db = space.db();
    expect(chooseRoots(db, undefined, "/home/someone", PROJECT_DIR)).toEqual(["/home/someone"]);
    db.insert(rootsTable).values({ path: PROJECT_DIR }).run();
    db.insert(rootsTable).values({ path: "/srv/code" }).run();
    expect(chooseRoots(db, undefined, "/home/someone", PROJECT_DIR)).toEqual(["/srv/code"]);
    // a root given on the command line is the user's choice
    expect(chooseRoots(db, [PROJECT_DIR], "/home/someone", null)).toEqual([PROJECT_DIR]);
  });

  it("`cairn index` from Cairn's folder with no --root indexes the home folder and saves no root", () => {
    const home = join(space.dir, "home");
    mkdirSync(home, { recursive: true });
    repoIn(join(home, "code", "shop"), "Checkout page totals");
    const dbPath = join(space.dir, "index.db");
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home };
    delete env.CAIRN_ROOTS;
    delete env.CAIRN_DB;
    const run = spawnSync(process.execPath, [CLI, "index", "--db", dbPath, "--home", join(space.dir, "nohome")], { cwd: PROJECT_DIR, env, encoding: "utf8", timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const db = getDb(dbPath);
    const records = listRecords(db, { kind: "all" });
    expect(records.map((r) => r.title)).toContain("Checkout page totals");
    expect(records.filter((r) => r.repo && isWithin(r.repo, PROJECT_DIR))).toEqual([]);
    expect(db.select().from(rootsTable).all()).toEqual([]);
  });
});

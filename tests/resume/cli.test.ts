import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { buildResumeBrief } from "../../lib/actions/resume";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;

const cairn = (args: string[]) =>
  spawnSync(process.execPath, [resolve("bin/cairn.mjs"), ...args, "--db", space.dbPath], { encoding: "utf8", env: { ...process.env, CAIRN_DB: "" } });

beforeEach(async () => {
  space = tempSpace();
  const repo = join(space.dir, "code", "app");
  initRepo(repo);
  const f: family.SaveFacts = {
    title: "Queue migration", slug: "queue-migration", branch: "main", headSha: "", savedAt: new Date("2026-11-22T16:00:00Z"), status: "in-progress",
    tasks: [{ text: "Move the email jobs to the new queue", done: false }, { text: "Delete the cron script", done: false }],
    keyFiles: ["src/jobs/email.ts", "src/cron.ts"], decision: "Keep one queue per tenant", gotcha: "Email jobs must stay idempotent",
  };
  writeFiles(repo, { "src/jobs/email.ts": "export const email = 1;\n", "src/cron.ts": "export {};\n", [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
  commitAll(repo, "feat: start");
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
});
afterEach(() => space.cleanup());

describe("cairn resume", () => {
  it("prints the same prompt the Resume panel builds", async () => {
    const id = listRecords(space.db())[0].id;
    const plain = cairn(["resume", id]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toBe((await buildResumeBrief(space.db(), id)).prompt);
    const goal = cairn(["resume", id, "--goal", "move the email jobs"]);
    expect(goal.stdout).toBe((await buildResumeBrief(space.db(), id, { goal: "move the email jobs" })).prompt);
    expect(goal.stdout).toContain("## Goal\nmove the email jobs");
    expect(goal.stdout).toContain("1. Move the email jobs to the new queue");
    expect(goal.stdout).not.toContain("Delete the cron script");
    const json = JSON.parse(cairn(["resume", id, "--goal", "email", "--json"]).stdout) as { loaded: { path: string }[] };
    expect(json.loaded[0].path).toBe("src/jobs/email.ts");
    const missing = cairn(["resume", "nope"]);
    expect([missing.status, missing.stderr]).toEqual([1, 'cairn: "nope" is not a checkpoint id\n']);
  });
});

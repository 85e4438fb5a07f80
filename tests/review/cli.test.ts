import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { reviewsFor } from "../../lib/queries/reviews";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let repo: string;
const HANDOFF = ".claude/handoffs/2026-11-22-160000-cli.md";

const cairn = (args: string[]) =>
  spawnSync(process.execPath, [resolve("bin/cairn.mjs"), ...args, "--db", space.dbPath], { encoding: "utf8", env: { ...process.env, CAIRN_DB: "" } });

beforeEach(async () => {
  space = tempSpace();
  repo = join(space.dir, "code", "cli");
  initRepo(repo);
  const f: family.SaveFacts = {
    title: "CLI handoff", slug: "cli", branch: "main", headSha: "", savedAt: new Date("2026-11-22T16:00:00Z"), status: "in-progress",
    tasks: [{ text: "wire the flag", done: false }], keyFiles: ["src/cli.ts"], decision: "Use commander", gotcha: "stdout is for JSON only",
  };
  writeFiles(repo, { [HANDOFF]: family.handoff(f, repo) });
  commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - cli");
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
});
afterEach(() => space.cleanup());

describe("cairn review", () => {
  it("appends a review as the form does, and fails with one line on bad input", () => {
    const id = listRecords(space.db()).find((r) => r.path === HANDOFF)!.id;
    const ok = cairn(["review", id, "--verdict", "changes", "--comment", "Add the `--json` flag.", "--reviewer", "Ana Silva"]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(`Review by Ana Silva (changes) written to .claude/reviews/2026-11-22-160000-cli--claude-handoffs.md in ${repo}\n`);
    expect(readFileSync(join(repo, ".claude/reviews/2026-11-22-160000-cli--claude-handoffs.md"), "utf8")).toMatch(/^# Reviews of CLI handoff\n\n## \d{4}-\d\d-\d\d \d\d:\d\d UTC — Ana Silva — changes\n\nAdd the `--json` flag\.\n$/);
    expect(reviewsFor(space.db(), id).map((r) => r.reviewer)).toEqual(["Ana Silva"]);

    const bad = cairn(["review", id, "--verdict", "maybe", "--comment", "x"]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("maybe");
    const unknown = cairn(["review", "ffffffffffffffff", "--verdict", "approved", "--comment", "x"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe("cairn: no indexed checkpoint has the id ffffffffffffffff\n");
  });
});

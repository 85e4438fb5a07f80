/** The Roots page lists every root in use, saved or from CAIRN_ROOTS, each with its repository count. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { repositoryCountUnder, rootsInUse } from "../../lib/queries/roots";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
beforeEach(() => (space = tempSpace()));
afterEach(() => space.cleanup());

describe("roots in use", () => {
  it("counts the repositories of saved and environment roots, and an empty folder as none", async () => {
    const saved = join(space.dir, "code");
    const fromEnv = join(space.dir, "work");
    const empty = join(space.dir, "empty");
    for (const [root, names] of [[saved, ["a", "b"]], [fromEnv, ["c"]]] as const) {
      for (const name of names) {
        initRepo(join(root, name));
        writeFiles(join(root, name), { "README.md": "# x\n" });
        commitAll(join(root, name), "feat: start");
      }
    }
    mkdirSync(empty);
    await indexRoots(space.db(), { roots: [saved, empty], home: null, saveRoots: true });
    await indexRoots(space.db(), { roots: [fromEnv], home: null });
    expect(rootsInUse(space.db(), [fromEnv, saved])).toEqual([
      { path: saved, source: "saved", repositories: 2 },
      { path: empty, source: "saved", repositories: 0 },
      { path: fromEnv, source: "environment", repositories: 1 },
    ].sort((x, y) => (x.source === y.source ? x.path.localeCompare(y.path) : x.source === "saved" ? -1 : 1)));
    expect(repositoryCountUnder(space.db(), empty)).toBe(0);
    expect(repositoryCountUnder(space.db(), saved)).toBe(2);
  });
});

/** Issue 39 item 5: Recent activity lists each save commit once, however many checkouts of the project hold it. */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { overviewData } from "../../lib/queries/overview";
import * as family from "../../scripts/fixtures/families";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
beforeEach(() => (space = tempSpace()));
afterEach(() => space.cleanup());

describe("Recent activity", () => {
  it("shows a save commit once, under the main checkout, when a linked worktree holds it too", async () => {
    const root = join(space.dir, "code");
    const repo = join(root, "shop");
    initRepo(repo);
    writeFiles(repo, { "src/app.ts": "export {};\n" });
    const sha = commitAll(repo, "feat: start", new Date(Date.now() - 5 * 3_600_000));
    const f: family.SaveFacts = {
      title: "Cart totals", slug: "cart-totals", branch: "main", headSha: sha, savedAt: new Date(Date.now() - 4 * 3_600_000), status: "in-progress",
      tasks: [{ text: "refunds", done: false }], keyFiles: ["src/app.ts"], decision: "Keep it small", gotcha: "None",
    };
    writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    const save = commitAll(repo, "chore(checkpoint): cart totals", new Date(Date.now() - 4 * 3_600_000 + 60_000));
    git(repo, ["worktree", "add", "-q", "--detach", join(root, "shop-review")]);
    await indexRoots(space.db(), { roots: [root], home: null });
    const commits = overviewData(space.db()).recent.filter((item) => item.kind === "commit").map((item) => item.commit!);
    expect(commits.filter((c) => c.sha === save)).toHaveLength(1);
    expect(commits.find((c) => c.sha === save)?.repoName).toBe("shop");
  });
});

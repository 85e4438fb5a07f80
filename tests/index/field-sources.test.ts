/** Every value says where it came from, and a stated commit is checked against the repository it was found in. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { isShaText } from "../../lib/parse/heuristics/fields";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;
let sha: string;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/cart.ts": "export {};\n" });
  sha = commitAll(repo, "feat: cart");
  // a commit id as written holds a digit and a letter (isShaText): a 7-digit prefix (1 in 27 commits) is read as a number
  for (let n = 1; !isShaText(sha.slice(0, 7)); n++) {
    writeFiles(repo, { "src/cart.ts": `export const n = ${n};\n` });
    sha = commitAll(repo, "feat: cart");
  }
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });
const byPath = () => Object.fromEntries(listRecords(space.db()).map((r) => [r.path, r]));

describe("field sources and the stated commit", () => {
  it("keeps where each value came from and verifies a stated commit that exists", async () => {
    writeFiles(repo, {
      ".claude/handoffs/2026-11-20-cart.md": [
        "---",
        `head: ${sha.slice(0, 7)}`,
        "---",
        "## Working on: Checkout rework",
        "",
        "**Branch:** `git checkout feature/checkout`",
        "**Updated:** 2026-11-20 09:30",
        "",
        "## Status: DONE",
      ].join("\n"),
    });
    await index();
    const record = byPath()[".claude/handoffs/2026-11-20-cart.md"];
    expect(record).toMatchObject({
      title: "Checkout rework",
      status: "completed",
      branch: "feature/checkout",
      headSha: sha,
      headShaVerified: true,
    });
    expect(record.fieldSources).toMatchObject({
      title: "heading:working-on",
      status: "heading:status",
      branch: "label:branch",
      headSha: "frontmatter:head",
      savedAt: "label:updated",
    });
  });

  it("says a stated commit is not in this repository, and null when none is stated", async () => {
    writeFiles(repo, {
      ".claude/handoffs/2026-11-21-elsewhere.md": "# Elsewhere\n\n**Last commit:** `abc1234` - fix the cart\n",
      ".claude/handoffs/2026-11-22-none.md": "# No commit here\n\n- Branch: main\n",
    });
    await index();
    const records = byPath();
    expect(records[".claude/handoffs/2026-11-21-elsewhere.md"]).toMatchObject({ headSha: null, headShaVerified: false });
    expect(records[".claude/handoffs/2026-11-21-elsewhere.md"].fieldSources.headSha).toBe("label:last-commit");
    expect(records[".claude/handoffs/2026-11-22-none.md"]).toMatchObject({ headShaVerified: null, branch: "main" });
  });
});

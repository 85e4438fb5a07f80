/** The tracked paths read from the index file are exactly `git ls-files`' (formats 2, 3 and 4), else null. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseIndexPaths, readTrackedPaths } from "./index-file";
import { removeTempDirs, TestRepo } from "./test-repo";

afterAll(removeTempDirs);

function repoWithManyNames(): TestRepo {
  const repo = TestRepo.create();
  repo.commit("first", {
    "a.txt": "a\n",
    "docs/handoff.md": "# h\n",
    "docs/nested/deeper/notes.html": "<p>x</p>\n",
    "Überarbeitung/日本語 name.md": "u\n",
    [`long/${"n".repeat(200)}/${"m".repeat(200)}/${"o".repeat(200)}.md`]: "long\n",
    "with space/and-dash.md": "s\n",
  });
  return repo;
}

const lsFiles = (repo: TestRepo) => new Set(repo.git("ls-files", "-z", "--cached").split("\u0000").filter(Boolean));

describe("tracked paths from the index file", () => {
  for (const version of ["2", "3", "4"]) {
    it(`reads index format ${version} exactly as git ls-files lists it`, async () => {
      const repo = repoWithManyNames();
      // an intent-to-add entry carries extended flags (format 3 and later)
      writeFileSync(path.join(repo.dir, "later.md"), "later\n");
      if (version !== "2") repo.git("add", "-N", "later.md");
      repo.git("update-index", "--index-version", version);
      expect(readFileSync(path.join(repo.dir, ".git", "index")).readUInt32BE(4)).toBe(Number(version));
      const tracked = await readTrackedPaths(repo.dir);
      expect(tracked).toEqual(lsFiles(repo));
      expect(tracked?.has("Überarbeitung/日本語 name.md")).toBe(true);
    });
  }

  it("answers an empty set for a repository without an index, and null for what it cannot vouch for", async () => {
    const empty = TestRepo.create();
    expect(await readTrackedPaths(empty.dir)).toEqual(new Set());

    const split = repoWithManyNames();
    split.git("update-index", "--split-index");
    expect(await readTrackedPaths(split.dir)).toBeNull();

    const bytes = readFileSync(path.join(repoWithManyNames().dir, ".git", "index"));
    expect(parseIndexPaths(bytes.subarray(0, bytes.length - 30))).toBeNull();
    expect(parseIndexPaths(Buffer.from("not an index at all, not at all"))).toBeNull();
  });
});

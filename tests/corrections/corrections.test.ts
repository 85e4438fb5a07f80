import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { clearCorrections, correctionSchema, setCorrections } from "../../lib/actions/corrections";
import { indexRoots } from "../../lib/index/indexer";
import { getRecord, listRecords } from "../../lib/queries/records";
import { documents } from "../../db/schema";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;
let firstSha: string;
const PATH = ".claude/checkpoints/20260501-100000-cart.md";
const FILE = `---\nstatus: in-progress\nbranch: main\ntimestamp: 2026-05-01T10:00:00Z\n---\n# Checkpoint: Cart rewrite\n\n## Remaining Work\n- [ ] wire totals\n`;

beforeEach(async () => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/cart.ts": "export {};\n", [PATH]: FILE });
  firstSha = commitAll(repo, "feat: cart");
  writeFiles(repo, { "src/cart.ts": "export const total = 1;\n" });
  commitAll(repo, "feat: totals");
  writeFiles(repo, { "src/cart.ts": "export const total = 2;\n" });
  commitAll(repo, "feat: more totals");
  await indexRoots(space.db(), { roots: [root], home: null });
});
afterEach(() => space.cleanup());

const record = () => listRecords(space.db())[0];
const row = (id: string) => space.db().select().from(documents).where(eq(documents.id, id)).get()!;

describe("corrections (Edit details / cairn set)", () => {
  it("overrides the file's values everywhere at once, counts freshness from a corrected commit, and never touches the file", async () => {
    const before = record();
    expect(before.headSha).toBeNull();
    const result = await setCorrections(space.db(), before.id, correctionSchema.parse({ title: "Cart totals", branch: "feature/cart", headSha: firstSha.slice(0, 7), savedAt: "2026-05-02T08:00Z" }));
    expect(result.shaResolves).toBe(true);
    const after = getRecord(space.db(), before.id)!;
    expect(after).toMatchObject({ title: "Cart totals", branch: "feature/cart", headSha: firstSha, savedAt: "2026-05-02T08:00:00.000Z" });
    expect(after.freshness).toMatchObject({ newCommits: 2, branchMatches: false });
    expect(row(before.id).fieldSources).toMatchObject({ title: "user", branch: "user", headSha: "user", savedAt: "user" });
    expect(readFileSync(join(repo, PATH), "utf8")).toBe(FILE);
  });

  it("survives re-indexing, even when the file changes, and Clear brings the file's values back", async () => {
    const id = record().id;
    await setCorrections(space.db(), id, correctionSchema.parse({ status: "completed", title: "Set by me" }));
    expect(listRecords(space.db(), { status: "completed" }).map((r) => r.title)).toEqual(["Set by me"]);
    writeFiles(repo, { [PATH]: FILE.replace("wire totals", "wire totals and tax") });
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(getRecord(space.db(), id)).toMatchObject({ title: "Set by me", status: "completed", tasks: { done: 0, total: 1 } });
    await clearCorrections(space.db(), id);
    expect(getRecord(space.db(), id)).toMatchObject({ title: "Cart rewrite", status: "in-progress", branch: "main" });
    expect(Object.values(row(id).fieldSources ?? {})).not.toContain("user");
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(getRecord(space.db(), id)?.title).toBe("Cart rewrite");
  });

  it("says when a corrected commit is not in the repository", async () => {
    const result = await setCorrections(space.db(), record().id, correctionSchema.parse({ headSha: "deadbeef" }));
    expect(result.shaResolves).toBe(false);
    expect(result.message).toMatch(/not found in this repository/);
  });

  it("rejects bad values with a clear message", () => {
    const bad = (input: Record<string, string>) => correctionSchema.safeParse(input).error?.issues[0].message;
    expect(bad({ headSha: "xyz" })).toMatch(/4 to 64 hexadecimal/);
    expect(bad({ headSha: "abc" })).toMatch(/4 to 64 hexadecimal/);
    expect(bad({ status: "done" })).toMatch(/in-progress or completed/);
    expect(bad({ savedAt: "yesterday" })).toMatch(/ISO-8601/);
    expect(bad({ savedAt: "2026-02-31" })).toMatch(/does not exist|ISO/);
    expect(bad({ branch: "--upload-pack=x" })).toMatch(/branch name/);
  });
});

describe("cairn set", () => {
  const cairn = (args: string[]) =>
    spawnSync(process.execPath, [resolve("bin/cairn.mjs"), ...args, "--db", space.dbPath], { encoding: "utf8", env: { ...process.env, CAIRN_DB: "" } });

  it("sets, reports whether the commit resolves, clears, and fails with one line on bad input", () => {
    const id = record().id;
    const set = cairn(["set", id, "--branch", "feature/cart", "--sha", firstSha.slice(0, 10), "--status", "completed"]);
    expect(set.stderr).toBe("");
    expect(set.status).toBe(0);
    expect(set.stdout).toMatch(/set by you.*found in this repository/);
    const listed = JSON.parse(cairn(["list", "--json"]).stdout) as { branch: string; status: string; headSha: string }[];
    expect(listed[0]).toMatchObject({ branch: "feature/cart", status: "completed", headSha: firstSha });

    for (const args of [["--sha", "not-hex"], ["--status", "done"], ["--saved-at", "last tuesday"], []]) {
      const bad = cairn(["set", id, ...args]);
      expect(bad.status).not.toBe(0);
      expect(bad.stderr.trim().split("\n")).toHaveLength(1);
      expect(bad.stdout).toBe("");
    }
    expect(cairn(["set", "0000000000000000", "--title", "x"]).stderr).toMatch(/No checkpoint with id/);

    const cleared = cairn(["set", id, "--clear"]);
    expect(cleared.status).toBe(0);
    expect(JSON.parse(cairn(["list", "--json"]).stdout)[0]).toMatchObject({ branch: "main", status: "in-progress" });
  });
});

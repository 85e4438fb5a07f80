import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { DiffPageView } from "../../app/checkpoints/[id]/diff/diff-page-view";
import { clearDiffCache, compareShas, diffCacheStats, diffSinceSave, MAX_PATCH_FILES } from "../../lib/derive/freshness-diff";
import { approximateBytes, ShaPairCache } from "../../lib/git/diff-cache";
import { gitProcessCount } from "../../lib/git/runner";
import { removeTempDirs, TestRepo } from "../../lib/git/test-repo";
import { documents, repositories } from "../../db/schema";
import { loadDiffPage, type DiffPageData } from "../../lib/queries/freshness";
import { tempSpace } from "../support/temp";

afterAll(removeTempDirs);
beforeEach(clearDiffCache);

describe("the diff of a saved commit and HEAD, remembered by both shas", () => {
  it("answers the same pair again without git, with a copy the caller may change", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("feat: one", { "a.txt": "a\n" });
    const head = repo.commit("feat: two", { "a.txt": "a\nb\n", "b.txt": "b\n" });
    const first = await diffSinceSave(repo.dir, saved, head);
    const before = gitProcessCount();
    const again = await diffSinceSave(repo.dir, saved, head);
    expect(gitProcessCount()).toBe(before);
    expect(again).toEqual(first);
    again!.commits[0].bookkeeping = true;
    again!.files.length = 0;
    expect(await diffSinceSave(repo.dir, saved, head)).toEqual(first);
    expect(first?.files.map((f) => f.path)).toEqual(["a.txt", "b.txt"]);
  });

  it("a repository that moved on is asked again: HEAD is another sha", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("feat: one", { "a.txt": "a\n" });
    const head = repo.commit("feat: two", { "b.txt": "b\n" });
    expect((await diffSinceSave(repo.dir, saved, head))?.commits).toHaveLength(1);
    const newer = repo.commit("feat: three", { "c.txt": "c\n" });
    const moved = await diffSinceSave(repo.dir, saved, newer);
    expect(moved?.commits.map((c) => c.subject)).toEqual(["feat: three", "feat: two"]);
    expect(moved?.stat.files.map((f) => f.path)).toEqual(["b.txt", "c.txt"]);
    // HEAD by name is resolved each time, never taken from the cache
    expect((await diffSinceSave(repo.dir, saved, "HEAD"))?.toSha).toBe(newer);
  });

  it("remembers comparisons of two checkpoints the same way", async () => {
    const repo = TestRepo.create();
    const a = repo.commit("one", { "a.txt": "a\n" });
    const b = repo.commit("two", { "b.txt": "b\n" });
    const first = await compareShas(repo.dir, a, b);
    const before = gitProcessCount();
    expect(await compareShas(repo.dir, a, b)).toEqual(first);
    expect(gitProcessCount()).toBe(before);
    expect(first?.commits.map((c) => c.subject)).toEqual(["two"]);
  });

  it("is bounded by entries and by size, the least recently used going first", () => {
    const cache = new ShaPairCache<string>({ maxEntries: 2, maxBytes: 1000 }, approximateBytes);
    cache.set("a", "1");
    cache.set("b", "2");
    expect(cache.get("a")).toBe("1"); // a is now the most recent
    cache.set("c", "3");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["1", undefined, "3"]);
    const sized = new ShaPairCache<string>({ maxEntries: 100, maxBytes: 1000 }, approximateBytes);
    for (let i = 0; i < 20; i++) sized.set(`k${i}`, "x".repeat(100));
    expect(sized.bytes).toBeLessThanOrEqual(1000);
    expect(sized.size).toBeLessThan(20);
    expect(sized.get("k19")).toBe("x".repeat(100));
    sized.set("huge", "x".repeat(1000)); // more than a quarter of the budget: not kept
    expect(sized.get("huge")).toBeUndefined();
  });

  it("the process-wide diff cache stays within its budget after many diffs", async () => {
    const repo = TestRepo.create();
    const shas = [repo.commit("root", { "a.txt": "a\n" })];
    for (let i = 0; i < 3; i++) shas.push(repo.commit(`c${i}`, { [`f${i}.txt`]: `${"line\n".repeat(50)}` }));
    for (const from of shas) for (const to of shas) if (from !== to) await diffSinceSave(repo.dir, from, to);
    const stats = diffCacheStats();
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.entries).toBeLessThanOrEqual(300);
    expect(stats.bytes).toBeLessThanOrEqual(20 * 1024 * 1024);
  });
});

describe("the diff page viewed again", () => {
  it("asks git only where HEAD is now; agent-only commits are still marked", async () => {
    const space = tempSpace("cairn-diff-again-");
    try {
      const repo = TestRepo.create();
      const saved = repo.commit("feat: one", { "a.txt": "a\n" });
      repo.commit("feat: three", { ".claude/checkpoints/next.md": "n\n" });
      repo.commit("feat: two", { "b.txt": "b\n" });
      const db = space.db();
      const repositoryId = db.insert(repositories).values({ path: repo.dir, name: "r", currentBranch: "main" }).returning({ id: repositories.id }).get().id;
      db.insert(documents)
        .values({ id: "b000000000000001", repositoryId, path: ".claude/checkpoints/one.md", absPath: "/nowhere/one.md", format: "frontmatter-md", kind: "checkpoint", contentHash: "h", mtimeMs: 0, size: 0, indexedAt: "2026-01-02T00:00:00Z", headSha: saved, headShaRaw: saved, branch: "main" })
        .run();
      const view = async () => {
        const before = gitProcessCount();
        const data = await loadDiffPage(db, "b000000000000001", {});
        if (data?.outcome.kind !== "diff") throw new Error("no diff");
        return { processes: gitProcessCount() - before, commits: data.outcome.diff.commits.map((c) => [c.subject, c.bookkeeping]), agentFiles: data.agentFiles };
      };
      const first = await view();
      const again = await view();
      expect(again.commits).toEqual([["feat: two", false], ["feat: three", true]]);
      expect(again).toEqual({ ...first, processes: again.processes });
      // resolving both shas, the log, the stat, the patches and the commits' files are not asked again
      expect(again.processes).toBeLessThanOrEqual(first.processes - 6);
    } finally {
      space.cleanup();
    }
  });
});

describe("a huge diff", () => {
  it("reads the patches of the first files only, and the page names the others", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("base", { "keep.txt": "k\n" });
    const many: Record<string, string> = {};
    for (let i = 0; i < MAX_PATCH_FILES + 30; i++) many[`src/file-${String(i).padStart(3, "0")}.ts`] = `export const n = ${i};\n`;
    const head = repo.commit("generate", many);
    const diff = await diffSinceSave(repo.dir, saved, head);
    expect(diff?.stat.filesChanged).toBe(MAX_PATCH_FILES + 30);
    expect(diff?.files).toHaveLength(MAX_PATCH_FILES);
    expect(diff?.files[0].patch).toContain("+export const n = 0;");
    expect(diff?.patchesNotRead).toHaveLength(30);
    expect(diff?.patchesNotRead[0]).toBe(`src/file-${MAX_PATCH_FILES}.ts`);

    const data: DiffPageData = {
      checkpoint: { id: "0123456789abcdef", title: "Big change", path: ".claude/checkpoints/big.md", format: "frontmatter-md", branch: "main", headSha: saved, headShaRaw: saved, savedAt: null, savedAtUsable: false, freshness: null },
      repo: { id: 1, name: "repo", path: repo.dir, isBare: false },
      against: "head",
      basis: "sha",
      bases: { sha: true, time: false },
      currentBranch: "main",
      branchTarget: null,
      rebasedAway: false,
      notices: [],
      agentFiles: [],
      touching: {},
      outcome: { kind: "diff", diff: diff!, toLabel: "HEAD (main)" },
    };
    const html = renderToStaticMarkup(createElement(DiffPageView, { data }));
    expect(html).toContain("30 more files are not shown here to keep the page light");
    expect(html).toContain(`src/file-${MAX_PATCH_FILES}.ts`);
  });

  it("stops at the changed-line budget too, whole files only", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("base", { "keep.txt": "k\n" });
    const big: Record<string, string> = {};
    for (let i = 0; i < 9; i++) big[`data/big-${i}.txt`] = Array.from({ length: 4000 }, (_, n) => `row ${i} ${n}`).join("\n");
    const head = repo.commit("big files", big);
    const diff = await diffSinceSave(repo.dir, saved, head);
    expect(diff?.stat.filesChanged).toBe(9);
    expect(diff!.files.length).toBeGreaterThan(0);
    expect(diff!.files.length).toBeLessThan(9);
    expect(diff!.files.length + diff!.patchesNotRead.length).toBe(9);
    expect(diff!.files.every((f) => f.truncated)).toBe(true);
  });
});

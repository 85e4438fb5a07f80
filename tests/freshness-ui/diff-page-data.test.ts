import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, repositories, sections, tasks, type NewDocumentRow } from "../../db/schema";
import { makeTempDir, plainGit, removeTempDirs, TestRepo } from "../../lib/git/test-repo";
import { gitProcessCount, resetGitProcessCount } from "../../lib/git/runner";
import { loadComparePage, loadDiffPage, type DiffPageData } from "../../lib/queries/freshness";
import { forgetPageFacts } from "../../lib/queries/repository-at";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let repo: TestRepo;
let shas: { first: string; second: string; third: string; orphan: string };
const ids = { bySha: "a000000000000001", byTime: "a000000000000002", gone: "a000000000000003", nothing: "a000000000000004", rebased: "a000000000000005", bare: "a000000000000006", missingRepo: "a000000000000007", nested: "a000000000000008" };

function doc(id: string, repositoryId: number, extra: Partial<NewDocumentRow>): NewDocumentRow {
  return {
    id, repositoryId, path: `.claude/checkpoints/${id}.md`, absPath: `/nowhere/${id}.md`, format: "frontmatter-md", kind: "checkpoint",
    contentHash: id, mtimeMs: 0, size: 0, indexedAt: "2026-01-02T00:00:00Z", ...extra,
  };
}

function diffOf(data: DiffPageData | null) {
  if (data?.outcome.kind !== "diff") throw new Error(`no diff: ${JSON.stringify(data?.outcome)}`);
  return data.outcome.diff;
}

beforeAll(() => {
  space = tempSpace("cairn-fresh-ui-");
  repo = TestRepo.create();
  const first = repo.commit("feat: one", { "a.txt": "a\n" }); // 00:01
  const second = repo.commit("feat: two", { "a.txt": "a\nb\n", "b.txt": "<script>x</script>\n" }); // 00:02
  const third = repo.commit("chore(checkpoint): save", {}); // 00:03
  repo.git("checkout", "-q", "-b", "doomed", first);
  const orphan = repo.commit("wip: rewritten later", { "c.txt": "c\n" });
  repo.git("checkout", "-q", "main");
  repo.git("branch", "-q", "-D", "doomed");
  shas = { first, second, third, orphan };

  const bareDir = path.join(makeTempDir(), "bare.git");
  plainGit(repo.dir, ["clone", "-q", "--bare", repo.dir, bareDir]);

  const db = space.db();
  repo.write("nested/readme.txt", "not a repository of its own\n");
  const [main, bare, missing, nested] = [
    { path: repo.dir, name: "main", currentBranch: "main", headSha: third },
    { path: bareDir, name: "bare", isBare: true, currentBranch: "main", headSha: third },
    { path: path.join(makeTempDir(), "vanished"), name: "vanished" },
    { path: path.join(repo.dir, "nested"), name: "nested" },
  ].map((r) => db.insert(repositories).values(r).returning({ id: repositories.id }).get().id);
  const rebasedFreshness = { level: "very-stale", headReachable: false, rebasedAway: true, resolvedHeadSha: orphan, reasons: [] };
  db.insert(documents)
    .values([
      doc(ids.bySha, main, { headShaRaw: first.slice(0, 7), headSha: first, branch: "main", savedAt: "2026-01-01T00:01:30Z" }),
      doc(ids.byTime, main, { savedAt: "2026-01-01T00:01:30Z", savedAtSource: "file" }),
      doc(ids.gone, main, { headShaRaw: "deadbeefdeadbeef", savedAt: "2026-01-01T00:02:30Z" }),
      doc(ids.nothing, main, {}),
      doc(ids.rebased, main, { headShaRaw: orphan, headSha: orphan, branch: "doomed", savedAt: "2026-01-01T00:05:00Z", freshness: rebasedFreshness }),
      doc(ids.bare, bare, { headShaRaw: first, headSha: first, branch: "main", savedAt: "2026-01-01T00:01:30Z" }),
      doc(ids.missingRepo, missing, { headSha: first }),
      doc(ids.nested, nested, { headSha: first }),
    ])
    .run();
  db.insert(tasks)
    .values([
      { documentId: ids.bySha, position: 0, text: "Write the test", done: false, state: "open" },
      { documentId: ids.bySha, position: 1, text: "Old idea", done: false, state: "open" },
      { documentId: ids.rebased, position: 0, text: "write the test.", done: true, state: "done" },
    ])
    .run();
  db.insert(sections)
    .values([
      { documentId: ids.bySha, position: 0, canonical: "state", heading: "Current State", level: 2, text: "" },
      { documentId: ids.rebased, position: 0, canonical: "gotchas", heading: "Gotchas", level: 2, text: "" },
    ])
    .run();
});

afterAll(() => {
  space?.cleanup();
  removeTempDirs();
});

describe("the diff page's data", () => {
  it("diffs from the saved commit to HEAD, bookkeeping flagged, text untouched", async () => {
    const data = await loadDiffPage(space.db(), ids.bySha, {});
    expect(data?.basis).toBe("sha");
    const diff = diffOf(data);
    expect(diff.commits.map((c) => [c.subject, c.bookkeeping])).toEqual([["chore(checkpoint): save", true], ["feat: two", false]]);
    expect(diff.stat.files.map((f) => f.path)).toEqual(["a.txt", "b.txt"]);
    expect(diff.files.find((f) => f.path === "b.txt")?.patch).toContain("+<script>x</script>");
    expect(data?.branchTarget).toBeNull();
  });

  it("counts from the save time when no commit was recorded", async () => {
    const data = await loadDiffPage(space.db(), ids.byTime, {});
    expect(data?.basis).toBe("time");
    expect(data?.notices).toContain("This checkpoint recorded no commit; showing commits since its save time.");
    expect(diffOf(data).fromSha).toBe(shas.first);
  });

  it("falls back to the save time when the recorded commit is not in the repository", async () => {
    const data = await loadDiffPage(space.db(), ids.gone, {});
    expect(data?.basis).toBe("time");
    expect(data?.notices[0]).toMatch(/recorded \(deadbeefdead\) is not in this repository/);
    expect(diffOf(data).fromSha).toBe(shas.second);
  });

  it("explains when there is nothing to compare", async () => {
    const data = await loadDiffPage(space.db(), ids.nothing, {});
    expect(data?.outcome).toEqual({ kind: "nothing-to-diff", reason: expect.stringMatching(/neither a commit nor a usable save time/) });
  });

  it("explains a rebased-away commit and offers the save time instead", async () => {
    const bySha = await loadDiffPage(space.db(), ids.rebased, {});
    expect(bySha?.rebasedAway).toBe(true);
    expect(bySha?.notices.join(" ")).toMatch(/no longer in the current history \(rebased or reset away\)/);
    expect(bySha?.branchTarget).toEqual({ name: "doomed", state: "gone", tipSha: null });
    expect(diffOf(bySha).commits.map((c) => c.subject)).toEqual(["chore(checkpoint): save", "feat: two"]);
    const byTime = await loadDiffPage(space.db(), ids.rebased, { basis: "time", against: "branch" });
    expect([byTime?.basis, byTime?.against]).toEqual(["time", "head"]);
    expect(diffOf(byTime).fromSha).toBe(shas.third);
  });

  it("diffs commits in a bare repository and says the work tree is absent", async () => {
    const data = await loadDiffPage(space.db(), ids.bare, {});
    expect(data?.notices).toContain("Bare repository: there is no work tree, so only committed changes are shown.");
    expect(diffOf(data).commits).toHaveLength(2);
  });

  it("says when the repository is gone, and when the checkpoint is unknown", async () => {
    expect((await loadDiffPage(space.db(), ids.missingRepo, {}))?.outcome).toEqual({ kind: "repository-gone" });
    // a folder without its own .git is not answered by the repository around it
    expect((await loadDiffPage(space.db(), ids.nested, {}))?.outcome).toEqual({ kind: "not-a-repository" });
    expect(await loadDiffPage(space.db(), "ffffffffffffffff", {})).toBeNull();
  });
});

describe("the compare page's data", () => {
  it("loads both sides, the options newest first and the commits between them", async () => {
    const db = space.db();
    const repoId = db.select({ id: repositories.id, name: repositories.name }).from(repositories).all().find((r) => r.name === "main")?.id ?? -1;
    const data = await loadComparePage(db, repoId, ids.bySha, ids.rebased);
    expect(data?.options[0].id).toBe(ids.rebased);
    expect(data?.a?.tasks.map((t) => t.text)).toEqual(["Write the test", "Old idea"]);
    expect(data?.b?.sections).toMatchObject([{ canonical: "gotchas", heading: "Gotchas", level: 2 }]);
    expect(data?.commits).toMatchObject({ kind: "ok", comparison: { fromSha: shas.first, toSha: shas.orphan, behindCount: 0 } });
    const missing = await loadComparePage(db, repoId, ids.byTime, ids.bySha);
    expect(missing?.commits).toEqual({ kind: "missing-sha", sides: ["A"] });
    expect(await loadComparePage(db, repoId, "ffffffffffffffff")).toMatchObject({ a: null, b: null, commits: null });
  });
});

describe("the diff page when the repository moves", () => {
  it("starts no git process for an unchanged repository, and follows new commits, branches and dirty files", async () => {
    const moving = TestRepo.create();
    const saved = moving.commit("feat: saved here", { "a.txt": "a\n" });
    moving.commit("feat: after the save", { "a.txt": "a\nb\n" });
    const db = space.db();
    const repoId = db.insert(repositories).values({ path: moving.dir, name: "moving", currentBranch: "main" }).returning({ id: repositories.id }).get().id;
    const id = "a0000000000000ff";
    db.insert(documents).values(doc(id, repoId, { headShaRaw: saved, headSha: saved, branch: "main", savedAt: "2026-01-01T00:01:30Z" })).run();
    forgetPageFacts();

    expect(diffOf(await loadDiffPage(db, id, {})).commits.map((c) => c.subject)).toEqual(["feat: after the save"]);
    resetGitProcessCount();
    const again = await loadDiffPage(db, id, {});
    expect(gitProcessCount()).toBe(0);
    expect(diffOf(again).commits).toHaveLength(1);

    // an uncommitted change is not part of the diff: still nothing to ask git
    moving.write("dirty.txt", "not committed\n");
    resetGitProcessCount();
    expect(diffOf(await loadDiffPage(db, id, {})).toSha).toBe(moving.sha("HEAD"));
    expect(gitProcessCount()).toBe(0);

    const newer = moving.commit("feat: newer still", { "b.txt": "b\n" });
    const moved = await loadDiffPage(db, id, {});
    expect(diffOf(moved).toSha).toBe(newer);
    expect(diffOf(moved).commits.map((c) => c.subject)).toEqual(["feat: newer still", "feat: after the save"]);

    moving.git("checkout", "-q", "-b", "elsewhere");
    const branched = await loadDiffPage(db, id, {});
    expect(branched?.currentBranch).toBe("elsewhere");
    expect(branched?.branchTarget).toEqual({ name: "main", state: "available", tipSha: newer });

    moving.git("branch", "-q", "-D", "main");
    expect((await loadDiffPage(db, id, {}))?.branchTarget).toEqual({ name: "main", state: "gone", tipSha: null });
  });
});

import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, plainGit, removeTempDirs, TestRepo } from "../git/test-repo";
import { compareShas, computeFreshness, diffSinceSave, type Freshness, type SaveInput } from "./freshness";
import { MAX_FILE_DIFF_LINES } from "./freshness-diff";

afterAll(removeTempDirs);

const NOW = new Date("2026-03-01T12:00:00Z");

function save(overrides: Partial<SaveInput>): SaveInput {
  return { id: "s", headSha: null, branch: null, savedAt: null, dirtySaved: null, referencedFiles: [], modifiedFiles: [], ...overrides };
}

describe("repository shapes", () => {
  it("no commits: sha cannot resolve, time-only save graded by age, nothing at all is unknown", async () => {
    const repo = TestRepo.create();
    repo.write("draft.md", "d\n");
    const result = await computeFreshness(
      repo.dir,
      [
        save({ id: "sha", headSha: "abcdef1", branch: "main" }),
        save({ id: "time", savedAt: "2026-03-01T10:00:00Z", branch: "main", referencedFiles: ["draft.md", "nope.md"] }),
        save({ id: "none" }),
      ],
      NOW,
    );
    expect(result.get("sha")).toMatchObject({ newCommits: null, resolvedHeadSha: null, currentBranch: "main", branchMatches: true, dirtyNow: 1, level: "very-stale" });
    expect(result.get("sha")?.reasons).toContain("repository has no commits yet");
    expect(result.get("time")).toMatchObject({ countBasis: null, commitsSinceSavedAt: null, missingFiles: ["nope.md"], level: "stale" });
    expect(result.get("none")?.level).toBe("unknown");
  });

  it("bare clone: counts from history, dirty state unknown, existence from HEAD's tree", async () => {
    const origin = TestRepo.create();
    const saved = origin.commit("one", { "docs/a.md": "a\n" });
    origin.commit("two", { "b.md": "b\n" });
    const bareDir = path.join(makeTempDir(), "bare.git");
    plainGit(origin.dir, ["clone", "-q", "--bare", origin.dir, bareDir]);
    const f = (await computeFreshness(bareDir, [save({ headSha: saved, branch: "main", referencedFiles: ["docs/a.md", "docs/gone.md"], modifiedFiles: ["b.md", "docs/a.md"] })], NOW)).get("s") as Freshness;
    expect(f.newCommits).toBe(Number(plainGit(bareDir, ["rev-list", "--count", `${saved}..HEAD`]).trim()));
    expect([f.dirtyNow, f.currentBranch, f.branchMatches]).toEqual([null, "main", true]);
    expect(f.missingFiles).toEqual(["docs/gone.md"]);
    expect(f.filesChanged).toBe(1);
    expect(f.modifiedFileStates).toEqual([
      { path: "b.md", state: "committed-since" },
      { path: "docs/a.md", state: "untouched" },
    ]);
    expect(f.unmentionedModified).toEqual([]);
  });

  it("linked worktree (.git is a file): its own branch, HEAD and dirty files", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("one", { "a.txt": "a\n" });
    const worktreeDir = path.join(makeTempDir(), "wt");
    repo.git("worktree", "add", "-q", "-b", "wt-branch", worktreeDir);
    plainGit(worktreeDir, ["commit", "-q", "--allow-empty", "-m", "in worktree"]);
    repo.commit("main moves");
    repo.write("main-only-dirty.txt", "x\n");
    const wt = new TestRepo(worktreeDir);
    wt.write("wt-dirty.txt", "x\n");
    const f = (await computeFreshness(worktreeDir, [save({ headSha: saved, branch: "wt-branch" })], NOW)).get("s") as Freshness;
    expect(f.currentBranch).toBe("wt-branch");
    expect(f.branchMatches).toBe(true);
    expect(f.newCommits).toBe(wt.countBetween(saved));
    expect(f.newCommits).toBe(1);
    expect(f.dirtyNow).toBe(1);
    expect(f.unmentionedModified).toEqual(["wt-dirty.txt"]);
  });

  it("not a repository", async () => {
    const f = (await computeFreshness(makeTempDir("cairn-plain-"), [save({ headSha: "abcdef1" })], NOW)).get("s");
    expect(f).toMatchObject({ level: "unknown", reasons: ["not a git repository"] });
  });
});

describe("diffSinceSave and compareShas", () => {
  it("lists commits (bookkeeping flagged), a diffstat like git and per-file diffs, truncating big ones", async () => {
    const repo = TestRepo.create();
    const bigBefore = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");
    const saved = repo.commit("base", { "keep.txt": "k\n", "old name.txt": "same content\nacross rename\n", "big.txt": `${bigBefore}\n` });
    repo.git("mv", "old name.txt", "new name.txt");
    repo.commit("rename and grow", { "big.txt": Array.from({ length: 5000 }, (_, i) => `new line ${i}`).join("\n") });
    repo.commit("chore(checkpoint): save", { "cp.md": "c\n", "bin.dat": "\u0000\u0001\u0002" });
    const diff = await diffSinceSave(repo.dir, saved.slice(0, 9));
    expect(diff?.fromSha).toBe(saved);
    expect(diff?.toSha).toBe(repo.sha("HEAD"));
    expect(diff?.commits.map((c) => [c.subject, c.bookkeeping])).toEqual([
      ["chore(checkpoint): save", true],
      ["rename and grow", false],
    ]);
    const numstat = repo.git("diff", "--numstat", "-M", saved, "HEAD").trim().split("\n");
    expect(diff?.stat.filesChanged).toBe(numstat.length);
    const additions = numstat.reduce((sum, line) => sum + (Number(line.split("\t")[0]) || 0), 0);
    expect(diff?.stat.additions).toBe(additions);
    const renamed = diff?.stat.files.find((file) => file.status === "R");
    expect([renamed?.oldPath, renamed?.path]).toEqual(["old name.txt", "new name.txt"]);
    expect(diff?.stat.files.find((file) => file.path === "bin.dat")).toMatchObject({ binary: true, additions: null });
    const big = diff?.files.find((file) => file.path === "big.txt");
    expect(big?.truncated).toBe(true);
    expect(big?.patch.split("\n").length).toBeLessThanOrEqual(MAX_FILE_DIFF_LINES);
    expect(diff?.files.find((file) => file.path === "cp.md")).toMatchObject({ truncated: false });
    expect(diff?.files.find((file) => file.path === "cp.md")?.patch).toContain("+c");
    expect(diff?.patchesOmitted).toBe(false);
    expect(await diffSinceSave(repo.dir, "0000000")).toBeNull();
  });

  it("compareShas counts both directions like git", async () => {
    const repo = TestRepo.create();
    const root = repo.commit("root");
    repo.git("checkout", "-q", "-b", "side");
    const side = repo.commit("side");
    repo.git("checkout", "-q", "main");
    repo.commit("main 1");
    const mainTip = repo.commit("main 2");
    const comparison = await compareShas(repo.dir, side, mainTip);
    expect(comparison?.commits.length).toBe(repo.countBetween(side, mainTip));
    expect(comparison?.behindCount).toBe(repo.countBetween(mainTip, side));
    expect((await compareShas(repo.dir, root, mainTip))?.commits.map((c) => c.subject)).toEqual(["main 2", "main 1"]);
  });
});

import { realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RepoFacts } from "./repo-facts";
import { gitProcessCount, resetGitProcessCount } from "./runner";
import { makeTempDir, plainGit, removeTempDirs, TestRepo } from "./test-repo";

afterAll(removeTempDirs);

/** main and two side branches merged in, bookkeeping commits sprinkled in. */
function buildMergeRepo(): TestRepo {
  const repo = TestRepo.create();
  repo.commit("root", { "a.txt": "a\n" });
  repo.commit("two", { "b.txt": "b\n" });
  repo.git("checkout", "-q", "-b", "side");
  repo.commit("side one", { "side.txt": "1\n" });
  repo.commit("chore(checkpoint): save", { ".claude/checkpoints/x.md": "x\n" });
  repo.commit("side two", { "side.txt": "2\n" });
  repo.git("checkout", "-q", "main");
  repo.commit("three", { "c.txt": "c\n" });
  repo.git("checkout", "-q", "-b", "other", "HEAD~2");
  repo.commit("other one", { "o.txt": "o\n" });
  repo.git("checkout", "-q", "main");
  repo.commit("chore(session): notes", { "notes.md": "n\n" });
  repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "merge side", "side");
  repo.commit("four", { "a.txt": "a4\n" });
  repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "merge other", "other");
  repo.commit("five", { "d.txt": "d\n" });
  return repo;
}

describe("history over a merge DAG", () => {
  let repo: TestRepo;
  beforeAll(() => {
    repo = buildMergeRepo();
  });

  it("counts base..HEAD exactly as git rev-list --count, for every commit, from one log", async () => {
    const facts = new RepoFacts(repo.dir);
    const head = repo.sha("HEAD");
    const allCommits = repo.git("rev-list", "--all").trim().split("\n");
    expect(allCommits.length).toBeGreaterThan(10);
    resetGitProcessCount();
    const graph = await facts.history([head]);
    for (const base of allCommits) {
      const count = graph.countBetween(base, head);
      expect(count?.total, base).toBe(repo.countBetween(base));
      const subjects = repo.git("log", "--format=%s", `${base}..HEAD`).split("\n");
      const bookkeeping = subjects.filter((s) => /^chore\((checkpoint|session)\):/.test(s)).length;
      expect(count?.bookkeeping, base).toBe(bookkeeping);
      const isAncestor = repo.git("merge-base", "--independent", base, "HEAD").trim() === head;
      expect(graph.isAncestor(base, head)).toBe(isAncestor);
    }
    expect(gitProcessCount()).toBe(1);
  });

  it("answers files changed since many bases with one diff-tree, like git diff --name-status", async () => {
    const facts = new RepoFacts(repo.dir);
    const head = repo.sha("HEAD");
    const bases = repo.git("rev-list", "--all").trim().split("\n");
    resetGitProcessCount();
    const changed = await facts.filesChangedSince(bases, head);
    await facts.filesChangedSince(bases, head); // cached
    expect(gitProcessCount()).toBe(1);
    for (const base of bases) {
      const expected = repo.git("diff", "--name-only", "--no-renames", base, "HEAD").split("\n").filter(Boolean).sort();
      expect(changed.get(base)?.map((file) => file.path).sort(), base).toEqual(expected);
    }
  });
});

describe("head, status, refs", () => {
  it("reads branch, HEAD and dirty paths like git status --short", async () => {
    const repo = TestRepo.create();
    repo.commit("one", { "a.txt": "a\n", "b.txt": "b\n", "old name.txt": "same\n" });
    repo.write("a.txt", "changed\n");
    repo.write("new dir/x.txt", "x\n");
    repo.write("ünï côdé.txt", "u\n");
    repo.git("mv", "old name.txt", "new name.txt");
    repo.git("rm", "-q", "b.txt");
    const facts = new RepoFacts(repo.dir);
    const [head, status] = await Promise.all([facts.head(), facts.status()]);
    expect(head).toEqual({ currentBranch: "main", detached: false, headSha: repo.sha("HEAD") });
    const shortLines = repo.git("status", "--short").split("\n").filter(Boolean);
    expect(status?.length).toBe(shortLines.length);
    expect(status?.map((entry) => entry.path).sort()).toEqual(["a.txt", "b.txt", "new dir/", "new name.txt", "ünï côdé.txt"]);
    expect(status?.find((entry) => entry.path === "new name.txt")?.originalPath).toBe("old name.txt");
  });

  it("reports a detached HEAD", async () => {
    const repo = TestRepo.create();
    const first = repo.commit("one");
    repo.commit("two");
    repo.git("checkout", "-q", "--detach", first);
    expect(await new RepoFacts(repo.dir).head()).toEqual({ currentBranch: null, detached: true, headSha: first });
  });

  it("handles a repository with no commits", async () => {
    const repo = TestRepo.create();
    repo.write("draft.md", "d\n");
    const facts = new RepoFacts(repo.dir);
    expect(await facts.head()).toEqual({ currentBranch: "main", detached: false, headSha: null });
    expect(await facts.refs()).toEqual([]);
    expect((await facts.status())?.map((entry) => entry.path)).toEqual(["draft.md"]);
    expect((await facts.history([])).size).toBe(0);
  });

  it("lists local branches and remote-tracking refs", async () => {
    const origin = TestRepo.create();
    origin.commit("one");
    origin.git("branch", "feature/y");
    const cloneDir = path.join(makeTempDir(), "clone");
    plainGit(origin.dir, ["clone", "-q", origin.dir, cloneDir]);
    const refs = await new RepoFacts(cloneDir).refs();
    const names = refs.map((ref) => `${ref.kind}:${ref.shortName}${ref.isHead ? "*" : ""}`).sort();
    expect(names).toEqual(["branch:main*", "remote:origin/feature/y", "remote:origin/main"]);
  });
});

describe("repository shapes", () => {
  it("bare clone: no work tree, status unknown, HEAD known", async () => {
    const origin = TestRepo.create();
    origin.commit("one");
    const bareDir = path.join(makeTempDir(), "bare.git");
    plainGit(origin.dir, ["clone", "-q", "--bare", origin.dir, bareDir]);
    const facts = new RepoFacts(bareDir);
    expect(await facts.layout()).toMatchObject({ isBare: true, topLevel: null });
    expect(await facts.status()).toBeNull();
    expect((await facts.head()).headSha).toBe(origin.sha("HEAD"));
  });

  it("linked worktree whose .git is a file", async () => {
    const repo = TestRepo.create();
    repo.commit("one", { "a.txt": "a\n" });
    const worktreeDir = path.join(makeTempDir(), "wt");
    repo.git("worktree", "add", "-q", "-b", "wt-branch", worktreeDir);
    plainGit(worktreeDir, ["commit", "-q", "--allow-empty", "-m", "in worktree"]);
    const facts = new RepoFacts(path.join(worktreeDir));
    const layout = await facts.layout();
    expect(layout?.topLevel && realpathSync(layout.topLevel)).toBe(realpathSync(worktreeDir));
    expect(layout?.isBare).toBe(false);
    const head = await facts.head();
    expect(head.currentBranch).toBe("wt-branch");
    expect(head.headSha).toBe(plainGit(worktreeDir, ["rev-parse", "HEAD"]).trim());
    expect(await facts.status()).toEqual([]);
    expect((await facts.refs()).find((ref) => ref.isHead)?.shortName).toBe("wt-branch");
  });

  it("not a repository", async () => {
    expect(await new RepoFacts(makeTempDir("cairn-plain-")).layout()).toBeNull();
  });
});

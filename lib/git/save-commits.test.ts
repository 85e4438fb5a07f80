import { afterAll, describe, expect, it } from "vitest";
import { readHistory } from "./history";
import { RepoFacts } from "./repo-facts";
import { saveCommitNodes } from "./save-commits";
import { plainGit, removeTempDirs, TestRepo } from "./test-repo";

afterAll(removeTempDirs);

/** What `git log --branches --grep` (the save timeline's own log) lists, in its order. */
function logBranches(repo: TestRepo): string[] {
  const out = plainGit(repo.dir, ["log", "--branches", "-E", "--grep=^chore\\((checkpoint|session)\\):", "--format=%H%x00%s"]);
  return out
    .split("\n")
    .map((line) => line.split("\u0000"))
    .filter(([sha, subject]) => sha && /^chore\((?:checkpoint|session)\):/.test(subject ?? ""))
    .map(([sha]) => sha as string);
}

/** Commits at given times (equal times, times going back: the orders git's walk must break ties in). */
function commitAt(repo: TestRepo, message: string, seconds: number, file: string): string {
  repo.write(file, `${message}\n`);
  const date = `@${seconds} +0000`;
  plainGit(repo.dir, ["add", "-A"], date);
  plainGit(repo.dir, ["commit", "-q", "-m", message], date);
  return repo.sha("HEAD");
}

describe("save commits from the history graph", () => {
  it("are the ones git log --branches --grep lists, in its order, across merges, equal dates and clock skew", async () => {
    const repo = TestRepo.create();
    const t = 1_800_000_000;
    commitAt(repo, "root", t, "a.txt");
    commitAt(repo, "chore(checkpoint): one", t + 10, ".claude/checkpoints/1.md");
    repo.git("checkout", "-q", "-b", "side");
    commitAt(repo, "chore(session): side same second", t + 20, ".claude/s.md");
    commitAt(repo, "chore(checkpoint): side skewed back", t + 5, ".claude/checkpoints/2.md");
    repo.git("checkout", "-q", "main");
    commitAt(repo, "chore(checkpoint): main same second", t + 20, ".claude/checkpoints/3.md");
    commitAt(repo, "work", t + 30, "b.txt");
    repo.git("checkout", "-q", "-b", "other", "HEAD~3");
    commitAt(repo, "chore(session): other", t + 20, ".claude/o.md");
    commitAt(repo, "chore(checkpoint): body\n\nchore(checkpoint): in the body only", t + 40, "c.txt");
    repo.git("checkout", "-q", "main");
    plainGit(repo.dir, ["-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "chore(checkpoint): a merge", "side"], `@${t + 50} +0000`);
    repo.git("branch", "zz-same-as-main");
    const facts = new RepoFacts(repo.dir);
    const refs = await facts.refs();
    const graph = await readHistory(repo.dir, [repo.sha("HEAD"), ...refs.map((ref) => ref.sha)]);
    const nodes = saveCommitNodes(graph, refs);
    expect(nodes?.map((node) => node.sha)).toEqual(logBranches(repo));
    expect(nodes?.length).toBe(7);
  });

  it("cannot tell from a graph that misses a branch", async () => {
    const repo = TestRepo.create();
    repo.commit("chore(checkpoint): one", { "a.txt": "1\n" });
    repo.git("checkout", "-q", "-b", "side");
    repo.commit("chore(checkpoint): two", { "a.txt": "2\n" });
    const refs = await new RepoFacts(repo.dir).refs();
    const graph = await readHistory(repo.dir, [repo.sha("main")]);
    expect(saveCommitNodes(graph, refs)).toBeNull();
  });
});

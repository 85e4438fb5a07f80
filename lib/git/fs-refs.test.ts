import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RepoFacts } from "./repo-facts";
import { gitDirsOf } from "./fs-stamp";
import { gitProcessCount, resetGitProcessCount } from "./runner";
import { makeTempDir, plainGit, removeTempDirs, TestRepo } from "./test-repo";

afterAll(removeTempDirs);

/** Facts that know the repository's git folders (as an index run does), and facts that ask git for everything. */
async function bothFacts(dir: string): Promise<{ files: RepoFacts; git: RepoFacts }> {
  const dirs = await gitDirsOf(dir, "worktree");
  if (!dirs) throw new Error("no git folders");
  return { files: new RepoFacts(dir).knowConfigDirs({ ...dirs, topLevel: dir }), git: new RepoFacts(dir) };
}

async function answers(facts: RepoFacts, values: string[]) {
  return { refs: await facts.refs(), remoteHead: await facts.remoteHead(), resolved: await facts.resolveCommits(values) };
}

/** A repository with a clone: loose and packed branches, remote-tracking refs and origin/HEAD, a tag. */
function buildRepo(): { repo: TestRepo; clone: TestRepo; shas: string[] } {
  const repo = TestRepo.create();
  const shas = [repo.commit("one", { "a.txt": "1\n" }), repo.commit("two", { "a.txt": "2\n" })];
  repo.git("branch", "feature/x", shas[0] as string);
  repo.git("tag", "-a", "-m", "v1", "v1");
  const clone = new TestRepo(path.join(makeTempDir(), "clone"));
  plainGit(path.dirname(clone.dir), ["clone", "-q", repo.dir, clone.dir]);
  clone.git("branch", "local-only", shas[0] as string);
  clone.git("pack-refs", "--all");
  shas.push(clone.commit("three", { "b.txt": "3\n" }));
  return { repo, clone, shas };
}

describe("refs and checkpoint shas read from the repository's files", () => {
  it.each(["loose", "packed"])("answer exactly as for-each-ref and cat-file do, with no git process (%s objects)", async (objects) => {
    const { clone, shas } = buildRepo();
    if (objects === "packed") clone.git("repack", "-a", "-d", "-q");
    const values = [...shas, ...shas.map((sha) => sha.slice(0, 7)), "0000000", "deadbeefdeadbeefdeadbeefdeadbeefdeadbeef", "main"];
    const { files, git } = await bothFacts(clone.dir);
    resetGitProcessCount();
    const fromFiles = await answers(files, values);
    expect(gitProcessCount()).toBe(1); // one cat-file for the values the files cannot vouch for ("0000000", the absent sha, "main")
    expect(fromFiles).toEqual(await answers(git, values));
    expect(fromFiles.refs.map((ref) => ref.refName)).toEqual([
      "refs/heads/local-only", "refs/heads/main", "refs/remotes/origin/feature/x", "refs/remotes/origin/main",
    ]);
    expect(fromFiles.remoteHead).toBe("refs/remotes/origin/main");
  });

  it("ask git for a value a ref is named after, an ambiguous prefix, or a tag", async () => {
    const { clone, shas } = buildRepo();
    const short = (shas[0] as string).slice(0, 7);
    clone.git("branch", short, shas[1] as string); // a branch named like an abbreviated sha wins over the sha
    const tag = clone.git("rev-parse", "v1").trim();
    const values = [short, tag, (shas[1] as string).slice(0, 4)];
    const { files, git } = await bothFacts(clone.dir);
    expect(await files.resolveCommits(values)).toEqual(await git.resolveCommits(values));
    expect((await files.resolveCommits([short])).get(short)).toBe(shas[1]);
  });

  it("fall back to git for a remote-tracking ref that is not a commit, or an odd ref file", async () => {
    const { clone } = buildRepo();
    const blob = clone.git("hash-object", "-w", "a.txt").trim();
    clone.git("update-ref", "refs/remotes/origin/blob", blob);
    const { files, git } = await bothFacts(clone.dir);
    resetGitProcessCount();
    expect(await files.refs()).toEqual(await git.refs());
    expect(gitProcessCount()).toBe(2);
    const odd = await bothFacts(clone.dir);
    writeFileSync(path.join(clone.dir, ".git", "refs", "heads", "odd"), "not a sha\n");
    resetGitProcessCount();
    expect(await odd.files.refs()).toEqual(await odd.git.refs());
    expect(gitProcessCount()).toBe(2);
  });

  it("read a linked work tree's HEAD mark from its own git folder", async () => {
    const { clone } = buildRepo();
    const linked = path.join(makeTempDir(), "linked");
    clone.git("worktree", "add", "-q", linked, "local-only");
    const dirs = await gitDirsOf(linked, "linked-worktree");
    if (!dirs) throw new Error("no git folders");
    const files = new RepoFacts(linked).knowConfigDirs({ ...dirs, topLevel: linked });
    resetGitProcessCount();
    const refs = await files.refs();
    expect(gitProcessCount()).toBe(0);
    expect(refs).toEqual(await new RepoFacts(linked).refs());
    expect(refs.find((ref) => ref.isHead)?.shortName).toBe("local-only");
  });
});

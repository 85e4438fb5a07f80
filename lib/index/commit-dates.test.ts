/**
 * Undated records dated by their last commit: answered from the one history log with files (a small repository
 * whose HEAD has no merge) exactly as the path-limited `git log` answers, and by that log otherwise.
 */
import { afterAll, describe, expect, it } from "vitest";
import { gitDirsOf } from "../git/fs-stamp";
import { RepoFacts } from "../git/repo-facts";
import { gitProcessCount, resetGitProcessCount } from "../git/runner";
import { removeTempDirs, TestRepo } from "../git/test-repo";
import { fillCommitDates } from "./commit-dates";
import type { PreparedDocument } from "./prepare";

afterAll(removeTempDirs);

function undated(path: string, folder?: string): PreparedDocument {
  const meta = folder ? { unit: { family: "memory-bank", folder } } : {};
  return { path, source: "worktree", parsed: { savedAt: null, savedAtSource: null, meta } } as unknown as PreparedDocument;
}

const records = () => [
  undated("notes.md"),
  undated("bank/active.md", "bank"),
  undated(" spaced.md"),
  undated("never-committed.md"),
  undated("was-a-folder"),
];

async function dates(repo: TestRepo, withFacts: boolean): Promise<{ dates: Array<string | null>; processes: number }> {
  const docs = records();
  let facts: RepoFacts | null = null;
  if (withFacts) {
    const dirs = await gitDirsOf(repo.dir, "worktree");
    if (!dirs) throw new Error("no git folders");
    facts = new RepoFacts(repo.dir).knowConfigDirs({ ...dirs, topLevel: repo.dir });
  }
  resetGitProcessCount();
  await fillCommitDates(repo.dir, docs, facts);
  return { dates: docs.map((doc) => doc.parsed?.savedAt ?? null), processes: gitProcessCount() };
}

function buildRepo(): TestRepo {
  const repo = TestRepo.create();
  repo.commit("one", { "notes.md": "1\n", "bank/active.md": "a\n", "was-a-folder/inner.md": "x\n" });
  repo.commit("two", { "bank/progress.md": "p\n", " spaced.md": "s\n" });
  repo.git("rm", "-q", "-r", "was-a-folder");
  repo.commit("three", { "was-a-folder": "now a file\n" });
  repo.commit("four", { "code.ts": "c\n" });
  repo.commit("five", { "notes.md": "5\n" });
  return repo;
}

describe("commit dates of undated records", () => {
  it("come from the history log with files, as the path-limited log gives them", async () => {
    const repo = buildRepo();
    const fromLog = await dates(repo, false);
    const fromHistory = await dates(repo, true);
    expect(fromHistory.dates).toEqual(fromLog.dates);
    expect(fromHistory.dates.filter(Boolean)).toHaveLength(3); // " spaced.md" is trimmed by both, never-committed.md has no commit
    // status (for HEAD) and the one log, which the freshness step then reuses
    expect(fromHistory.processes).toBe(2);
  });

  it("are asked of the path-limited log when HEAD's history has a merge", async () => {
    const repo = buildRepo();
    repo.git("checkout", "-q", "-b", "side", "HEAD~2");
    repo.commit("side", { "notes.md": "side\n" });
    repo.git("checkout", "-q", "main");
    repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-s", "ours", "-m", "merge side", "side");
    const fromLog = await dates(repo, false);
    const fromHistory = await dates(repo, true);
    expect(fromHistory.dates).toEqual(fromLog.dates);
    expect(fromHistory.processes).toBe(3);
  });
});

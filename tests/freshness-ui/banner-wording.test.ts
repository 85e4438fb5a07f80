import { describe, expect, it } from "vitest";
import { freshnessBanner, headline, parseFreshness, type FreshnessView } from "../../lib/derive/freshness-wording";

/** A stored freshness object as the indexer writes it, with overrides. */
function stored(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    newCommits: 0, bookkeepingCommits: 0, commitsSinceSavedAt: null, countBasis: "sha", headReachable: true,
    resolvedHeadSha: "be4ae573b4a591a4c6937a8e9b53e504a8a6eef2", branchMatches: true, currentBranch: "main",
    savedBranchExists: true, savedBranchMoved: 0, dirtySaved: 0, dirtyNow: 0, filesChanged: 0, missingFiles: [],
    modifiedFileStates: [], unmentionedModified: [], level: "fresh", reasons: [],
    ...overrides,
  };
}

function view(overrides: Record<string, unknown> = {}): FreshnessView {
  const parsed = parseFreshness(stored(overrides));
  if (!parsed) throw new Error("unparsable");
  return parsed;
}

describe("freshness banner wording", () => {
  it("says nothing for a fresh checkpoint, or one without freshness", () => {
    expect(freshnessBanner({ freshness: view(), branch: "main" })).toBeNull();
    expect(freshnessBanner({ freshness: view({ newCommits: 1, bookkeepingCommits: 1 }), branch: "main" })).toBeNull();
    expect(freshnessBanner({ freshness: parseFreshness(null), branch: "main" })).toBeNull();
    expect(parseFreshness("not json")).toBeNull();
  });

  it("one sentence, the deciding fact first: commits, bookkeeping, branch and files", () => {
    const f = view({ newCommits: 12, bookkeepingCommits: 3, filesChanged: 7, branchMatches: false, currentBranch: "main", level: "stale" });
    expect(headline(f, "feature/x", "be4ae57")).toBe(
      "12 commits since the save (3 bookkeeping), branch feature/x -> main, 7 files changed.",
    );
  });

  it("leaves out the bookkeeping count when there is none and uses the singular", () => {
    const f = view({ newCommits: 1, bookkeepingCommits: 0, filesChanged: 1, level: "slightly-stale" });
    expect(headline(f, "main", "abc1234")).toBe(
      "1 commit since the save, 1 file changed.",
    );
  });

  it("names a detached HEAD and strips refs/heads/ from the saved branch", () => {
    const f = view({ newCommits: 2, bookkeepingCommits: 0, branchMatches: false, currentBranch: null, level: "stale" });
    expect(headline(f, "refs/heads/topic", "abc1234")).toBe(
      "Branch topic -> detached HEAD, 2 commits since the save.",
    );
  });

  it("counts by the save time for families that record no commit", () => {
    const f = view({
      countBasis: "time", newCommits: null, commitsSinceSavedAt: 4, bookkeepingCommits: 0, resolvedHeadSha: null,
      headReachable: null, filesChanged: 14, level: "very-stale",
    });
    expect(headline(f, "main", null)).toBe(
      "4 commits since the save time (no commit recorded in the file), 14 files changed.",
    );
    const withBookkeeping = view({ countBasis: "time", newCommits: null, commitsSinceSavedAt: 4, bookkeepingCommits: 2, filesChanged: 0, level: "stale" });
    expect(headline(withBookkeeping, "main", null)).toBe(
      "4 commits since the save time (no commit recorded in the file; 2 bookkeeping).",
    );
  });

  it("says when the recorded commit is not in the repository", () => {
    const f = view({
      countBasis: "time", newCommits: null, commitsSinceSavedAt: 3, bookkeepingCommits: 0, resolvedHeadSha: null, headReachable: null,
      filesChanged: 2, level: "very-stale", reasons: ["3 commits since the save time (counted by date: no usable saved commit)", "saved commit does not exist in this repository"],
    });
    const banner = freshnessBanner({ freshness: f, branch: "main", recordedSha: "deadbeefcafe1234" });
    expect(banner?.headline).toBe(
      "The saved commit is not in this repository, 3 commits since the save time (the recorded commit is not in this repository), 2 files changed.",
    );
    expect(banner?.notes).toContain(
      "The commit this checkpoint recorded (deadbeefcafe) does not exist in this repository: rebased away and pruned, or saved in another clone.",
    );
  });

  it("says so when the saved commit was rebased away", () => {
    const reasons = ["5 commits since save", "saved commit is no longer in the current history (rebased or reset away)"];
    const inferred = freshnessBanner({ freshness: view({ newCommits: 5, headReachable: false, level: "very-stale", reasons }), branch: "main" });
    expect(inferred?.notes).toEqual([
      "The saved commit be4ae57 is no longer in the current history: it was rebased or reset away.",
    ]);
    expect(inferred?.reasons).toEqual(reasons);
    const explicit = freshnessBanner({ freshness: view({ newCommits: 5, headReachable: false, rebasedAway: true, level: "very-stale" }), branch: "main" });
    expect(explicit?.notes[0]).toMatch(/rebased or reset away/);
    // not in HEAD's history only because the repository is on another branch: not "rebased"
    const elsewhere = freshnessBanner({
      freshness: view({ newCommits: 2, headReachable: false, branchMatches: false, level: "stale", reasons: ["branch changed: topic -> main"] }),
      branch: "topic",
    });
    expect(elsewhere?.notes.some((n) => /rebased/.test(n))).toBe(false);
  });

  it("names the commits that touched its files exactly (issue 39)", () => {
    const one = view({ newCommits: 3, filesChanged: 2, filesTouched: 1, commitsTouching: 1, level: "slightly-stale" });
    expect(headline(one, "main", null)).toBe("3 commits since the save; 1 commit touched 1 of its files, 2 files changed.");
    const uncommitted = view({ newCommits: 2, filesChanged: 1, filesTouched: 1, commitsTouching: 0, level: "slightly-stale" });
    expect(headline(uncommitted, "main", null)).toMatch(/^2 commits since the save; 1 of its files changed/);
  });

  it("says when the saved branch is gone", () => {
    const gone = freshnessBanner({ freshness: view({ branchMatches: false, savedBranchExists: false, level: "very-stale" }), branch: "feature/old" });
    // the headline says it, once (issue 39: the banner does not repeat the branch)
    expect(gone?.headline).toMatch(/^Branch feature\/old is gone/);
    expect(gone?.notes.join(" ")).not.toContain("feature/old");
    const moved = freshnessBanner({ freshness: view({ branchMatches: false, savedBranchMoved: 3, level: "stale" }), branch: "topic" });
    expect(moved?.notes).toEqual([]);
  });

  it("lists missing files and compares the modified files with now", () => {
    const banner = freshnessBanner({
      freshness: view({
        level: "stale", missingFiles: ["docs/design.md"],
        modifiedFileStates: [
          { path: "src/a.ts", state: "still-modified" },
          { path: "src/b.ts", state: "committed-since" },
          { path: "src/c.ts", state: "untouched" },
          { path: "docs/design.md", state: "missing" },
          { path: "bogus", state: "exploded" },
        ],
        unmentionedModified: ["src/new.ts"],
      }),
      branch: "main",
    });
    expect(banner?.missingFiles).toEqual(["docs/design.md"]);
    expect(banner?.modified).toEqual({
      stillModified: ["src/a.ts"], committedSince: ["src/b.ts"], untouched: ["src/c.ts"], missing: ["docs/design.md"], unmentioned: ["src/new.ts"],
    });
    expect(banner?.headline).toBe("1 referenced file missing.");
  });

  it("explains an unknown level instead of guessing", () => {
    const banner = freshnessBanner({
      freshness: view({ level: "unknown", newCommits: null, countBasis: null, reasons: ["no saved commit and no save time: cannot tell how far the repository moved"] }),
      branch: null,
    });
    expect(banner?.headline).toBe("Cannot tell how far the code moved: this checkpoint recorded neither a usable commit nor a save time.");
    expect(banner?.reasons).toHaveLength(1);
  });

  it("reads old or odd stored objects without throwing", () => {
    expect(parseFreshness({ level: "weird", reasons: [1, "ok"] })).toMatchObject({ level: "unknown", reasons: ["ok"], newCommits: null, missingFiles: [] });
    expect(parseFreshness([])).toBeNull();
  });

  it("leads with where the work landed, with age beside the level", () => {
    const f = view({ level: "fresh", ageDays: 40.2, landed: { into: "main", commit: "abc1234def5678abc1234def5678abc1234def56", at: "2026-11-28T10:00:00Z", merge: true } });
    const banner = freshnessBanner({ freshness: f, branch: "feature/x", now: new Date("2026-12-01T12:00:00Z") });
    expect(banner?.headline).toBe("Landed in main 3 days ago, merge abc1234: the work of this checkpoint is done there.");
    expect(banner?.age).toBe("saved 40 days ago");
  });

  it("notes a save dated in the future and the agent's own files counted apart", () => {
    const banner = freshnessBanner({ freshness: view({ level: "slightly-stale", newCommits: 2, savedInFuture: true, bookkeepingFiles: 3 }), branch: "main" });
    expect(banner?.notes).toContain("The save time is in the future: clock skew? Lists sort it by its commit time instead.");
    expect(banner?.notes.some((n) => n.startsWith("3 files of the agent's own"))).toBe(true);
  });
});

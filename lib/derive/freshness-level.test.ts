import { describe, expect, it } from "vitest";
import { decideFreshnessLevel, FRESHNESS_LIMITS, type LevelFacts } from "./freshness-level";

function facts(overrides: Partial<LevelFacts>): LevelFacts {
  return {
    hasBasis: true, realCommits: 0, countBasis: "sha", bookkeepingCommits: 0, ageDays: 0.1,
    filesChanged: 0, filesMoved: 0, savedBranch: "main", currentBranch: "main", branchMatches: true,
    savedBranchExists: true, savedBranchMoved: 0, missingFiles: 0, dirtySaved: null, dirtyNow: 0,
    rebasedAway: false, savedCommitGone: false, beyondHistoryWindow: false, extraReasons: [],
    ...overrides,
  };
}

const level = (overrides: Partial<LevelFacts>) => decideFreshnessLevel(facts(overrides)).level;

describe("decideFreshnessLevel", () => {
  it("fresh: no real commits, same branch, nothing missing, under a day", () => {
    expect(decideFreshnessLevel(facts({})).level).toBe("fresh");
    expect(level({ bookkeepingCommits: 4 })).toBe("fresh");
  });

  it("grades real commits at the limits", () => {
    const { realCommits } = FRESHNESS_LIMITS;
    expect(level({ realCommits: realCommits.fresh + 1 })).toBe("slightly-stale");
    expect(level({ realCommits: realCommits.slightlyStale })).toBe("slightly-stale");
    expect(level({ realCommits: realCommits.slightlyStale + 1 })).toBe("stale");
    expect(level({ realCommits: realCommits.stale })).toBe("stale");
    expect(level({ realCommits: realCommits.stale + 1 })).toBe("very-stale");
  });

  it("never grades by age; grades moved files", () => {
    expect(level({ ageDays: 2 })).toBe("fresh");
    expect(level({ ageDays: 90 })).toBe("fresh");
    expect(level({ filesMoved: 3 })).toBe("fresh");
    expect(level({ filesMoved: 10, filesChanged: 12 })).toBe("slightly-stale");
    expect(level({ filesMoved: 51, filesChanged: 60 })).toBe("very-stale");
  });

  it("branch mismatch and missing files are at least stale; lost history is very stale", () => {
    expect(level({ branchMatches: false })).toBe("stale");
    expect(level({ missingFiles: 1 })).toBe("stale");
    expect(level({ rebasedAway: true })).toBe("very-stale");
    expect(level({ savedBranchExists: false })).toBe("very-stale");
    expect(level({ savedCommitGone: true })).toBe("very-stale");
  });

  it("unknown without a saved commit and without a save time", () => {
    const verdict = decideFreshnessLevel(facts({ hasBasis: false, realCommits: null, ageDays: null, branchMatches: false }));
    expect(verdict.level).toBe("unknown");
    expect(verdict.reasons).toContain("branch changed: main -> main");
  });

  it("explains itself in plain words, the deciding reason first", () => {
    const verdict = decideFreshnessLevel(
      facts({ realCommits: 9, bookkeepingCommits: 3, branchMatches: false, currentBranch: "main", savedBranch: "feature/x", missingFiles: 2, dirtySaved: 2, dirtyNow: 5 }),
    );
    expect(verdict.reasons).toEqual([
      "12 commits since the save (3 bookkeeping)",
      "branch changed: feature/x -> main",
      "2 referenced files missing",
      "dirty files: 2 at save, 5 now",
    ]);
    const decidedByBranch = decideFreshnessLevel(facts({ realCommits: 1, bookkeepingCommits: 0, savedBranchExists: false, savedBranch: "spike" }));
    expect(decidedByBranch.reasons[0]).toBe("saved branch spike no longer exists");
  });
});

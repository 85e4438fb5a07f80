import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, TestRepo } from "../git/test-repo";
import { computeFreshness, type Freshness, type SaveInput } from "./freshness";

afterAll(removeTempDirs);

const NOW = new Date("2026-03-01T12:00:00Z");
const HOURS_AGO = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

function save(overrides: Partial<SaveInput> & { id?: string }): SaveInput {
  return { id: "s", headSha: null, branch: null, savedAt: null, dirtySaved: null, referencedFiles: [], modifiedFiles: [], ...overrides };
}

async function freshnessOf(dir: string, input: SaveInput): Promise<Freshness> {
  const result = await computeFreshness(dir, [input], NOW);
  return result.get(input.id) as Freshness;
}

/** git's own answer for "files changed since base, plus dirty now". */
function filesChangedOracle(repo: TestRepo, base: string): number {
  const committed = repo.git("diff", "--name-only", "--no-renames", base, "HEAD").split("\n").filter(Boolean);
  const dirty = repo.git("status", "--porcelain=v1", "-z").split("\u0000").filter((t) => t.length > 3).map((t) => t.slice(3));
  return new Set([...committed, ...dirty]).size;
}

describe("linear history", () => {
  const repo = TestRepo.create();
  const c1 = repo.commit("one", { "a.txt": "1\n" });
  const c2 = repo.commit("two", { "b.txt": "2\n" });
  repo.commit("chore(checkpoint): save progress", { ".claude/checkpoints/one.md": "x\n" });
  repo.commit("three", { "a.txt": "3\n" });
  repo.commit("chore(session): notes", { "notes.md": "n\n" });
  repo.commit("four", { "c.txt": "4\n" });
  const head = repo.sha("HEAD");

  it("counts commits since the save like git, bookkeeping apart", async () => {
    const f = await freshnessOf(repo.dir, save({ headSha: c2.slice(0, 7), branch: "main", savedAt: HOURS_AGO(2) }));
    expect(f.resolvedHeadSha).toBe(c2);
    expect(f.countBasis).toBe("sha");
    expect(f.newCommits).toBe(repo.countBetween(c2));
    expect(f.newCommits).toBe(4);
    expect(f.bookkeepingCommits).toBe(Number(repo.git("rev-list", "--count", "--grep=^chore(checkpoint):", "--grep=^chore(session):", `${c2}..HEAD`).trim()));
    expect(f.headReachable).toBe(true);
    expect(f.branchMatches).toBe(true);
    expect(f.currentBranch).toBe("main");
    // the checkpoint file under .claude/ is the agent's own: counted apart, not as a changed file
    expect(f.filesChanged).toBe(filesChangedOracle(repo, c2) - 1);
    expect(f.bookkeepingFiles).toBe(1);
    expect(f.dirtyNow).toBe(0);
    expect(f.level).toBe("slightly-stale");
    expect(f.reasons).toContain("4 commits since the save (2 bookkeeping)");
  });

  it("a save at HEAD an hour ago is fresh; only bookkeeping since stays fresh", async () => {
    expect((await freshnessOf(repo.dir, save({ headSha: head, branch: "main", savedAt: HOURS_AGO(1) }))).level).toBe("fresh");
    const bookkeepingOnly = TestRepo.create();
    const base = bookkeepingOnly.commit("work", { "w.txt": "w\n" });
    bookkeepingOnly.commit("chore(checkpoint): save", { ".claude/checkpoints/a.md": "a\n" });
    const f = await freshnessOf(bookkeepingOnly.dir, save({ headSha: base, branch: "main", savedAt: HOURS_AGO(1) }));
    expect([f.newCommits, f.bookkeepingCommits, f.level]).toEqual([1, 1, "fresh"]);
  });

  it("grades by real commits; age is reported beside the level and never raises it", async () => {
    const many = TestRepo.create();
    const base = many.commit("base", { "x.txt": "0\n" });
    for (let i = 1; i <= 21; i += 1) many.commit(`work ${i}`, { [`f${i % 3}.txt`]: `${i}\n` });
    const f = await freshnessOf(many.dir, save({ headSha: base, branch: "main", savedAt: HOURS_AGO(1) }));
    expect([f.newCommits, f.level]).toEqual([many.countBetween(base), "very-stale"]);
    const old = await freshnessOf(repo.dir, save({ headSha: head, branch: "main", savedAt: HOURS_AGO(24 * 5) }));
    expect(old.level).toBe("fresh");
    expect(old.ageDays).toBe(5);
    const ninetyDays = await freshnessOf(repo.dir, save({ headSha: head, savedAt: HOURS_AGO(24 * 90) }));
    expect([ninetyDays.level, ninetyDays.ageDays]).toEqual(["fresh", 90]);
  });

  it("ignores hostile or malformed sha text and says so", async () => {
    const f = await freshnessOf(repo.dir, save({ headSha: "--output=/tmp/nope", branch: "main" }));
    expect([f.newCommits, f.resolvedHeadSha, f.level]).toEqual([null, null, "unknown"]);
    expect(f.reasons.join(" ")).toMatch(/not a commit id/);
  });

  it("a well-formed sha this repository lacks is very stale", async () => {
    const f = await freshnessOf(repo.dir, save({ headSha: "deadbeefdeadbeef", savedAt: HOURS_AGO(1) }));
    expect([f.resolvedHeadSha, f.newCommits, f.countBasis, f.level]).toEqual([null, null, "time", "very-stale"]);
    expect(c1).not.toBe(c2);
  });
});

describe("history shapes", () => {
  it("merge: newCommits equals git rev-list --count", async () => {
    const repo = TestRepo.create();
    repo.commit("root", { "a.txt": "a\n" });
    repo.git("checkout", "-q", "-b", "side");
    const sideSave = repo.commit("side one", { "s.txt": "1\n" });
    repo.commit("side two", { "s.txt": "2\n" });
    repo.git("checkout", "-q", "main");
    const mainSave = repo.commit("main one", { "m.txt": "1\n" });
    repo.commit("main two", { "m.txt": "2\n" });
    repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "merge", "side");
    repo.commit("after", { "z.txt": "z\n" });
    const result = await computeFreshness(repo.dir, [save({ id: "side", headSha: sideSave }), save({ id: "main", headSha: mainSave })], NOW);
    expect(result.get("side")?.newCommits).toBe(repo.countBetween(sideSave));
    expect(result.get("main")?.newCommits).toBe(repo.countBetween(mainSave));
    expect(result.get("side")?.headReachable).toBe(true);
  });

  it("rebased-away sha: headReachable false, very stale, count still as git", async () => {
    const repo = TestRepo.create();
    repo.commit("root", { "a.txt": "a\n" });
    repo.git("checkout", "-q", "-b", "feature");
    const saved = repo.commit("feature work", { "f.txt": "f\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main moves", { "m.txt": "m\n" });
    repo.git("checkout", "-q", "feature");
    repo.git("-c", "user.name=t", "-c", "user.email=t@e", "rebase", "-q", "main");
    const f = await freshnessOf(repo.dir, save({ headSha: saved, branch: "feature", savedAt: HOURS_AGO(1) }));
    expect(f.resolvedHeadSha).toBe(saved);
    expect(f.headReachable).toBe(false);
    expect(f.newCommits).toBe(repo.countBetween(saved));
    expect(f.level).toBe("very-stale");
  });

  it("deleted saved branch is very stale unless its work landed; a moved saved branch is counted", async () => {
    const repo = TestRepo.create();
    repo.commit("root", { "a.txt": "a\n" });
    repo.git("checkout", "-q", "-b", "abandoned");
    const abandonedSave = repo.commit("abandoned work", { "z.txt": "z\n" });
    repo.git("checkout", "-q", "main");
    repo.git("branch", "-q", "-D", "abandoned");
    repo.git("checkout", "-q", "-b", "topic");
    const topicSave = repo.commit("topic work", { "t.txt": "t\n" });
    repo.git("checkout", "-q", "-b", "feature/x");
    const featureSave = repo.commit("feature work", { "f.txt": "1\n" });
    repo.commit("feature more", { "f.txt": "2\n" });
    repo.commit("feature even more", { "f.txt": "3\n" });
    repo.git("checkout", "-q", "main");
    repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "merge topic", "topic");
    repo.git("branch", "-q", "-D", "topic");
    const result = await computeFreshness(
      repo.dir,
      [
        save({ id: "topic", headSha: topicSave, branch: "topic" }),
        save({ id: "feature", headSha: featureSave, branch: "feature/x" }),
        save({ id: "abandoned", headSha: abandonedSave, branch: "abandoned" }),
      ],
      NOW,
    );
    const abandoned = result.get("abandoned") as Freshness;
    expect([abandoned.savedBranchExists, abandoned.branchMatches, abandoned.landed, abandoned.level]).toEqual([false, false, null, "very-stale"]);
    expect(abandoned.reasons).toContain("branch changed: abandoned -> main");
    // merged into main, then deleted: landed, and the deleted branch no longer counts against it
    const topic = result.get("topic") as Freshness;
    expect([topic.savedBranchExists, topic.branchMatches]).toEqual([false, false]);
    expect(topic.landed).toMatchObject({ into: "main", merge: true });
    expect(topic.level).not.toBe("very-stale");
    const feature = result.get("feature") as Freshness;
    expect(feature.savedBranchExists).toBe(true);
    expect(feature.savedBranchMoved).toBe(repo.countBetween(featureSave, "feature/x"));
    expect(feature.savedBranchMoved).toBe(2);
    expect(feature.level).toBe("stale");
  });

  it("detached HEAD", async () => {
    const repo = TestRepo.create();
    const first = repo.commit("one", { "a.txt": "1\n" });
    repo.commit("two", { "a.txt": "2\n" });
    repo.git("checkout", "-q", "--detach", first);
    const result = await computeFreshness(repo.dir, [save({ id: "m", headSha: first, branch: "main" }), save({ id: "d", headSha: first, branch: "HEAD" })], NOW);
    expect(result.get("m")).toMatchObject({ currentBranch: null, branchMatches: false, newCommits: 0, level: "stale" });
    expect(result.get("m")?.reasons).toContain("branch changed: main -> detached HEAD");
    expect(result.get("d")).toMatchObject({ branchMatches: true, savedBranchExists: null, level: "fresh" });
  });

  it("save with only savedAt is counted by time", async () => {
    const repo = TestRepo.create();
    repo.commit("one", { "a.txt": "1\n" }, new Date("2026-02-01T10:00:00Z"));
    repo.commit("two", { "a.txt": "2\n" }, new Date("2026-02-01T11:00:00Z"));
    repo.commit("chore(checkpoint): save", { "cp.md": "c\n" }, new Date("2026-02-01T12:00:00Z"));
    repo.commit("three", { "b.txt": "3\n" }, new Date("2026-02-01T13:00:00Z"));
    const savedAt = "2026-02-01T11:30:00Z";
    const f = await freshnessOf(repo.dir, save({ savedAt, branch: "main" }));
    const savedEpoch = Date.parse(savedAt) / 1000;
    const after = repo.git("log", "--format=%ct %s", "HEAD").split("\n").filter(Boolean).filter((l) => Number(l.split(" ")[0]) > savedEpoch);
    expect(f.countBasis).toBe("time");
    expect(f.newCommits).toBeNull();
    expect(f.commitsSinceSavedAt).toBe(after.length);
    expect(f.bookkeepingCommits).toBe(after.filter((l) => l.includes("chore(checkpoint):")).length);
    expect(f.filesChanged).toBe(filesChangedOracle(repo, repo.sha("HEAD~2")));
    expect(f.reasons.join(" ")).toMatch(/since the save time/);
    expect(f.level).toBe("slightly-stale"); // 1 real commit; 28 days old does not count
  });
});

describe("files", () => {
  it("still-modified, committed-since, untouched, missing; unmentioned dirty files; missing references", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("base", { "dirty.ts": "1\n", "committed.ts": "1\n", "untouched.ts": "1\n", "deleted.ts": "1\n", "docs/plan.md": "p\n" });
    repo.commit("commit one", { "committed.ts": "2\n" });
    repo.write("dirty.ts", "2\n");
    repo.write("surprise.ts", "new\n");
    rmSync(`${repo.dir}/deleted.ts`);
    repo.git("add", "-A", "deleted.ts");
    repo.git("commit", "-q", "-m", "remove deleted.ts");
    const f = await freshnessOf(
      repo.dir,
      save({
        headSha: saved,
        branch: "main",
        savedAt: HOURS_AGO(3),
        dirtySaved: 4,
        modifiedFiles: ["dirty.ts", "./committed.ts", "untouched.ts", "deleted.ts"],
        referencedFiles: ["docs/plan.md", "docs/gone.md", "../outside.md", "deleted.ts"],
      }),
    );
    expect(f.modifiedFileStates).toEqual([
      { path: "dirty.ts", state: "still-modified" },
      { path: "committed.ts", state: "committed-since" },
      { path: "untouched.ts", state: "untouched" },
      { path: "deleted.ts", state: "missing" },
    ]);
    expect(f.unmentionedModified).toEqual(["surprise.ts"]);
    expect(f.missingFiles).toEqual(["docs/gone.md", "deleted.ts"]);
    expect(f.dirtyNow).toBe(repo.git("status", "--short").split("\n").filter(Boolean).length);
    expect(f.filesChanged).toBe(filesChangedOracle(repo, saved));
    expect(f.level).toBe("stale");
    expect(f.reasons).toContain("2 referenced files missing");
  });
});

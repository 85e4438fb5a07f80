/** Issue 13's freshness rules, each against a real temporary git repository. */
import { afterAll, describe, expect, it } from "vitest";
import { computeFreshness, type Freshness, type SaveInput } from "../../lib/derive/freshness";
import { computeLineage } from "../../lib/derive/freshness-lineage";
import { removeTempDirs, TestRepo } from "../../lib/git/test-repo";

afterAll(removeTempDirs);

const NOW = new Date("2026-03-01T12:00:00Z");

function save(overrides: Partial<SaveInput>): SaveInput {
  return { id: "s", headSha: null, branch: "main", savedAt: null, dirtySaved: 0, referencedFiles: [], modifiedFiles: [], ...overrides };
}

async function freshnessOf(dir: string, input: SaveInput, documentPaths: string[] = []): Promise<Freshness> {
  const result = await computeFreshness(dir, [input], NOW, undefined, { documentPaths });
  return result.get(input.id) as Freshness;
}

describe("the agent's own files are counted apart", () => {
  it("files under .claude/, CLAUDE.md, PROMPT.md and indexed documents never make a save stale", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("work", { "src/a.ts": "1\n" }, new Date("2026-02-28T10:00:00Z"));
    // nine of the agent's own files change (the next checkpoint, Complete, notes), plus one code file
    repo.commit("docs: notes", {
      ".claude/checkpoints/20260228-120000-next.html": "<html></html>\n",
      ".claude/PROJECT-NOTES.md": "# Project Notes\n",
      ".claude/last-session.md": "# Last session\n",
      "CLAUDE.md": "# Recent sessions\n",
      "pkg/CLAUDE.md": "# Recent sessions\n",
      "docs/handoff-notes.md": "indexed as a document\n",
    }, new Date("2026-02-28T11:00:00Z"));
    repo.write("PROMPT.md", "# Checkpoint: x\n");
    const f = await freshnessOf(repo.dir, save({ headSha: saved, savedAt: "2026-02-28T10:30:00Z" }), ["docs/handoff-notes.md"]);
    expect(f.filesChanged).toBe(0);
    expect(f.bookkeepingFiles).toBe(7);
    // the commit touched only the agent's files: bookkeeping, whatever its subject
    expect([f.newCommits, f.bookkeepingCommits]).toEqual([1, 1]);
    expect(f.level).toBe("fresh");
  });

  it("a commit touching code as well is real work", async () => {
    const repo = TestRepo.create();
    const saved = repo.commit("work", { "src/a.ts": "1\n" });
    repo.commit("chore: mixed", { ".claude/notes.md": "n\n", "src/a.ts": "2\n" });
    const f = await freshnessOf(repo.dir, save({ headSha: saved, savedAt: "2026-02-28T10:30:00Z", referencedFiles: ["src/a.ts"] }));
    expect([f.newCommits, f.bookkeepingCommits, f.filesChanged, f.bookkeepingFiles, f.filesTouched]).toEqual([1, 0, 1, 1, 1]);
    expect(f.level).toBe("slightly-stale");
  });
});

describe("age is beside the level, never the level", () => {
  it("a checkpoint saved 90 days ago at today's HEAD with nothing changed is fresh", async () => {
    const repo = TestRepo.create();
    const head = repo.commit("work", { "a.txt": "1\n" });
    const f = await freshnessOf(repo.dir, save({ headSha: head, savedAt: "2025-12-01T12:00:00Z" }));
    expect(f.level).toBe("fresh");
    expect(f.ageDays).toBe(90);
    expect(f.reasons).toEqual([]);
  });
});

describe("landed in the default branch", () => {
  it("a feature save merged into main after the save has landed, with the merge commit", async () => {
    const repo = TestRepo.create();
    repo.commit("base", { "a.txt": "0\n" });
    repo.git("checkout", "-q", "-b", "feature/x");
    const saved = repo.commit("feature work", { "b.txt": "1\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main moves", { "c.txt": "1\n" });
    repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "Merge feature/x", "feature/x");
    const merge = repo.sha("HEAD");
    repo.git("branch", "-q", "-D", "feature/x");
    const f = await freshnessOf(repo.dir, save({ headSha: saved, branch: "feature/x", savedAt: "2026-01-01T00:02:30Z" }));
    expect(f.landed).toMatchObject({ into: "main", commit: merge, merge: true });
    expect(Date.parse(f.landed?.at ?? "")).toBeGreaterThan(Date.parse("2026-01-01T00:02:30Z"));
  });

  it("a fast-forward of later work on the saved branch has landed; a branch point has not", async () => {
    const repo = TestRepo.create();
    const base = repo.commit("base", { "a.txt": "0\n" });
    repo.git("checkout", "-q", "-b", "feature/y");
    const saved = repo.commit("feature work", { "b.txt": "1\n" });
    const tip = repo.commit("more work after the save", { "b.txt": "2\n" });
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--ff-only", "feature/y");
    const landed = await freshnessOf(repo.dir, save({ headSha: saved, branch: "feature/y", savedAt: "2026-01-01T00:02:30Z" }));
    expect(landed.landed).toMatchObject({ into: "main", commit: tip, merge: false });

    // a new branch saved at main's own commit: nothing of its own, nothing landed
    repo.git("branch", "-q", "feature/z", base);
    const branchPoint = await freshnessOf(repo.dir, save({ headSha: base, branch: "feature/z", savedAt: "2026-01-01T00:01:30Z" }));
    expect(branchPoint.landed).toBeNull();
    // saves on main itself never "land"
    expect((await freshnessOf(repo.dir, save({ headSha: saved, branch: "main", savedAt: "2026-01-01T00:02:30Z" }))).landed).toBeNull();
  });

  it("follows origin/HEAD when it names the default branch", async () => {
    const repo = TestRepo.create();
    repo.commit("base", { "a.txt": "0\n" });
    repo.git("branch", "-q", "-m", "main", "trunk");
    repo.git("checkout", "-q", "-b", "topic");
    const saved = repo.commit("topic work", { "t.txt": "1\n" });
    repo.git("checkout", "-q", "trunk");
    repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-ff", "-m", "Merge topic", "topic");
    repo.git("update-ref", "refs/remotes/origin/trunk", "HEAD");
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk");
    const f = await freshnessOf(repo.dir, save({ headSha: saved, branch: "topic", savedAt: "2026-01-01T00:02:10Z" }));
    expect(f.landed?.into).toBe("trunk");
  });
});

describe("dates from the future", () => {
  it("a save more than five minutes ahead of now is flagged", async () => {
    const repo = TestRepo.create();
    const head = repo.commit("work", { "a.txt": "1\n" });
    const ahead = await freshnessOf(repo.dir, save({ headSha: head, savedAt: new Date(NOW.getTime() + 86_400_000).toISOString() }));
    expect(ahead.savedInFuture).toBe(true);
    expect(ahead.reasons).toContain("saved in the future: clock skew?");
    expect(ahead.savedCommitAt).toBe("2026-01-01T00:01:00.000Z");
    const slightly = await freshnessOf(repo.dir, save({ headSha: head, savedAt: new Date(NOW.getTime() + 60_000).toISOString() }));
    expect(slightly.savedInFuture).toBe(false);
  });
});

describe("time-only saves count the commits the diff page lists", () => {
  it("counts commits after the last commit made before the save", async () => {
    const repo = TestRepo.create();
    repo.commit("one", { "a.txt": "1\n" }, new Date("2026-02-01T10:00:00Z"));
    const before = repo.commit("two", { "a.txt": "2\n" }, new Date("2026-02-01T11:00:00Z"));
    repo.commit("three", { "b.txt": "3\n" }, new Date("2026-02-01T13:00:00Z"));
    repo.commit("four", { "b.txt": "4\n" }, new Date("2026-02-01T14:00:00Z"));
    const f = await freshnessOf(repo.dir, save({ savedAt: "2026-02-01T11:30:00Z" }));
    expect(f.countBasis).toBe("time");
    expect(f.commitsSinceSavedAt).toBe(repo.countBetween(before));
  });
});

describe("lineage", () => {
  const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T10:00:00.000Z`;
  it("groups parts of one task, and supersedes only by the next save of the same work", () => {
    const result = computeLineage([
      { id: "a1", path: ".claude/checkpoints/20261101-100000-rate-limiter-part-1.html", format: "html", title: "Rate limiter (part 1)", savedAt: at(1), checkpointSlug: null },
      { id: "b1", path: ".claude/checkpoints/20261102-100000-csv-export.html", format: "html", title: "CSV export of invoices", savedAt: at(2), checkpointSlug: null },
      { id: "a2", path: ".claude/checkpoints/20261103-100000-rate-limiter-part-2.html", format: "html", title: "Rate limiter (part 2)", savedAt: at(3), checkpointSlug: null },
      { id: "a3", path: ".claude/checkpoints/20261104-100000-rate-limiter-part-3.html", format: "html", title: "Rate Limiter — step 3, 2026-11-04", savedAt: at(4), checkpointSlug: null },
      { id: "h1", path: ".claude/handoffs/2026-11-01-100000-auth.md", format: "handoff", title: "Handoff: auth", savedAt: at(1), checkpointSlug: null },
      { id: "h2", path: ".claude/handoffs/2026-11-05-100000-auth.md", format: "handoff", title: "Auth flow", savedAt: at(5), checkpointSlug: null },
    ]);
    expect(result.get("a1")?.lineage).toBe(result.get("a2")?.lineage);
    expect(result.get("a3")?.lineage).toBe(result.get("a1")?.lineage);
    expect(result.get("b1")?.lineage).not.toBe(result.get("a1")?.lineage);
    expect(result.get("a1")?.supersededBy).toBe("a2");
    expect(result.get("a2")?.supersededBy).toBe("a3");
    expect(result.get("a3")?.supersededBy).toBeNull();
    // a newer save of another task on the same branch supersedes nothing
    expect(result.get("b1")?.supersededBy).toBeNull();
    // file-name stems without their timestamps
    expect(result.get("h1")?.supersededBy).toBe("h2");
  });

  it("a slug named by jacked:checkpoint joins its checkpoint; generic titles join nothing", () => {
    const result = computeLineage([
      { id: "c", path: ".claude/checkpoints/20261101-100000-importer.html", format: "html", title: "Importer", savedAt: at(1), checkpointSlug: null },
      { id: "r", path: ".claude/checkpoints/20261102-100000-other.md", format: "frontmatter-md", title: "Other", savedAt: at(2), checkpointSlug: "importer" },
      { id: "g1", path: "notes/a.md", format: "other-md", title: "Checkpoint", savedAt: at(1), checkpointSlug: null },
      { id: "g2", path: "notes/b.md", format: "other-md", title: "Checkpoint", savedAt: at(2), checkpointSlug: null },
    ]);
    expect(result.get("c")?.supersededBy).toBe("r");
    expect(result.get("g1")?.lineage).not.toBe(result.get("g2")?.lineage);
  });
});

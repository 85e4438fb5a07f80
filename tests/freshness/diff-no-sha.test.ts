/** The diff page without a saved commit: it lists the commits the banner counts, and marks the agent's own work. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, repositories, type NewDocumentRow } from "../../db/schema";
import { computeFreshness } from "../../lib/derive/freshness";
import { removeTempDirs, TestRepo } from "../../lib/git/test-repo";
import { loadDiffPage } from "../../lib/queries/freshness";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let repo: TestRepo;
const ids = { early: "b000000000000001", later: "b000000000000002" };

function doc(id: string, repositoryId: number, extra: Partial<NewDocumentRow>): NewDocumentRow {
  return {
    id, repositoryId, path: `.claude/session-state/checkpoints/${id}.md`, absPath: `/nowhere/${id}.md`, format: "session-state", kind: "checkpoint",
    contentHash: id, mtimeMs: 0, size: 0, indexedAt: "2026-03-01T00:00:00Z", savedAtSource: "file", ...extra,
  };
}

beforeAll(() => {
  space = tempSpace("cairn-no-sha-");
  repo = TestRepo.create();
  repo.commit("feat: one", { "src/a.ts": "1\n" }, new Date("2026-02-01T10:00:00Z"));
  repo.commit("feat: two", { "src/a.ts": "2\n" }, new Date("2026-02-01T12:00:00Z"));
  repo.commit("notes", { ".claude/PROJECT-NOTES.md": "# Project Notes\n", "CLAUDE.md": "# x\n" }, new Date("2026-02-01T13:00:00Z"));
  const db = space.db();
  const repoId = db.insert(repositories).values({ path: repo.dir, name: "r", currentBranch: "main" }).returning({ id: repositories.id }).get().id;
  db.insert(documents)
    .values([
      // saved before the repository's first commit (a clock or an import): every commit came after it
      doc(ids.early, repoId, { savedAt: "2026-01-15T09:00:00Z" }),
      doc(ids.later, repoId, { savedAt: "2026-02-01T11:00:00Z" }),
    ])
    .run();
}, 60_000);
afterAll(() => {
  space.cleanup();
  removeTempDirs();
});

describe("diff page without a saved commit", () => {
  it("lists the same commits the banner counts, from the last commit before the save", async () => {
    const freshness = await computeFreshness(repo.dir, [{ id: ids.later, headSha: null, branch: "main", savedAt: "2026-02-01T11:00:00Z", dirtySaved: null, referencedFiles: [], modifiedFiles: [] }]);
    const f = freshness.get(ids.later);
    const data = await loadDiffPage(space.db(), ids.later, {});
    expect(data?.basis).toBe("time");
    if (data?.outcome.kind !== "diff") throw new Error(JSON.stringify(data?.outcome));
    expect(data.outcome.diff.commits.map((c) => c.subject)).toEqual(["notes", "feat: two"]);
    expect(data.outcome.diff.commits).toHaveLength(f?.commitsSinceSavedAt ?? -1);
    // a commit touching only the agent's own files is bookkeeping on the page as in the count
    expect(data.outcome.diff.commits.find((c) => c.subject === "notes")?.bookkeeping).toBe(true);
    expect(f?.bookkeepingCommits).toBe(1);
    expect(data.agentFiles.sort()).toEqual([".claude/PROJECT-NOTES.md", "CLAUDE.md"]);
    expect(data.notices.join(" ")).toMatch(/1 code file changed; 2 more are the agent's own/);
  });

  it("a save older than every commit is compared with an empty repository instead of showing nothing", async () => {
    const data = await loadDiffPage(space.db(), ids.early, {});
    if (data?.outcome.kind !== "diff") throw new Error(JSON.stringify(data?.outcome));
    expect(data.outcome.diff.commits).toHaveLength(3);
    expect(data.outcome.diff.stat.files.map((f) => f.path)).toContain("src/a.ts");
    expect(data.notices.join(" ")).toMatch(/every commit came after it/);
  });
});

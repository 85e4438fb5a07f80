import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, buildFixtureWorld, day } from "../../e2e/support/fixture-world";
import { tempSpace, type TempSpace } from "../../tests/support/temp";
import { indexRoots } from "../index/indexer";
import { checkpointPage } from "./checkpoint";
import { checkpointListQuery, listCheckpoints } from "./checkpoint-list";
import { overviewData, repositorySummaries } from "./overview";
import { problemsByRepository } from "./problems";
import { repositoryListing, repositoryListQuery, repositoryPage, repoTableQuery, sortRepositories } from "./repository";

let space: TempSpace;
const idOf = (title: string) =>
  (space.db().$client.prepare("SELECT id FROM documents WHERE title = ?").get(title) as { id: string }).id;

beforeAll(async () => {
  space = tempSpace("cairn-browse-");
  const world = buildFixtureWorld(`${space.dir}/world`);
  await indexRoots(space.db(), { roots: [world.root], home: world.home, saveRoots: true });
}, 120_000);
afterAll(() => space.cleanup());

describe("overview", () => {
  it("counts what needs attention, per repository", () => {
    const data = overviewData(space.db());
    expect(data.counts.repositories).toBe(2);
    expect(data.counts.withSecrets).toBe(1);
    expect(data.counts.problemFiles).toBe(2);
    expect(data.counts.inProgress).toBeGreaterThan(0);
    const first = data.hygiene.find((h) => h.name === "project-001")!;
    const second = data.hygiene.find((h) => h.name === "project-002")!;
    expect(first.branchGone).toBe(1);
    expect(second.archives).toBe(FIXTURE.archives + 1);
    expect(data.families.find((f) => f.format === "html" && f.kind === "checkpoint")!.count).toBe(2 * FIXTURE.htmlCheckpoints + 6);
  });

  it("sees a change made through another connection", () => {
    const before = repositorySummaries(space.db()).find((r) => r.name === "project-001")!.inProgress;
    const other = new Database(space.dbPath);
    other.prepare("INSERT INTO cairn_completions (document_id, completed_at) VALUES (?, ?)").run(idOf(FIXTURE.goneTitle), new Date().toISOString());
    other.close();
    expect(repositorySummaries(space.db()).find((r) => r.name === "project-001")!.inProgress).toBe(before - 1);
    space.db().$client.prepare("DELETE FROM cairn_completions").run();
    expect(repositorySummaries(space.db()).find((r) => r.name === "project-001")!.inProgress).toBe(before);
  });
});

describe("checkpoint page", () => {
  it("links plans and research by path; previous/next follow the lineage, other work on the branch is a neutral link", () => {
    const plan = checkpointPage(space.db(), idOf(FIXTURE.planCheckpointTitle))!;
    expect(plan.links).toEqual([expect.objectContaining({ path: FIXTURE.planPath, role: "plan", document: expect.objectContaining({ title: FIXTURE.planTitle }) })]);
    // another task saved earlier on the same branch is not this one's previous save
    expect(plan.previous).toBeNull();
    expect(plan.next).toBeNull();
    expect(checkpointPage(space.db(), idOf("Search facets, first cut"))?.newerOnBranch?.title).toBe(FIXTURE.planCheckpointTitle);
    const part11 = checkpointPage(space.db(), idOf("Rate limiter for the public API (part 11)"))!;
    expect(part11.previous?.title).toBe("Rate limiter for the public API (part 1)");
    expect(checkpointPage(space.db(), part11.previous!.id)?.supersededBy?.title).toBe("Rate limiter for the public API (part 11)");

    const missing = checkpointPage(space.db(), idOf(FIXTURE.missingTitle))!;
    expect(missing.references.find((r) => r.path === FIXTURE.missingFile)?.existsNow).toBe(false);
    expect(missing.tasks.filter((t) => t.done)).toHaveLength(1);
    expect(missing.previous).toBeNull();

    const secret = checkpointPage(space.db(), idOf(FIXTURE.secretTitle))!;
    expect(secret.secrets).toEqual([expect.objectContaining({ rule: "github-token" })]);
    expect(checkpointPage(space.db(), "0000000000000000")).toBeNull();
  });
});

describe("lists", () => {
  it("pages every checkpoint with a total, and filters", () => {
    const first = listCheckpoints(space.db(), { page: 1 });
    expect(first.rows).toHaveLength(50);
    expect(first.pages).toBe(2);
    const second = listCheckpoints(space.db(), { page: 2 });
    expect(second.firstIndex).toBe(51);
    expect(second.rows.length).toBe(first.total - 50);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(first.total);
    const dated = listCheckpoints(space.db(), { page: 1, family: "html", from: day("2026-11-05"), to: day("2026-11-05") });
    expect(dated.rows.map((r) => r.title).sort()).toEqual([FIXTURE.hostileTitle, FIXTURE.missingTitle, FIXTURE.planCheckpointTitle].sort());
    expect(listCheckpoints(space.db(), { page: 9 }).page).toBe(2);
  });

  it("sorts and filters a repository's table", () => {
    const repoId = repositorySummaries(space.db()).find((r) => r.name === "project-001")!.id;
    const page = repositoryPage(space.db(), repoId, repoTableQuery({ branch: FIXTURE.featureBranch, sort: "title", dir: "asc" }))!;
    expect(page.rows.map((r) => r.title)).toEqual([FIXTURE.planCheckpointTitle, "Search facets, first cut"]);
    expect(page.branches).toContain(FIXTURE.goneBranch);
    expect(page.related.map((d) => d.kind).sort()).toEqual(["plan", "research", "review"]);
    expect(page.notes?.original).toContain("# Project Notes");
    const gone = repositoryPage(space.db(), repoId, repoTableQuery({ hygiene: "branch-gone" }))!;
    expect(gone.rows.map((r) => r.title)).toEqual([FIXTURE.goneTitle]);
  });

  it("sorts every checkpoint on any column, and reads the sort from the URL", () => {
    const db = space.db();
    expect(checkpointListQuery({ sort: "bogus", dir: "sideways" })).toMatchObject({ sort: "date", dir: "desc" });
    expect(checkpointListQuery({ sort: "title" })).toMatchObject({ sort: "title", dir: "asc" });
    expect(checkpointListQuery({ sort: "secrets" })).toMatchObject({ sort: "secrets", dir: "desc" });

    const byTitle = listCheckpoints(db, { page: 1, sort: "title", dir: "asc", setAside: "all" }, 500).rows.map((r) => (r.title ?? r.path).toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort());
    const newest = listCheckpoints(db, { page: 1 }).rows.map((r) => r.id);
    expect(listCheckpoints(db, { page: 1, sort: "title", dir: "asc" }).rows.map((r) => r.id)).not.toEqual(newest);

    const bySecrets = listCheckpoints(db, { page: 1, sort: "secrets", dir: "desc" }).rows;
    expect(bySecrets[0]).toMatchObject({ title: FIXTURE.secretTitle, secrets: 1 });
    expect(bySecrets.slice(1).every((r) => r.secrets === 0)).toBe(true);
    const byProblems = listCheckpoints(db, { page: 1, sort: "problems", dir: "desc", setAside: "all" }).rows;
    expect(byProblems[0].problems).toBeGreaterThan(0);
    expect(byProblems.map((r) => r.problems)).toEqual([...byProblems.map((r) => r.problems)].sort((a, b) => b - a));

    const repos = listCheckpoints(db, { page: 1, sort: "repository", dir: "desc" }).rows.map((r) => r.repoName ?? "");
    expect(repos).toEqual([...repos].sort().reverse());
    const levels = ["fresh", "slightly-stale", "stale", "very-stale"];
    const fresh = listCheckpoints(db, { page: 1, sort: "freshness", dir: "asc" }, 500).rows.map((r) => (r.level && levels.includes(r.level) ? levels.indexOf(r.level) : 4));
    expect(fresh).toEqual([...fresh].sort((a, b) => a - b));
  });

  it("lists repositories with their path, worst open freshness and counts, sorted on any column", () => {
    const rows = repositoryListing(space.db());
    const first = rows.find((r) => r.name === "project-001")!;
    const second = rows.find((r) => r.name === "project-002")!;
    expect(first.path).toMatch(/project-001$/);
    expect(first.secrets).toBe(1);
    expect(second.problems).toBe(2);
    expect(first.open).toBeGreaterThan(0);
    expect(first.worstFreshness).toMatch(/fresh|stale|unknown/);
    expect(repositoryListQuery({})).toEqual({ sort: "latest", dir: "desc" });
    expect(sortRepositories(rows, "problems", "desc")[0].name).toBe("project-002");
    expect(sortRepositories(rows, "secrets", "desc")[0].name).toBe("project-001");
    expect(sortRepositories(rows, "name", "desc").map((r) => r.name)).toEqual(["project-002", "project-001"]);
    expect(sortRepositories(rows, "name", "asc").map((r) => r.name)).toEqual(["project-001", "project-002"]);
  });

  it("groups problems by repository", () => {
    const groups = problemsByRepository(space.db());
    expect(groups).toHaveLength(1);
    expect(groups[0].repository?.name).toBe("project-002");
    expect(groups[0].files.map((f) => f.displayPath).sort()).toEqual([FIXTURE.brokenPath, FIXTURE.emptyPath].sort());
  });
});

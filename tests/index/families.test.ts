import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords, type CheckpointRecord } from "../../lib/queries/records";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let world: World;
let records: CheckpointRecord[];

beforeAll(async () => {
  space = tempSpace();
  world = buildWorld(space.dir, { repositories: 1, htmlCheckpoints: 2, start: new Date("2026-11-01T08:00:00Z") });
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
  records = listRecords(space.db(), { kind: "all" });
});
afterAll(() => space.cleanup());

const byFormat = (format: string) => records.filter((r) => r.format === format);

describe("a root holding every family", () => {
  it("reads each family with its format, title, status, branch and save time", () => {
    const formats = new Set(records.map((r) => r.format));
    for (const f of ["html", "frontmatter-md", "last-session", "prompt-md", "global-md", "session-state", "handoff", "claude-md-sessions", "project-notes"]) {
      expect(formats, `format ${f}`).toContain(f);
    }
    const html = byFormat("html").filter((r) => r.kind === "checkpoint");
    expect(html).toHaveLength(2);
    expect(html.every((r) => r.branch === "main" && /^[0-9a-f]{40}$/.test(r.headSha ?? ""))).toBe(true);
    expect(html.find((r) => r.status === "in-progress")?.tasks).toEqual({ done: 1, total: 3 });
    expect(byFormat("html").some((r) => r.kind === "research")).toBe(true);
  });

  it("takes a RESUME briefing's commit from its sentinel", () => {
    const [briefing] = byFormat("last-session");
    const repo = world.repositories[0];
    expect(briefing.headSha).toBe(repo.shas[repo.shas.length - 3]);
    expect(briefing.status).toBe("in-progress");
  });

  it("links a global checkpoint to its repository and resolves its short sha", () => {
    const [global] = byFormat("global-md");
    expect(global.repo).toBe(world.repositories[0].path);
    expect(global.path).toMatch(/^\/.*\.claude\/checkpoints\/20261110-101500\.md$/);
    expect(global.headSha).toMatch(/^[0-9a-f]{40}$/);
  });

  it("shows session-state latest.md once, as the archive it duplicates", () => {
    const sessionState = listRecords(space.db(), { kind: "all", format: "session-state" });
    expect(sessionState).toHaveLength(1);
    expect(sessionState[0].path).toMatch(/checkpoint-20261101-0930\.md$/);
    const withCopies = listRecords(space.db(), { kind: "all", format: "session-state", includeDuplicates: true });
    expect(withCopies.find((r) => r.path.endsWith("latest.md"))?.duplicateOf).toBe(sessionState[0].id);
  });

  it("scores quality with reasons and fills freshness", () => {
    for (const r of records.filter((x) => x.kind === "checkpoint")) {
      expect(r.quality?.score, r.path).toBeGreaterThanOrEqual(0);
      expect(r.quality?.score, r.path).toBeLessThanOrEqual(100);
    }
    const withMissing = byFormat("html").find((r) => r.kind === "checkpoint" && (r.freshness?.missingFiles as string[] | undefined)?.length);
    expect(withMissing?.quality?.reasons.join(" ")).toMatch(/no longer exist/i);
    const newest = byFormat("html").find((r) => r.status === "in-progress")!;
    // drift counts from the commit that added the checkpoint's file, not from its stated sha (issue 39): one fewer
    expect(newest.freshness).toMatchObject({ newCommits: 3, bookkeepingCommits: 2, branchMatches: true, currentBranch: "main" });
  });
});

/**
 * Issue 25: every `repo` filter means the project. A repository with a linked worktree and a clone (real temporary
 * git repositories, a real SQLite file): the path of any checkout, or a folder inside one, selects the records of all
 * of them, in `cairn list` (listRecords), the queue (`cairn queue`, `/api/queue`, MCP's queue tool) and search
 * (`cairn search --repo`, `/api/search`, MCP's search tools); an unrelated repository stays apart.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { loadQueue } from "../../lib/queries/queue";
import { searchDocuments, searchFacets } from "../../lib/queries/search";
import { queueEntries } from "../../lib/mcp/queue";
import { findRepository } from "../../lib/mcp/access";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let app: string;
let feat: string;
let clone: string;
let other: string;

const facts = (over: Partial<family.SaveFacts>): family.SaveFacts => ({
  title: "Wire the importer",
  slug: "wire-the-importer",
  branch: "feat/one",
  headSha: "",
  savedAt: new Date("2026-11-20T10:15:00Z"),
  status: "in-progress",
  tasks: [{ text: "map the columns", done: false }],
  keyFiles: ["src/app.ts"],
  decision: "Stream the file",
  gotcha: "CRLF",
  ...over,
});

beforeEach(async () => {
  space = tempSpace("cairn-project-filter-");
  root = join(space.dir, "code");
  app = join(root, "app");
  feat = join(root, "app-feat");
  clone = join(root, "app-clone");
  other = join(root, "other");
  initRepo(app);
  git(app, ["remote", "add", "origin", "git@github.com:acme/app.git"]);
  writeFiles(app, {
    "src/app.ts": "export {};\n",
    ".claude/checkpoints/one.md": family.frontmatterCheckpoint(facts({ decision: "Stream the file with quokka buffers" })),
    ".claude/checkpoints/two.md": family.frontmatterCheckpoint(facts({ title: "Ship the exporter", slug: "ship-the-exporter", branch: "main" })),
  });
  commitAll(app, "feat: start");
  // a linked worktree on the first checkpoint's branch: that checkpoint's primary checkout
  git(app, ["worktree", "add", "-q", "-b", "feat/one", feat]);
  // a clone of the same project, with work of its own
  git(root, ["clone", "-q", app, clone]);
  git(clone, ["remote", "set-url", "origin", "https://github.com/acme/app"]);
  writeFiles(clone, { ".claude/checkpoints/three.md": family.frontmatterCheckpoint(facts({ title: "Tune the wombat cache", slug: "tune-the-wombat-cache", branch: "main" })) });
  commitAll(clone, "feat: cache");
  // an unrelated repository
  initRepo(other);
  writeFiles(other, { ".claude/checkpoints/four.md": family.frontmatterCheckpoint(facts({ title: "Paint the shed", slug: "paint-the-shed", branch: "main" })) });
  commitAll(other, "init");
  await indexRoots(space.db(), { roots: [root], home: null });
});
afterEach(() => space.cleanup());

const PROJECT = ["Ship the exporter", "Tune the wombat cache", "Wire the importer"];
const titles = (rows: { title: string | null }[]) => rows.map((r) => r.title ?? "").sort();

describe("a repo filter selects the whole project", () => {
  it("the three checkouts are one project, each record once, the importer's primary the feature worktree", () => {
    const records = listRecords(space.db());
    expect(titles(records)).toEqual([...PROJECT, "Paint the shed"].sort());
    expect(records.find((r) => r.title === "Wire the importer")!.repo).toBe(feat);
    expect(records.find((r) => r.title === "Tune the wombat cache")!.repo).toBe(clone);
  });

  it("the queue (cairn queue, /api/queue) by any checkout's path or a folder inside one", async () => {
    for (const repo of [app, feat, clone, `${clone}/`, join(feat, "src"), join(app, ".claude", "checkpoints")]) {
      const { items } = await loadQueue(space.db(), { repo });
      expect(titles(items), repo).toEqual(PROJECT);
    }
    expect(titles((await loadQueue(space.db(), { repo: other })).items)).toEqual(["Paint the shed"]);
    // a path no indexed repository holds selects nothing (not everything)
    expect((await loadQueue(space.db(), { repo: join(space.dir, "nowhere") })).items).toEqual([]);
    expect((await loadQueue(space.db(), { repo: `${app}x` })).items).toEqual([]);
  });

  it("cairn list --repo by a folder inside a checkout", () => {
    expect(titles(listRecords(space.db(), { repo: join(clone, "src") }))).toEqual(PROJECT);
    expect(titles(listRecords(space.db(), { repo: app }))).toEqual(PROJECT);
  });

  it("search (cairn search --repo, /api/search, MCP) by any checkout's path, a folder inside one, or the project's name", () => {
    const found = (q: string, repo: string) => titles(searchDocuments(space.db(), q, { repo, limit: 50 }).hits);
    // the importer's primary is the worktree; the wombat's only checkout is the clone
    expect(found("quokka", app)).toEqual(["Wire the importer"]);
    expect(found("quokka", clone)).toEqual(["Wire the importer"]);
    expect(found("wombat", app)).toEqual(["Tune the wombat cache"]);
    expect(found("wombat", join(feat, "src"))).toEqual(["Tune the wombat cache"]);
    expect(found("wombat", "app")).toEqual(["Tune the wombat cache"]);
    expect(found("wombat", other)).toEqual([]);
    expect(found("shed", clone)).toEqual([]);
    expect(found("", clone).filter((t) => t !== "")).toEqual(expect.arrayContaining(PROJECT));
    // the search page's Repository filter offers each project once
    expect(searchFacets(space.db()).repositories.map((r) => r.path)).toEqual([app, other]);
  });

  it("MCP's queue tool: the repository the caller names (or the folder it works in) stands for its project", async () => {
    const scope = findRepository(space.db(), join(clone, "src")).path;
    expect(scope).toBe(clone);
    expect(titles((await queueEntries(space.db(), { repo: scope })).items)).toEqual(PROJECT);
  });

  it("the command line: `cairn queue --repo .` and `cairn search --repo ..` from inside a checkout", () => {
    const cairn = (cwd: string, args: string[]) => {
      const run = spawnSync(process.execPath, [resolve(import.meta.dirname, "..", "..", "bin", "cairn.mjs"), ...args, "--json", "--db", space.dbPath], { cwd, encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout);
    };
    const inside = join(clone, ".claude");
    expect(titles(cairn(inside, ["queue", "--repo", "."]))).toEqual(PROJECT);
    expect(titles(cairn(inside, ["list", "--repo", "."]))).toEqual(PROJECT);
    expect(titles(cairn(inside, ["search", "quokka", "--repo", ".."]).hits)).toEqual(["Wire the importer"]);
  }, 60_000);
});

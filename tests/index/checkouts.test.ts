/**
 * Issue 25: worktrees, clones and copies of one repository are one piece of work, one row. Real temporary
 * git repositories (linked worktrees, one detached; a checkout under .claude/worktrees; clones with and without
 * a remote; a bare repository with worktrees) and a real SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { indexRepositoryAt } from "../../lib/index/index-repository";
import { listRecords } from "../../lib/queries/records";
import { chooseCheckout } from "../../lib/actions/checkouts";
import { setMark } from "../../lib/actions/marks";
import { completeCheckpoint } from "../../lib/actions/complete";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let app: string;

const facts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
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

const ONE = ".claude/checkpoints/one.md";
const TWO = ".claude/checkpoints/two.md";

beforeEach(() => {
  space = tempSpace("cairn-checkouts-");
  root = join(space.dir, "code");
  app = join(root, "app");
  initRepo(app);
  writeFiles(app, {
    "src/app.ts": "export {};\n",
    [ONE]: family.frontmatterCheckpoint(facts()),
    [TWO]: family.frontmatterCheckpoint(facts({ title: "Ship the exporter", slug: "ship-the-exporter", branch: "main" })),
  });
  commitAll(app, "feat: start");
});
afterEach(() => space.cleanup());

const index = (roots = [root]) => indexRoots(space.db(), { roots, home: null });
const checkpoints = () => listRecords(space.db()).filter((r) => r.kind === "checkpoint");
const byTitle = (title: string) => checkpoints().filter((r) => r.title === title);
const repoRows = () => space.db().$client.prepare('SELECT path, project_key AS projectKey, is_main_worktree AS isMain FROM repositories ORDER BY path').all() as { path: string; projectKey: string; isMain: number }[];

describe("linked worktrees of one repository", () => {
  beforeEach(() => {
    git(app, ["worktree", "add", "-q", "--detach", join(root, "app-detached")]);
    git(app, ["worktree", "add", "-q", "-b", "feat/one", join(root, "app-feat")]);
    git(app, ["worktree", "add", "-q", "-b", "agent-1", join(app, ".claude", "worktrees", "agent-1")]);
  });

  it("lists each committed checkpoint once, with every checkout, its repo the checkout on its branch", async () => {
    await index();
    const rows = repoRows();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.projectKey)).size).toBe(1);
    expect(rows.filter((r) => r.isMain === 1).map((r) => r.path)).toEqual([app]);

    const [one] = byTitle("Wire the importer");
    expect(byTitle("Wire the importer")).toHaveLength(1);
    expect(one.repo).toBe(join(root, "app-feat"));
    expect(one.checkouts.map((c) => c.repo).sort()).toEqual([app, join(root, "app-detached"), join(root, "app-feat"), join(app, ".claude", "worktrees", "agent-1")].sort());
    expect(one.checkouts.find((c) => c.repo === join(root, "app-detached"))!.branch).toBeNull();
    expect(one.checkouts.find((c) => c.repo === join(root, "app-feat"))!.branch).toBe("feat/one");
    expect(one.checkouts.every((c) => /^[0-9a-f]{40}$/.test(c.head ?? ""))).toBe(true);
    // freshness is judged where the work continues: the checkout on the checkpoint's branch
    expect(JSON.stringify(one.freshness)).not.toContain("is on main");

    // a checkpoint for main lives in the main worktree
    const [two] = byTitle("Ship the exporter");
    expect(byTitle("Ship the exporter")).toHaveLength(1);
    expect(two.repo).toBe(app);
    expect(checkpoints()).toHaveLength(2);
    // a repository's filter covers its checkouts: the record kept in the feature worktree is the main one's too
    expect(listRecords(space.db(), { repo: app }).map((r) => r.title).sort()).toEqual(["Ship the exporter", "Wire the importer"]);
  });

  it("keeps one record when indexed again, and a warm run starts no git process", async () => {
    await index();
    const again = await index();
    expect(again.gitProcesses).toBe(0);
    expect(checkpoints()).toHaveLength(2);
    expect(byTitle("Wire the importer")[0].checkouts).toHaveLength(4);
  });

  it("gives a copy edited in one checkout its own record, linked by lineage", async () => {
    await index();
    const feat = join(root, "app-feat");
    writeFileSync(join(feat, ONE), family.frontmatterCheckpoint(facts({ savedAt: new Date("2026-11-21T09:00:00Z"), tasks: [{ text: "map the columns", done: true }] })));
    await index();
    const copies = byTitle("Wire the importer");
    expect(copies).toHaveLength(2);
    const edited = copies.find((r) => r.repo === feat)!;
    const older = copies.find((r) => r.repo !== feat)!;
    expect(edited.checkouts.map((c) => c.repo)).toEqual([feat]);
    expect(older.checkouts).toHaveLength(3);
    expect(older.lineage).toBe(edited.lineage);
    expect(older.supersededBy).toBe(edited.id);
  });

  it("re-indexing one checkout (the watcher) splits an edited copy off and folds it back once restored", async () => {
    await index();
    const feat = join(root, "app-feat");
    const original = readFileSync(join(feat, ONE), "utf8");
    writeFileSync(join(feat, ONE), original.replaceAll("Wire the importer", "Wire the importer, renamed"));
    await indexRepositoryAt(space.db(), feat);
    expect(byTitle("Wire the importer, renamed").map((r) => r.repo)).toEqual([feat]);
    expect(byTitle("Wire the importer")[0].checkouts).toHaveLength(3);
    writeFileSync(join(feat, ONE), original);
    await indexRepositoryAt(space.db(), feat);
    expect(byTitle("Wire the importer, renamed")).toHaveLength(0);
    expect(byTitle("Wire the importer")).toHaveLength(1);
    expect(byTitle("Wire the importer")[0].checkouts).toHaveLength(4);
    expect(byTitle("Wire the importer")[0].repo).toBe(feat);
  });

  it("keeps a record's other checkouts when a checkout is deleted between two runs", async () => {
    await index();
    const feat = join(root, "app-feat");
    const before = byTitle("Wire the importer")[0];
    expect(before.repo).toBe(feat);
    git(app, ["worktree", "remove", "--force", feat]);
    await index();
    const after = byTitle("Wire the importer");
    expect(after).toHaveLength(1);
    expect(after[0].checkouts.map((c) => c.repo).sort()).toEqual([app, join(root, "app-detached"), join(app, ".claude", "worktrees", "agent-1")].sort());
    expect(after[0].repo).toBe(app);
    expect(checkpoints()).toHaveLength(2);
  });

  it("continues in the checkout the user picks, keeping the user's marks, until they pick again", async () => {
    await index();
    const [one] = byTitle("Wire the importer");
    setMark(space.db(), one.id, "pin");
    const detached = join(root, "app-detached");
    const detachedId = (space.db().$client.prepare("SELECT id FROM repositories WHERE path = ?").get(detached) as { id: number }).id;
    const chosen = await chooseCheckout(space.db(), one.id, detachedId);
    const after = byTitle("Wire the importer");
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(chosen.documentId);
    expect(after[0].repo).toBe(detached);
    expect(after[0].checkouts[0].repo).toBe(detached);
    expect(after[0].checkouts).toHaveLength(4);
    expect(after[0].pinned).toBe(true);
    await index();
    expect(byTitle("Wire the importer")[0].repo).toBe(detached);
    const featId = (space.db().$client.prepare("SELECT id FROM repositories WHERE path = ?").get(join(root, "app-feat")) as { id: number }).id;
    await chooseCheckout(space.db(), chosen.documentId, featId);
    expect(byTitle("Wire the importer")[0].id).toBe(one.id);
    await expect(chooseCheckout(space.db(), one.id, 999_999)).rejects.toThrow(/does not hold this file/);
  });

  it("completes the primary checkout's file only; the other copies stay with the record, a commit behind", async () => {
    await index();
    const [one] = byTitle("Wire the importer");
    const detachedCopy = readFileSync(join(root, "app-detached", ONE), "utf8");
    await completeCheckpoint(space.db(), one.id);
    expect(readFileSync(join(root, "app-feat", ONE), "utf8")).toMatch(/status: "?completed/);
    expect(readFileSync(join(root, "app-detached", ONE), "utf8")).toBe(detachedCopy);
    await index();
    const after = byTitle("Wire the importer");
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(one.id);
    expect(after[0].status).toBe("completed");
    expect(after[0].checkouts).toHaveLength(4);
  });

  it("never indexes a checkout twice for a root given twice or nested roots", async () => {
    await index([root, root, app, join(app, ".claude"), `${root}/`]);
    expect(repoRows()).toHaveLength(4);
    expect(checkpoints()).toHaveLength(2);
  });
});

describe("separate clones", () => {
  it("groups a clone with the same root commit and remote as one project", async () => {
    git(app, ["remote", "add", "origin", "git@github.com:acme/app.git"]);
    git(root, ["clone", "-q", app, join(root, "app-clone")]);
    git(join(root, "app-clone"), ["remote", "set-url", "origin", "https://github.com/acme/app"]);
    await index();
    expect(new Set(repoRows().map((r) => r.projectKey)).size).toBe(1);
    expect(checkpoints()).toHaveLength(2);
    expect(byTitle("Ship the exporter")[0].checkouts).toHaveLength(2);
    const again = await index();
    expect(again.gitProcesses).toBe(0);
  });

  it("groups a clone without a remote by root commit and folder name, and nothing else", async () => {
    const elsewhere = join(space.dir, "other");
    git(space.dir, ["clone", "-q", "--no-local", app, join(elsewhere, "app")]);
    git(join(elsewhere, "app"), ["remote", "remove", "origin"]);
    // same folder name, another history: another project
    const stranger = join(space.dir, "third", "app");
    initRepo(stranger);
    writeFiles(stranger, { [TWO]: family.frontmatterCheckpoint(facts({ title: "Ship the exporter", slug: "ship-the-exporter", branch: "main" })) });
    commitAll(stranger, "init");
    await index([root, elsewhere, join(space.dir, "third")]);
    const keys = repoRows().map((r) => r.projectKey);
    expect(new Set(keys).size).toBe(2);
    expect(byTitle("Ship the exporter")).toHaveLength(2);
    expect(byTitle("Wire the importer")).toHaveLength(1);
    expect(byTitle("Wire the importer")[0].checkouts).toHaveLength(2);
  });
});

describe("a bare repository with worktrees", () => {
  it("is one repository: the worktrees' copies one record, its branches read once", async () => {
    const bare = join(root, "hub.git");
    git(root, ["clone", "-q", "--bare", app, bare]);
    rmSync(app, { recursive: true, force: true });
    git(bare, ["worktree", "add", "-q", join(root, "hub-main"), "main"]);
    git(bare, ["worktree", "add", "-q", "-b", "feat/one", join(root, "hub-feat")]);
    await index();
    expect(new Set(repoRows().map((r) => r.projectKey)).size).toBe(1);
    expect(checkpoints()).toHaveLength(2);
    expect(byTitle("Wire the importer")[0].repo).toBe(join(root, "hub-feat"));
    expect(byTitle("Wire the importer")[0].checkouts).toHaveLength(2);
  });
});

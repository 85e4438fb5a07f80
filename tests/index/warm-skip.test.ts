/**
 * A re-index of a repository where nothing changed starts no git process (counted by the runner), and
 * any change git would answer differently about (a checkpoint touched, a commit, a branch moved, a
 * file staged or edited) makes that repository, and only it, ask git again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { gitProcessCount, resetGitProcessCount } from "../../lib/git/runner";
import { documents, repositories } from "../../db/schema";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;
let other: string;
let sha: string;
let path: string;

const facts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
  title: "Wire the importer",
  slug: "wire-the-importer",
  branch: "main",
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
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "importer");
  other = join(root, "untouched");
  for (const dir of [repo, other]) {
    initRepo(dir);
    writeFiles(dir, { "src/app.ts": "export {};\n" });
  }
  sha = commitAll(repo, "feat: start", new Date("2026-11-20T09:00:00Z"));
  const f = facts({ headSha: sha });
  path = join(repo, family.htmlCheckpointPath(f));
  writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
  commitAll(repo, "chore(checkpoint): save", new Date("2026-11-20T10:20:00Z"));
  writeFiles(other, { ".claude/checkpoints/notes.md": family.frontmatterCheckpoint(facts({ title: "Other notes" })) });
  commitAll(other, "feat: other", new Date("2026-11-20T09:00:00Z"));
  await index();
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });

/** Runs an index and returns how many git processes it started. */
async function gitProcessesOfAnIndex(): Promise<number> {
  resetGitProcessCount();
  await index();
  return gitProcessCount();
}

const importer = () => listRecords(space.db()).find((r) => r.repo === repo)!;
const freshness = () => importer().freshness as { newCommits: number | null; dirtyNow: number | null; ageDays: number | null };
const repositoryRow = (dir: string) => space.db().select().from(repositories).where(eq(repositories.path, dir)).get()!;

describe("re-indexing without git when nothing changed", () => {
  it("starts no git process at all when nothing changed, and keeps every document", async () => {
    const before = listRecords(space.db()).map((r) => [r.id, r.title]);
    expect(await gitProcessesOfAnIndex()).toBe(0);
    const summary = await index();
    expect(summary.parsed).toBe(0);
    expect(summary.documents).toMatchObject({ new: 0, changed: 0, removed: 0 });
    expect(listRecords(space.db()).map((r) => [r.id, r.title])).toEqual(before);
  });

  it("asks git again after a checkpoint is touched, and reads its new content", async () => {
    writeFileSync(path, family.htmlCheckpoint(facts({ headSha: sha, title: "Wire the importer, take two" })));
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(importer().title).toBe("Wire the importer, take two");
    expect(await gitProcessesOfAnIndex()).toBe(0);
  });

  it("asks git again after a commit, and counts it", async () => {
    // counted from the checkpoint's own commit (chore(checkpoint), issue 39): nothing since it yet
    expect(freshness().newCommits).toBe(0);
    writeFiles(repo, { "src/more.ts": "export const more = 1;\n" });
    commitAll(repo, "feat: more");
    const processes = await gitProcessesOfAnIndex();
    expect(processes).toBeGreaterThan(0);
    expect(freshness().newCommits).toBe(1);
    // the other repository did not change: it was not asked (one repository's worth of git at most)
    expect(repositoryRow(other).indexStamp).not.toBeNull();
  });

  it("asks git again after a branch moves without any file changing", async () => {
    git(repo, ["branch", "feature/csv", sha]);
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    const tip = git(repo, ["rev-parse", "HEAD"]);
    git(repo, ["branch", "-f", "feature/csv", tip]);
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(await gitProcessesOfAnIndex()).toBe(0);
  });

  it("asks git again after a file is staged or a tracked file is edited, and sees the dirty files", async () => {
    expect(freshness().dirtyNow).toBe(0);
    writeFiles(repo, { "src/new.ts": "export const added = 1;\n" });
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(freshness().dirtyNow).toBe(1);
    git(repo, ["add", "src/new.ts"]);
    const fingerprint = repositoryRow(repo).gitFingerprint;
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(repositoryRow(repo).gitFingerprint).not.toBe(fingerprint);
    writeFileSync(join(repo, "src/app.ts"), "export const edited = true;\n");
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(freshness().dirtyNow).toBe(2);
  });

  it("still moves each save's age on with the clock when git is skipped", async () => {
    const age = freshness().ageDays!;
    expect(age).toBeGreaterThan(1);
    // as if the last real run had happened a week earlier
    const row = space.db().select().from(documents).where(eq(documents.id, importer().id)).get()!;
    space.db().update(documents).set({ freshness: { ...(row.freshness as object), ageDays: age - 7 } }).where(eq(documents.id, row.id)).run();
    expect(await gitProcessesOfAnIndex()).toBe(0);
    expect(freshness().ageDays).toBe(age);
  });

  it("stamps a linked worktree through its .git file: skipped when unchanged, asked again after a commit in it", async () => {
    const linked = join(root, "importer-hotfix");
    git(repo, ["worktree", "add", "-q", "-b", "hotfix", linked]);
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(await gitProcessesOfAnIndex()).toBe(0);
    writeFiles(linked, { "src/fix.ts": "export const fix = 1;\n" });
    commitAll(linked, "fix: in the worktree");
    expect(await gitProcessesOfAnIndex()).toBeGreaterThan(0);
    expect(repositoryRow(linked).currentBranch).toBe("hotfix");
    expect(await gitProcessesOfAnIndex()).toBe(0);
  });
});

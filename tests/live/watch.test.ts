import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { indexRepositoryAt } from "../../lib/index/index-repository";
import { indexStatus, type IndexState } from "../../lib/index/status";
import { gitDirOf, startWatcher, type LiveWatcher } from "../../lib/server/watch";
import { listRecords } from "../../lib/queries/records";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let home: string;
let repo: string;
let other: string;
let watcher: LiveWatcher | null = null;

const facts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
  title: "Watch me",
  slug: "watch-me",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-22T16:00:00Z"),
  status: "in-progress",
  tasks: [{ text: "keep going", done: false }],
  keyFiles: ["src/app.ts"],
  decision: "Poll nothing",
  gotcha: "Editors save through a temporary file",
  ...over,
});
const CHECKPOINT = family.htmlCheckpointPath(facts());

beforeEach(async () => {
  space = tempSpace();
  root = join(space.dir, "code");
  home = join(space.dir, "home");
  mkdirSync(join(home, ".claude", "checkpoints"), { recursive: true });
  repo = join(root, "watched");
  other = join(root, "untouched");
  for (const path of [repo, other]) {
    initRepo(path);
    writeFiles(path, { "src/app.ts": "export {};\n" });
    const sha = commitAll(path, "feat: start", new Date("2026-11-22T15:00:00Z"));
    writeFiles(path, { [CHECKPOINT]: family.htmlCheckpoint(facts({ headSha: sha })) });
    commitAll(path, "chore(checkpoint): 2026-11-22 16:00 - save", new Date("2026-11-22T16:01:00Z"));
  }
  await indexRoots(space.db(), { roots: [root], home });
});
afterEach(async () => {
  await watcher?.close();
  watcher = null;
  space.cleanup();
});

async function until<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 5000): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (ok(value)) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const titles = (path: string) => listRecords(space.db(), { repo: path }).map((r) => r.title);

describe("the live watcher", () => {
  it("re-indexes an edited checkpoint within a second, only in its repository, and announces it", async () => {
    watcher = startWatcher({ db: space.db(), home, log: () => undefined });
    await watcher.ready;
    expect(watcher.watched()).toEqual(expect.arrayContaining([join(repo, ".claude"), repo, join(repo, ".git", "HEAD"), join(repo, ".git", "index"), join(home, ".claude", "checkpoints")]));
    const events: string[] = [];
    const onProgress = (s: IndexState) => events.push(`progress ${s.running ? "running" : "idle"} ${s.done}/${s.total}`);
    const onIndexed = () => events.push("indexed");
    indexStatus.on("progress", onProgress);
    indexStatus.on("indexed", onIndexed);
    try {
      const otherBefore = listRecords(space.db(), { repo: other })[0];
      writeFiles(repo, { [CHECKPOINT]: family.htmlCheckpoint(facts({ title: "Watch me change" })) });
      const { ms } = await until(() => titles(repo), (t) => t.includes("Watch me change"));
      expect(ms).toBeLessThan(1500);
      await watcher.idle();
      expect(events).toContain("indexed");
      expect(events).toContain("progress running 1/1");
      // the other repository was not re-read
      expect(listRecords(space.db(), { repo: other })[0]).toEqual(otherBefore);
    } finally {
      indexStatus.off("progress", onProgress);
      indexStatus.off("indexed", onIndexed);
    }
  });

  it("picks up a new review file, a commit (freshness) and a new global checkpoint", async () => {
    watcher = startWatcher({ db: space.db(), home, log: () => undefined });
    await watcher.ready;
    writeFiles(repo, { ".claude/reviews/new.md": "# Reviews\n\n## 2026-11-23 09:00 UTC — Ana — approved\n\nFine.\n" });
    const t1 = await until(() => listRecords(space.db(), { kind: "review" }).length, (n) => n === 1);
    expect(t1.ms).toBeLessThan(1500);

    writeFiles(repo, { "src/more.ts": "export const more = 1;\n" });
    commitAll(repo, "feat: more", new Date("2026-11-23T10:00:00Z"));
    const t2 = await until(
      () => listRecords(space.db(), { repo }).find((r) => r.path === CHECKPOINT)?.freshness?.newCommits,
      // counted from the checkpoint's own commit (issue 39): "feat: more" is the one commit since
      (n) => n === 1,
    );
    expect(t2.ms).toBeLessThan(1500);

    writeFiles(home, { ".claude/checkpoints/20261124-090000.md": family.promptMd(facts({ title: "Global one" }), repo) });
    const t3 = await until(() => listRecords(space.db()).map((r) => r.title), (t) => t.includes("Global one"));
    expect(t3.ms).toBeLessThan(1500);
  });

  it("watches a repository that appears after a full index, and leaves one that is gone", async () => {
    watcher = startWatcher({ db: space.db(), home, log: () => undefined });
    await watcher.ready;
    const late = join(root, "late");
    initRepo(late);
    writeFiles(late, { [CHECKPOINT]: family.htmlCheckpoint(facts({ title: "Late arrival" })) });
    commitAll(late, "feat: late");
    await indexStatus.run(() => indexRoots(space.db(), { roots: [root], home }));
    await until(() => watcher!.watched(), (w) => w.includes(join(late, ".claude")));
    writeFiles(late, { [CHECKPOINT]: family.htmlCheckpoint(facts({ title: "Late but live" })) });
    await until(() => titles(late), (t) => t.includes("Late but live"));

    rmSync(other, { recursive: true, force: true });
    await indexStatus.run(() => indexRoots(space.db(), { roots: [root], home }));
    await until(() => watcher!.watched(), (w) => !w.some((p) => p.startsWith(other)));
  });
});

describe("linked worktrees", () => {
  it("watches the worktree's own git files and the repository's shared ones", async () => {
    const wt = join(root, "watched-wt");
    git(repo, ["worktree", "add", "-q", "-b", "feature/wt", wt]);
    expect(gitDirOf(wt, false)).toBe(join(repo, ".git", "worktrees", "watched-wt"));
    await indexRoots(space.db(), { roots: [root], home });
    watcher = startWatcher({ db: space.db(), home, log: () => undefined });
    await watcher.ready;
    expect(watcher.watched()).toEqual(
      expect.arrayContaining([join(repo, ".git", "worktrees", "watched-wt", "HEAD"), join(repo, ".git", "worktrees", "watched-wt", "index"), join(repo, ".git", "FETCH_HEAD")]),
    );
    writeFiles(wt, { [CHECKPOINT]: family.htmlCheckpoint(facts({ title: "In the worktree", branch: "feature/wt" })) });
    await until(() => titles(wt), (t) => t.includes("In the worktree"));
  });
});

describe("indexing one repository", () => {
  it("reads the same documents as a full run", async () => {
    const full = listRecords(space.db(), { repo });
    writeFiles(repo, { ".claude/last-session.md": family.lastSession(facts(), true) });
    const summary = await indexRepositoryAt(space.db(), repo);
    expect(summary).toMatchObject({ repositories: 1, documents: { new: 1, changed: 0, removed: 0, unchanged: 1 } });
    expect(listRecords(space.db(), { repo }).length).toBe(full.length + 1);
    await expect(indexRepositoryAt(space.db(), join(space.dir, "nowhere"))).rejects.toThrow("is not a git repository");
  });
});

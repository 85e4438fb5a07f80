import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { addReview } from "../../lib/actions/review";
import { reviewQueue } from "../../lib/queries/review-queue";
import { gitProcessCount, resetGitProcessCount } from "../../lib/git/runner";
import { listRecords } from "../../lib/queries/records";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

const facts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
  title: "Hand over the importer",
  slug: "hand-over-the-importer",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-22T16:00:00Z"),
  status: "in-progress",
  tasks: [{ text: "map the columns", done: false }],
  keyFiles: ["src/app.ts"],
  decision: "Stream the file",
  gotcha: "CRLF line endings",
  ...over,
});
const HANDOFF = ".claude/handoffs/2026-11-22-160000-importer.md";

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "importer");
  initRepo(repo);
  // the user is someone else than the fixtures' author (Demo Dev): their handoffs are a teammate's
  writeFileSync(join(space.dir, "config.json"), JSON.stringify({ identity: { emails: ["me@example.invalid"], names: ["Me Myself"] } }));
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  commitAll(repo, "feat: start", new Date("2026-11-20T09:00:00Z"));
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });
const idOf = (path: string) => listRecords(space.db(), { kind: "all" }).find((r) => r.path === path)!.id;
const queuePaths = async () => (await reviewQueue(space.db())).map((r) => r.path).sort();

describe("the review queue", () => {
  it("holds committed handoffs and in-progress checkpoints that ask for a review, not every committed file", async () => {
    const open = facts();
    const asking = facts({
      title: "Ready for a look",
      slug: "ready-for-a-look",
      savedAt: new Date("2026-11-22T15:00:00Z"),
      extraHtml: '<h2 id="for-review">For review</h2><p>Please review the column mapping before I merge.</p>',
    });
    const askingHtml = family.htmlCheckpoint(asking);
    const done = facts({ title: "Old work", slug: "old-work", status: "completed", savedAt: new Date("2026-11-21T10:00:00Z"), branch: "feature/old" });
    const uncommitted = facts({ title: "Scratch", slug: "scratch", savedAt: new Date("2026-11-22T17:00:00Z"), branch: "feature/scratch" });
    writeFiles(repo, {
      [family.htmlCheckpointPath(open)]: family.htmlCheckpoint(open),
      [family.htmlCheckpointPath(asking)]: askingHtml,
      [family.htmlCheckpointPath(done)]: family.htmlCheckpoint(done),
      [HANDOFF]: family.handoff(open, repo),
      "PROMPT.md": family.promptMd(open, repo),
    });
    appendFileSync(join(repo, ".git", "info", "exclude"), "PROMPT.md\n");
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - hand over", new Date("2026-11-22T16:01:00Z"));
    writeFiles(repo, { [family.htmlCheckpointPath(uncommitted)]: family.htmlCheckpoint(uncommitted) });
    // a global checkpoint linked to this repository (an absolute path outside it) is never committed here
    const home = join(space.dir, "home");
    writeFiles(home, { ".claude/checkpoints/20261122-170000.md": family.promptMd(facts({ title: "Global notes" }), repo) });
    await indexRoots(space.db(), { roots: [root], home });
    expect(listRecords(space.db()).find((r) => r.title === "Global notes")?.repo).toBe(repo);
    // the committed in-progress checkpoint that asks nobody for a review, the completed checkpoint, the
    // never-committed PROMPT.md and the untracked checkpoint stay out
    expect(await queuePaths()).toEqual([HANDOFF, family.htmlCheckpointPath(asking)].sort());
    // what git tracks is read from the index file, and who committed each file is remembered: asking again starts no git process
    resetGitProcessCount();
    expect(await queuePaths()).toEqual([HANDOFF, family.htmlCheckpointPath(asking)].sort());
    expect(gitProcessCount()).toBe(0);
    const row = (await reviewQueue(space.db())).find((r) => r.path === HANDOFF)!;
    expect(row).toMatchObject({ committed: "tracked", lastReview: null, reviews: 0 });
  });

  it("leaves the queue once reviewed after the save, and comes back with a new save", async () => {
    writeFiles(repo, { [HANDOFF]: family.handoff(facts(), repo) });
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - hand over", new Date("2026-11-22T16:01:00Z"));
    await index();
    expect(await queuePaths()).toEqual([HANDOFF]);

    // a review written before the save commit does not count
    await addReview(space.db(), { documentId: idOf(HANDOFF), verdict: "comment", comment: "Early look", at: new Date("2026-11-22T16:00:30Z") });
    expect(await queuePaths()).toEqual([HANDOFF]);

    await addReview(space.db(), { documentId: idOf(HANDOFF), verdict: "changes", comment: "Please add the migration.", at: new Date("2026-11-23T09:00:00Z") });
    expect(await queuePaths()).toEqual([]);

    // the author saves again (the handoff is overwritten and committed): it needs a review again
    writeFiles(repo, { [HANDOFF]: family.handoff(facts({ savedAt: new Date("2026-11-24T11:00:00Z") }), repo) });
    commitAll(repo, "chore(checkpoint): 2026-11-24 11:00 - migration added", new Date("2026-11-24T11:01:00Z"));
    await index();
    const queue = await reviewQueue(space.db());
    expect(queue.map((r) => r.path)).toEqual([HANDOFF]);
    expect(queue[0]).toMatchObject({ reviews: 2, lastReview: expect.objectContaining({ verdict: "changes", reviewer: "Demo Dev" }) });
  });

  it("counts a handoff found only on a teammate's branch as committed", async () => {
    git(repo, ["checkout", "-q", "-b", "feature/importer"]);
    writeFiles(repo, { [HANDOFF]: family.handoff(facts({ branch: "feature/importer" }), repo) });
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - hand over", new Date("2026-11-22T16:01:00Z"));
    git(repo, ["checkout", "-q", "main"]);
    await index();
    const queue = await reviewQueue(space.db());
    expect(queue.map((r) => [r.path, r.source, r.committed])).toEqual([[HANDOFF, "git:feature/importer", "branch"]]);

    // reviewing it writes into this work tree's .claude/reviews, which then shows on the branch's handoff
    await addReview(space.db(), { documentId: queue[0].id, verdict: "approved", comment: "Good to merge.", at: new Date("2026-11-25T08:00:00Z") });
    expect(await queuePaths()).toEqual([]);
  });

  it("takes only the newest save of a handoff, per branch; other snapshots (session-state archives) ask for no review", async () => {
    const older = ".claude/handoffs/2026-11-20-090000-importer.md";
    writeFiles(repo, {
      [older]: family.handoff(facts({ savedAt: new Date("2026-11-20T09:00:00Z") }), repo),
      [HANDOFF]: family.handoff(facts(), repo),
      ".claude/session-state/checkpoints/checkpoint-20261121-0900.md": family.sessionStateCheckpoint(facts({ savedAt: new Date("2026-11-21T09:00:00Z") })),
      ".claude/session-state/checkpoints/checkpoint-20261122-0900.md": family.sessionStateCheckpoint(facts({ savedAt: new Date("2026-11-22T09:00:00Z") })),
    });
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - saves", new Date("2026-11-22T16:01:00Z"));
    await index();
    const paths = await queuePaths();
    expect(paths).toContain(HANDOFF);
    expect(paths).not.toContain(older);
    // session-state archives are snapshots too, but nobody is asked to review them
    expect(paths.filter((p) => p.includes("session-state"))).toEqual([]);
  });
});

describe("what git tracks, remembered", () => {
  it("asks git once while the index file is unchanged, and again once it changes", async () => {
    writeFiles(repo, { [HANDOFF]: family.handoff(facts(), repo) });
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - hand over", new Date("2026-11-22T16:01:00Z"));
    await index();
    // a split index is left to git: the reader cannot vouch for it
    git(repo, ["config", "core.splitIndex", "true"]);
    // the first view asks git what it tracks (and who committed the handoff)
    resetGitProcessCount();
    expect(await queuePaths()).toEqual([HANDOFF]);
    expect(gitProcessCount()).toBeGreaterThanOrEqual(1);
    resetGitProcessCount();
    expect(await queuePaths()).toEqual([HANDOFF]);
    expect(gitProcessCount()).toBe(0);
    // the handoff leaves the index (nothing re-indexed): the next view sees it
    git(repo, ["rm", "-q", "--cached", HANDOFF]);
    expect(await queuePaths()).toEqual([]);
    expect(gitProcessCount()).toBe(1);
  });
});

describe("what asks for a review", () => {
  it("a status, a heading or a sentence that asks for one; a checkpoint that merely mentions reviews does not", async () => {
    const ask = (slug: string, extraHtml: string, status: "in-progress" | "completed" = "in-progress") => {
      const f = facts({ title: slug, slug, status, extraHtml });
      return { path: family.htmlCheckpointPath(f), text: family.htmlCheckpoint(f) };
    };
    const cases = {
      heading: ask("heading", '<h2 id="notes-for-reviewer">Notes for the reviewer</h2><p>The mapping is in src/map.ts.</p>'),
      sentence: ask("sentence", '<h2 id="state">State</h2><p>Ready for review once CI is green.</p>'),
      mentions: ask("mentions", '<h2 id="decisions-2">Decisions</h2><p>The review of the old importer found nothing worth keeping.</p>'),
      done: ask("done", '<h2 id="x">For review</h2><p>Please review.</p>', "completed"),
    };
    writeFiles(repo, Object.fromEntries(Object.values(cases).map((c) => [c.path, c.text])));
    commitAll(repo, "chore(checkpoint): saves", new Date("2026-11-22T16:01:00Z"));
    await index();
    expect(await queuePaths()).toEqual([cases.heading.path, cases.sentence.path].sort());
  });
});

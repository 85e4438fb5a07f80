import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { addReview } from "../../lib/actions/review";
import { reviewQueue } from "../../lib/queries/review-queue";
import { reviewKey, reviewTarget, reviewsFor } from "../../lib/queries/reviews";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
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

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "importer");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  commitAll(repo, "feat: start", new Date("2026-11-20T09:00:00Z"));
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });
const idOf = (path: string) => listRecords(space.db(), { kind: "all" }).find((r) => r.path === path && r.source === "worktree")!.id;

describe("review file names", () => {
  it("keep the stem for .claude/checkpoints, and add the folder elsewhere", () => {
    expect(reviewKey(".claude/checkpoints/20261122-160000-importer.html")).toBe("20261122-160000-importer");
    expect(reviewKey(".claude/handoffs/HANDOFF.md")).toBe("HANDOFF--claude-handoffs");
    expect(reviewKey("docs/handoffs/HANDOFF.md")).toBe("HANDOFF--docs-handoffs");
    expect(reviewKey("HANDOFF.md")).toBe("HANDOFF--root");
    expect(reviewKey("packages/a b/(notes)/HANDOFF.md")).toBe("HANDOFF--packages-a b-notes-");
    expect(reviewKey(`${"deep/".repeat(60)}HANDOFF.md`).length).toBeLessThanOrEqual(190);
  });

  it("give two checkpoints with the same stem in different folders different review files, each showing its own reviews", async () => {
    const a = "docs/handoffs/HANDOFF.md";
    const b = "services/api/handoffs/HANDOFF.md";
    writeFiles(repo, { [a]: family.handoff(facts({ title: "Docs handoff" }), repo), [b]: family.handoff(facts({ title: "API handoff" }), repo) });
    commitAll(repo, "chore(checkpoint): two handoffs", new Date("2026-11-22T16:01:00Z"));
    await index();
    expect(reviewTarget(space.db(), idOf(a))?.reviewFile).toBe(".claude/reviews/HANDOFF--docs-handoffs.md");
    expect(reviewTarget(space.db(), idOf(b))?.reviewFile).toBe(".claude/reviews/HANDOFF--services-api-handoffs.md");

    const first = await addReview(space.db(), { documentId: idOf(a), verdict: "approved", comment: "Docs look right.", reviewer: "Ana", at: new Date("2026-11-23T09:00:00Z") });
    const second = await addReview(space.db(), { documentId: idOf(b), verdict: "changes", comment: "Add the rate limit.", reviewer: "Bo", at: new Date("2026-11-23T10:00:00Z") });
    expect(first.relPath).toBe(".claude/reviews/HANDOFF--docs-handoffs.md");
    expect(second.relPath).toBe(".claude/reviews/HANDOFF--services-api-handoffs.md");
    expect(readFileSync(first.absPath, "utf8")).not.toContain("Add the rate limit");
    expect(existsSync(join(repo, ".claude/reviews/HANDOFF.md"))).toBe(false);

    expect(reviewsFor(space.db(), idOf(a)).map((r) => r.reviewer)).toEqual(["Ana"]);
    expect(reviewsFor(space.db(), idOf(b)).map((r) => r.reviewer)).toEqual(["Bo"]);
    // both were reviewed after their save: neither waits any more
    expect((await reviewQueue(space.db())).map((r) => r.path)).toEqual([]);
  });

  it("keeps appending to a review file written before names had folders, while its stem is the repository's only one", async () => {
    const path = ".claude/handoffs/2026-11-22-importer.md";
    writeFiles(repo, {
      [path]: family.handoff(facts(), repo),
      ".claude/reviews/2026-11-22-importer.md": "# Reviews of the importer\n\n## 2026-11-22 17:00 UTC — Tess — comment\n\nWhere is the mapping?\n",
    });
    commitAll(repo, "chore(checkpoint): handoff and a review", new Date("2026-11-22T16:01:00Z"));
    await index();
    expect(reviewsFor(space.db(), idOf(path)).map((r) => r.reviewer)).toEqual(["Tess"]);
    const outcome = await addReview(space.db(), { documentId: idOf(path), verdict: "approved", comment: "Fine now.", reviewer: "Ana", at: new Date("2026-11-23T09:00:00Z") });
    expect(outcome.relPath).toBe(".claude/reviews/2026-11-22-importer.md");
    expect(reviewsFor(space.db(), idOf(path)).map((r) => r.reviewer)).toEqual(["Tess", "Ana"]);

    // a second checkpoint with that stem appears: the old file is no longer anyone's for certain
    writeFiles(repo, { "docs/handoffs/2026-11-22-importer.md": family.handoff(facts({ title: "Another" }), repo) });
    await index();
    expect(reviewsFor(space.db(), idOf("docs/handoffs/2026-11-22-importer.md"))).toEqual([]);
    expect(reviewTarget(space.db(), idOf(path))?.reviewFile).toBe(".claude/reviews/2026-11-22-importer--claude-handoffs.md");
  });
});

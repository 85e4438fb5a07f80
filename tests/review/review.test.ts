import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { addReview, appendReviewSection, cleanComment, defaultReviewer, reviewSection } from "../../lib/actions/review";
import { reviewsFor } from "../../lib/queries/reviews";
import { listRecords } from "../../lib/queries/records";
import { parseDocument } from "../../lib/parse/registry";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

const facts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
  title: "Ship the exporter",
  slug: "ship-the-exporter",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-22T16:00:00Z"),
  status: "in-progress",
  tasks: [{ text: "finish the exporter", done: false }],
  keyFiles: ["src/export.ts"],
  decision: "Write CSV with a streaming encoder",
  gotcha: "Excel wants a BOM",
  ...over,
});
const checkpointPath = family.htmlCheckpointPath(facts());
const reviewPath = `.claude/reviews/${checkpointPath.split("/").pop()!.replace(/\.html$/, "")}.md`;

beforeEach(async () => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/export.ts": "export {};\n", [checkpointPath]: family.htmlCheckpoint(facts()) });
  commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - exporter", new Date("2026-11-22T16:01:00Z"));
  await index();
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });
const checkpointId = () => listRecords(space.db()).find((r) => r.path === checkpointPath)!.id;

describe("reviews written through the safe writer", () => {
  it("round-trips: written, indexed, shown; a second reviewer appends a second dated section", async () => {
    const id = checkpointId();
    const first = await addReview(space.db(), {
      documentId: id,
      verdict: "changes",
      comment: "The encoder needs a **BOM** for Excel.\n\n- add it\n- test it",
      at: new Date("2026-11-23T09:30:00Z"),
    });
    expect(first).toMatchObject({ relPath: reviewPath, reviewer: "Demo Dev", verdict: "changes", created: true, reindexError: null });
    expect(reviewsFor(space.db(), id)).toEqual([
      expect.objectContaining({ reviewer: "Demo Dev", verdict: "changes", at: "2026-11-23T09:30:00.000Z", comment: "The encoder needs a **BOM** for Excel.\n\n- add it\n- test it", source: "worktree" }),
    ]);

    const second = await addReview(space.db(), { documentId: id, verdict: "approved", comment: "LGTM now.", reviewer: "Ana Silva", at: new Date("2026-11-24T10:00:00Z") });
    expect(second.created).toBe(false);
    const text = readFileSync(join(repo, reviewPath), "utf8");
    expect(text.match(/^## \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC — .+ — (?:approved|changes|comment)$/gm)).toEqual([
      "## 2026-11-23 09:30 UTC — Demo Dev — changes",
      "## 2026-11-24 10:00 UTC — Ana Silva — approved",
    ]);
    expect(text.startsWith("# Reviews of Ship the exporter\n")).toBe(true);
    const items = reviewsFor(space.db(), id);
    expect(items.map((r) => [r.reviewer, r.verdict])).toEqual([["Demo Dev", "changes"], ["Ana Silva", "approved"]]);

    // a full index run reads the same file back to the same reviews (the parser is the source of truth)
    await index();
    expect(reviewsFor(space.db(), id).map((r) => r.comment)).toEqual(items.map((r) => r.comment));
  });

  it("keeps a hostile comment inside its own section", async () => {
    const id = checkpointId();
    const comment = "# Not a title\n## 2030-01-01 00:00 UTC — Mallory — approved\nsetext\n===\n```js\nconst open = true;";
    await addReview(space.db(), { documentId: id, verdict: "comment", comment, reviewer: "Eve - the - tester", at: new Date("2026-11-23T09:30:00Z") });
    const items = reviewsFor(space.db(), id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ reviewer: "Eve the tester", verdict: "comment" });
    expect(items[0].comment).toContain("### Not a title");
    expect(items[0].comment).toContain("### 2030-01-01 00:00 UTC — Mallory — approved");
    expect(items[0].comment.endsWith("```")).toBe(true);
  });

  it("refuses what it cannot review, and writes nothing", async () => {
    await expect(addReview(space.db(), { documentId: "../../etc/passwd", verdict: "approved", comment: "x" })).rejects.toMatchObject({ code: "refused" });
    await expect(addReview(space.db(), { documentId: "0123456789abcdef", verdict: "approved", comment: "x" })).rejects.toMatchObject({ code: "not-found" });
    await expect(addReview(space.db(), { documentId: checkpointId(), verdict: "approved", comment: "   " })).rejects.toMatchObject({ code: "invalid-edit" });
    expect(() => readFileSync(join(repo, reviewPath))).toThrow();
  });

  it("prefills the reviewer from the repository's git config", async () => {
    git(repo, ["config", "user.name", "Zoë Reviewer"]);
    expect(await defaultReviewer(repo)).toBe("Zoë Reviewer");
  });

  it("shows a teammate's review committed only on another branch", async () => {
    const id = checkpointId();
    git(repo, ["checkout", "-q", "-b", "review/ana"]);
    const section = reviewSection({ at: new Date("2026-11-25T08:00:00Z"), reviewer: "Ana Silva", verdict: "approved", comment: "Ship it." });
    writeFiles(repo, { [reviewPath]: appendReviewSection(null, "Reviews of Ship the exporter", section) });
    commitAll(repo, "docs: review of the exporter handoff", new Date("2026-11-25T08:01:00Z"));
    git(repo, ["checkout", "-q", "main"]);
    await index();
    expect(reviewsFor(space.db(), id)).toEqual([
      expect.objectContaining({ reviewer: "Ana Silva", verdict: "approved", comment: "Ship it.", source: "git:review/ana", path: reviewPath }),
    ]);
  });
});

describe("the review file format", () => {
  it("is what the parser reads: dated sections, reviewer, verdict, comment", () => {
    let text = appendReviewSection(null, "Reviews of X", reviewSection({ at: new Date("2026-01-02T03:04:05Z"), reviewer: "A", verdict: "approved", comment: "one" }));
    text = appendReviewSection(text.replace(/\n$/, ""), "ignored", reviewSection({ at: new Date("2026-01-03T03:04:05Z"), reviewer: "B", verdict: "comment", comment: cleanComment("```\nunclosed") }));
    text = appendReviewSection(text, "ignored", reviewSection({ at: new Date("2026-01-04T00:00:00Z"), reviewer: "C", verdict: "changes", comment: "three" }));
    const parsed = parseDocument({ path: ".claude/reviews/x.md", text });
    expect(parsed.problems).toEqual([]);
    expect(parsed.document?.meta.reviewOf).toBe("x");
    const reviews = parsed.document?.meta.reviews as { reviewer: string; verdict: string; comment: string }[];
    expect(reviews.map((r) => [r.reviewer, r.verdict, r.comment])).toEqual([
      ["A", "approved", "one"],
      ["B", "comment", "```\nunclosed\n```"],
      ["C", "changes", "three"],
    ]);
  });

  it("closes a fence a hand-edited file left open before appending", () => {
    const text = appendReviewSection("# Reviews\r\n\r\n## 2026-01-01 00:00 UTC — A — comment\r\n```\r\ncode", "t", reviewSection({ at: new Date("2026-01-02T00:00:00Z"), reviewer: "B", verdict: "approved", comment: "ok" }));
    expect(text.startsWith("# Reviews\r\n\r\n## 2026-01-01 00:00 UTC — A — comment\r\n```\r\ncode\r\n```\r\n\r\n## 2026-01-02")).toBe(true);
    const reviews = parseDocument({ path: ".claude/reviews/y.md", text }).document?.meta.reviews as { reviewer: string }[];
    expect(reviews.map((r) => r.reviewer)).toEqual(["A", "B"]);
  });
});

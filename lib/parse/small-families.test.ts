import { describe, expect, it } from "vitest";
import { formatReviewHeading } from "./review";
import { parseDocument } from "./registry";

describe("project-notes", () => {
  it("reads the journal without status; its checkboxes follow the one task rule", () => {
    const text = "# Project Notes\n\n- The staging DB is reset every Sunday.\n- [ ] not a task here\n- Prefer small PRs; the owner reviews on mobile.\n";
    const { document: doc } = parseDocument({ path: ".claude/PROJECT-NOTES.md", text });
    expect(doc?.format).toBe("project-notes");
    expect(doc?.kind).toBe("journal");
    expect(doc?.status).toBeNull();
    expect(doc?.tasks?.map((t) => [t.text, t.done])).toEqual([["not a task here", false]]);
    expect(doc?.title).toBe("Project Notes");
    expect(doc?.meta.bullets).toBe(3);
  });

  it("dates a newest-first log by its latest entry heading", () => {
    const text = "# Project log\n\n## 2026-02-09 - Workflow change\nText.\n\n## 2026-01-20 - Earlier\nText.\n";
    const { document: doc } = parseDocument({ path: ".claude/PROJECT_LOG.md", text });
    expect(doc?.savedAt).toBe("2026-02-09T00:00:00.000Z");
  });
});

describe("review", () => {
  const text = [
    "# Review of the export checkpoint",
    "",
    "## 2026-11-30 14:05 UTC — Ana Silva — approved",
    "",
    "Looks right; the **locale** note answers my question.",
    "",
    "## 2026-12-01 09:00 UTC — Bo Chen — changes",
    "",
    "Please list the removed flags.",
  ].join("\n");

  it("reads dated reviews with reviewer, verdict and comment", () => {
    const { document: doc, problems } = parseDocument({ path: ".claude/reviews/20261130-120000-export.md", text });
    expect(problems).toEqual([]);
    expect(doc?.kind).toBe("review");
    expect(doc?.status).toBeNull();
    expect(doc?.meta.reviewOf).toBe("20261130-120000-export");
    expect(doc?.savedAt).toBe("2026-12-01T09:00:00.000Z");
    expect(doc?.meta.reviews).toEqual([
      { at: "2026-11-30T14:05:00.000Z", atRaw: "2026-11-30 14:05 UTC", reviewer: "Ana Silva", verdict: "approved", verdictRaw: "approved", comment: "Looks right; the **locale** note answers my question." },
      { at: "2026-12-01T09:00:00.000Z", atRaw: "2026-12-01 09:00 UTC", reviewer: "Bo Chen", verdict: "changes", verdictRaw: "changes", comment: "Please list the removed flags." },
    ]);
  });

  it("round-trips the heading the writer produces", () => {
    const heading = formatReviewHeading({ at: new Date("2026-11-30T14:05:00Z"), reviewer: "Ana  Silva", verdict: "comment" });
    expect(heading).toBe("## 2026-11-30 14:05 UTC — Ana Silva — comment");
    const { document: doc } = parseDocument({ path: ".claude/reviews/x.md", text: `${heading}\n\nA note.` });
    expect((doc?.meta.reviews as Array<{ verdict: string }>)[0].verdict).toBe("comment");
    expect(doc?.title).toBe("Review of x");
  });

  it("reports malformed headings and unknown verdicts", () => {
    const { problems } = parseDocument({ path: ".claude/reviews/x.md", text: "## yesterday\n\nhm\n\n## 2026-01-01 — Al — maybe\n" });
    expect(problems).toEqual(['review heading "yesterday" is not "date — reviewer — verdict"', 'unknown review verdict "maybe"']);
  });
});

describe("other-md", () => {
  it("reads borg-style numbered sections with the date only in the file name", () => {
    const text = "## 1. Goal\nShip the sync fixes.\n\n## 2. Accomplished\n- fixed the copy step\n\n## 3. Open Problems\n- flaky hook\n\n## 5. Next Session\n1. Re-run the hook\n";
    const { document: doc } = parseDocument({ path: ".borg/checkpoints/2026-04-14-1600.md", text });
    expect(doc?.format).toBe("other-md");
    // no H1 and only section names as headings: no title (a goal's first line is not one)
    expect(doc?.title).toBeNull();
    expect(doc?.savedAt).toBe("2026-04-14T16:00:00.000Z");
    expect(doc?.savedAtSource).toBe("filename");
    expect(doc?.sections.map((s) => s.canonical)).toEqual(["working-on", "done", "blockers", "next-steps"]);
    expect(doc?.tasks?.map((t) => t.text)).toEqual(["Re-run the hook"]);
  });

  it("reads bold pseudo-headings on their own line", () => {
    const text = "# Checkpoint — 2026-03-01\n\n**Decisions:**\n- keep the cache\n\n**Next steps:**\n1. measure\n";
    const { document: doc } = parseDocument({ path: "docs/checkpoints/notes.md", text });
    expect(doc?.sections.map((s) => [s.canonical, s.text])).toEqual([
      ["decisions", "- keep the cache"],
      ["next-steps", "1. measure"],
    ]);
  });
});

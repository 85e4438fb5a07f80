import { describe, expect, it } from "vitest";
import { extractLearnings, findDuplicate, existingLines, normaliseLearning, similarity, splitLearnings, terse } from "../../lib/actions/learnings";
import { applyNoteChanges, bulletText } from "../../lib/actions/learnings-notes";

describe("candidate learnings", () => {
  it("takes bullets whole and paragraphs sentence by sentence, skipping code, headings and table headers", () => {
    const text = [
      "- Keep the bucket in memory;",
      "  Redis only when we scale out.",
      "* [x] Retry webhooks with backoff",
      "",
      "The user wants small diffs. Old clients must keep working! Ask before renaming.",
      "```",
      "- not a bullet, code",
      "```",
      "### Sub heading",
      "| Decision | Why |",
      "|---|---|",
      "| Use UTC everywhere | conversions at the edge |",
      "---",
    ].join("\n");
    expect(splitLearnings(text)).toEqual([
      "Keep the bucket in memory; Redis only when we scale out.",
      "[x] Retry webhooks with backoff",
      "The user wants small diffs.",
      "Old clients must keep working!",
      "Ask before renaming.",
      "Use UTC everywhere — conversions at the edge",
    ]);
  });

  it("reads only the learning sections, numbers nothing twice, and drops fragments", () => {
    const learnings = extractLearnings([
      { canonical: "working-on", heading: "What We're Working On", text: "Shipping the importer this week." },
      { canonical: "decisions", heading: "Key Decisions", text: "- Stream the file instead of loading it whole.\n- none" },
      { canonical: "blockers", heading: "Blockers / Gotchas", text: "- Excel exports use CRLF line endings" },
      { canonical: "remaining", heading: "Remaining Work", text: "- [ ] Map the columns to the schema" },
      { canonical: null, heading: "Failed Approaches", text: "- Caching at the edge gave stale reads\n- ok" },
      { canonical: "context", heading: "Session Context", text: "STREAM the file, instead of loading it whole!" },
    ]);
    expect(learnings).toEqual([
      { section: "Key Decisions", text: "Stream the file instead of loading it whole" },
      { section: "Blockers / Gotchas", text: "Excel exports use CRLF line endings" },
      { section: "Failed Approaches", text: "Caching at the edge gave stale reads" },
      // the session's context is not offered
    ]);
  });

  it("makes a learning terse: one line, no list marker, no trailing periods", () => {
    expect(terse("  - Use   UTC\n everywhere..  ")).toBe("Use UTC everywhere");
    expect(terse("1. [ ] Ask first.")).toBe("Ask first");
    expect(terse("Really?")).toBe("Really?");
  });
});

describe("duplicates", () => {
  it("matches across case, punctuation, Markdown, whitespace and word order", () => {
    expect(normaliseLearning("- **Use** `UTC` everywhere! ([checkpoint](.claude/checkpoints/a.html))")).toBe("use utc everywhere");
    expect(similarity("Store times as UTC, convert at the edge", "convert at the EDGE; store times as utc")).toBe(1);
    expect(similarity("Store times as UTC", "Retry webhooks with backoff")).toBe(0);
    const lines = existingLines("# Project Notes\n\n- Store times as UTC and convert at the edge.\n```\n- Retry webhooks\n```\n", "PROJECT-NOTES.md");
    expect(lines.map((l) => l.index)).toEqual([2]);
    expect(findDuplicate("store times as **UTC**, and convert them at the edge", lines)).toMatchObject({ index: 2 });
    expect(findDuplicate("Retry webhooks with exponential backoff", lines)).toBeNull();
    // one sentence of a longer CLAUDE.md line
    const claude = existingLines("Use npm scripts. Never edit generated files in src/gen by hand.\n", "CLAUDE.md");
    expect(findDuplicate("never edit the generated files in src/gen by hand", claude)).toMatchObject({ source: "CLAUDE.md", index: 0 });
  });
});

describe("editing PROJECT-NOTES.md", () => {
  const checkpoint = ".claude/checkpoints/20261120-101500-x.html";
  // relative to .claude/PROJECT-NOTES.md, where the link is read
  const link = "checkpoints/20261120-101500-x.html";

  it("creates the file with its heading, one terse bullet per line linking to the checkpoint", () => {
    const out = applyNoteChanges(null, [{ kind: "add", text: "Use UTC everywhere." }, { kind: "add", text: "Retry with backoff" }], checkpoint);
    expect(out.bytes.toString()).toBe(`# Project Notes\n\n- Use UTC everywhere ([checkpoint](${link}))\n- Retry with backoff ([checkpoint](${link}))\n`);
    expect(bulletText("a b", "dir with space/x (1).md")).toBe("a b ([checkpoint](<../dir with space/x (1).md>))");
    expect(bulletText("a b", "PROMPT.md")).toBe("a b ([checkpoint](../PROMPT.md))");
  });

  it("keeps CRLF and the BOM, adds a missing final newline, and skips bullets already there", () => {
    const current = Buffer.from("\uFEFF# Project Notes\r\n\r\n- Use UTC everywhere", "utf8");
    const out = applyNoteChanges(current, [{ kind: "add", text: "use utc, everywhere" }, { kind: "add", text: "Retry with backoff" }], checkpoint);
    expect(out.bytes.toString()).toBe(`\uFEFF# Project Notes\r\n\r\n- Use UTC everywhere\r\n- Retry with backoff ([checkpoint](${link}))\r\n`);
    expect(out.skipped).toHaveLength(1);
  });

  it("sharpens (replaces) the duplicated line in place", () => {
    const current = Buffer.from("# Project Notes\n\n- Store times as UTC.\n  * Keep the queue small\n", "utf8");
    const out = applyNoteChanges(current, [{ kind: "sharpen", original: "keep the queue small", text: "Keep the queue under 100 jobs" }], checkpoint);
    expect(out.bytes.toString()).toBe(`# Project Notes\n\n- Store times as UTC.\n  * Keep the queue under 100 jobs ([checkpoint](${link}))\n`);
    expect(() => applyNoteChanges(current, [{ kind: "sharpen", original: "something else entirely here", text: "x y z" }], checkpoint)).toThrow(/no longer in PROJECT-NOTES/);
  });
});

/**
 * Hostile Markdown of up to 2 MB (the most discovery reads): each shape below took minutes to parse
 * (quadratic scans from every unclosed bracket, per-line loops over every heading, two adjacent `\s*`).
 * No timing assertion: a generous timeout catches a regression, and `npx tsx scripts/stress-hostile.ts`
 * measures.
 */
import { describe, expect, it } from "vitest";
import { boundedText, boundRuns, PARSE_MAX_CHARS, PARSE_MAX_LINES } from "./limits";
import { parseDocument } from "./registry";

const MB2 = 2 * 1024 * 1024 - 4096;
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const SHAPES: [string, string][] = [
  ["unclosed [", "["],
  ["unclosed [a](", "[a]("],
  ["unclosed ![", "!["],
  ["unclosed [[", "[["],
  ["spaces", " "],
  ["headings", "## a\n"],
  ["setext headings", "a\n=\n"],
  ["bracket lines", "[\n"],
  ["checkbox lines", "- [ ] a\n"],
  ["backtick words", "`a "],
  ["table cells", "| a "],
];

describe("a hostile 2 MB Markdown checkpoint", () => {
  it.each(SHAPES)("of %s parses, keeps its title and says it was read in part", (_name, unit) => {
    const text = `# Hostile\n\n## Decisions\n- use the fast path\n\n## Notes\n${fill(unit, MB2)}`;
    const result = parseDocument({ path: ".claude/checkpoints/hostile.md", text });
    expect(result.problems.filter((p) => p.includes("parser failed"))).toEqual([]);
    expect(result.document?.title).toBe("Hostile");
    expect(result.document?.sections.find((s) => s.canonical === "decisions")?.text).toContain("use the fast path");
    expect(result.problems.some((p) => p.startsWith("document too large to read whole"))).toBe(true);
  }, 60_000);

  it("of every shape at once parses in every Markdown family", () => {
    const text = `# Hostile\n\n## Decisions\n${SHAPES.map(([, unit]) => fill(unit, MB2 / SHAPES.length)).join("\n\n")}`;
    for (const path of [".claude/last-session.md", ".claude/handoffs/h.md", ".claude/session-state/checkpoints/s.md", ".claude/PROJECT-NOTES.md", "CLAUDE.md", "PROMPT.md"]) {
      const result = parseDocument({ path, text });
      expect(result.problems.filter((p) => p.includes("parser failed")), path).toEqual([]);
    }
  }, 120_000);
});

describe("boundedText", () => {
  it("leaves an ordinary document alone", () => {
    const text = "# T\n\nbody\n".repeat(1000);
    expect(boundedText(text)).toEqual({ text, cut: null });
  });
  it("cuts at a whole line within both limits", () => {
    const byLines = boundedText("line\n".repeat(PARSE_MAX_LINES * 2));
    expect(byLines.text.split("\n").length).toBeLessThanOrEqual(PARSE_MAX_LINES);
    expect(byLines.text.endsWith("line")).toBe(true);
    const byChars = boundedText(`${"x".repeat(1000)}\n`.repeat(2000));
    expect(byChars.text.length).toBeLessThanOrEqual(PARSE_MAX_CHARS);
    expect(byChars.text.endsWith("x")).toBe(true);
    expect(byChars.cut).toMatch(/first \d+ KB of 1955 KB/);
  });
});

describe("a hostile 2 MB HTML checkpoint", () => {
  it.each([
    ["headings", "<h2>a</h2><p>x</p>"],
    ["paragraphs of unclosed links", "<p>[a](</p>"],
    ["list items", "<li>- [ ] a</li>"],
  ])("of %s is read in part, and says so", (_name, unit) => {
    const text = `<html><head><meta name="jacked:status" content="in-progress"></head><body><h1>Hostile</h1>${fill(unit, MB2)}`;
    const result = parseDocument({ path: ".claude/checkpoints/hostile.html", text });
    expect(result.document?.title).toBe("Hostile");
    expect(result.problems.some((p) => p.startsWith("document too large to read whole: the first 128 KB"))).toBe(true);
  }, 60_000);

  it("nested a hundred thousand levels deep is a problem, not a crash", () => {
    const result = parseDocument({ path: ".claude/checkpoints/deep.html", text: `<html><body><h1>Deep</h1>${"<div>".repeat(100_000)}` });
    expect(result.problems.length).toBeGreaterThan(0);
  }, 60_000);
});

describe("one hostile line", () => {
  // each took minutes: a trailing-punctuation expression scanned the run again from every position
  it.each([
    ["a heading with a run of spaces", `# a${" ".repeat(400_000)}b`],
    ["a heading with a run of dots", `# a${".".repeat(400_000)}b`],
    ["a heading with a run of dashes", `## a${"-".repeat(400_000)}b`],
    ["a label with mixed punctuation", `- **Status**:${".-:".repeat(130_000)}x`],
    ["a bold label with spaces", `**Decisions${" ".repeat(400_000)}x`],
  ])("%s parses", (_name, line) => {
    const result = parseDocument({ path: ".claude/checkpoints/line.md", text: `# Title\n\n${line}\n\n## Decisions\n- keep\n` });
    expect(result.document?.title).toBe("Title");
    expect(result.problems.filter((p) => p.includes("parser failed"))).toEqual([]);
  }, 60_000);

  it("keeps ordinary punctuation runs (a table rule) as written", () => {
    const rule = `|${"---|".repeat(20)}`;
    expect(boundRuns(rule)).toBe(rule);
    expect(boundRuns(`a${" ".repeat(1000)}b`)).toBe(`a${" ".repeat(128)}b`);
  });
});

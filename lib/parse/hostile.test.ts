import { describe, expect, it } from "vitest";
import { parseDocument, PARSERS } from "./registry";

const PATHS = [
  ".claude/checkpoints/20260101-000000-x.html",
  ".claude/checkpoints/x.md",
  ".claude/last-session.md",
  "CLAUDE.md",
  "PROMPT.md",
  "/home/u/.claude/checkpoints/x.md",
  ".claude/session-state.md",
  "HANDOFF.md",
  ".claude/PROJECT-NOTES.md",
  ".claude/reviews/x.md",
  ".borg/checkpoints/x.md",
];

const NASTY = [
  "---",
  "---\n---\n---",
  "```\n# not a heading\n",
  "# ".repeat(5000),
  `**${"*".repeat(20000)}`,
  `${"- [x] ".repeat(3000)}\n`,
  `Branch: ${"a ".repeat(50000)}`,
  `| ${"| ".repeat(20000)}`,
  `${"2026-01-01 ".repeat(5000)}`,
  "\u0000\u0001\u0002 binary \uFFFD\uFFFD",
  "<html><head><meta name='jacked:status'></head><body><h2>x</h2></body></html>",
  "## Recent sessions\n\n- **2026-13-45** — `x`",
  "---js\nwhile(true){}\n---\n",
  "---\n&anchor a: *anchor\nb: [*anchor, *anchor, *anchor]\n---\n",
];

describe("hostile input", () => {
  it("never throws and stays fast", () => {
    const started = performance.now();
    for (const path of PATHS) {
      for (const text of NASTY) {
        const result = parseDocument({ path, text, companions: { ".claude/.session-state.json": "[1,2" } });
        expect(result.problems.filter((p) => p.includes("parser failed")), `${path}: ${text.slice(0, 30)}`).toEqual([]);
      }
    }
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("every parser's parse survives being called directly on any text", () => {
    for (const parser of PARSERS) {
      for (const text of NASTY) expect(() => parser.parse({ path: "x.md", text })).not.toThrow();
    }
  });
});

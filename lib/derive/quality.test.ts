import { describe, expect, it } from "vitest";
import { parseDocument } from "../parse/registry";
import type { ParsedDocument } from "../parse/types";
import { scoreQuality } from "./quality";

const CLEAN = { missingFiles: [], secretCount: 0 };
const parse = (path: string, text: string): ParsedDocument => {
  const doc = parseDocument({ path, text }).document;
  if (!doc) throw new Error("fixture did not parse");
  return doc;
};

const long = (words: string) => `${words} `.repeat(6).trim();

const COMPLETE_HANDOFF = `# Handoff: Complete example

## Current State Summary
${long("The importer reads both formats and the tests pass.")}

## Important Context
${long("The vendor sends files late on Fridays.")}

## Immediate Next Steps
1. ${long("Add the retry for late files.")}

## Critical Files
- src/importer.ts

## Files Modified
- src/importer.ts

## Decisions Made
- Retry instead of polling.

## Potential Gotchas
- Fridays.
`;

describe("scoreQuality", () => {
  it("gives a complete handoff full marks", () => {
    expect(scoreQuality(parse(".claude/handoffs/x.md", COMPLETE_HANDOFF), CLEAN)).toEqual({ score: 100, reasons: [] });
    const redacted = COMPLETE_HANDOFF.replace("Fridays.\n", "Fridays; key [REDACTED:api-key] rotated.\n");
    expect(scoreQuality(parse(".claude/handoffs/x.md", redacted), CLEAN).score).toBe(100);
  });

  it("deducts like the handoff validator: placeholders, required sections, secrets, missing files, recommended", () => {
    const text = "# Handoff: [TODO: title]\n\n## Current State Summary\n[TODO: describe]\n\n## Immediate Next Steps\n1. go\n";
    const result = scoreQuality(parse(".claude/handoffs/y.md", text), { missingFiles: ["a.ts", "b.ts", "c.ts", "d.ts", "e.ts"], secretCount: 2 });
    // -30 placeholders, -10 thin state, -10 missing context, -10 thin next steps, -20 secrets, -20 files, -8 recommended
    expect(result.score).toBe(0);
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^leftover placeholders: \[TODO: title\], \[TODO: describe\]/),
        "missing required section: context",
        expect.stringMatching(/^required section is empty or too thin: current state/),
        expect.stringMatching(/^required section is empty or too thin: next steps/),
        "2 possible secrets in the file",
        expect.stringMatching(/^5 referenced files no longer exist/),
        "no key files section",
      ]),
    );
  });

  it("flags template placeholders of every style", () => {
    for (const placeholder of ["[PROJECT NAME]", "{{TITLE}}", "{title}", "<placeholder>"]) {
      // dated: an undated file still titled by a placeholder is an unfilled template, not a checkpoint (issue 40)
      const doc = parse(".claude/handoffs/z.md", COMPLETE_HANDOFF.replace("Complete example", placeholder).replace("\n\n## Current State", "\n\n**Date:** 2026-04-12\n\n## Current State"));
      expect(scoreQuality(doc, CLEAN).score, placeholder).toBe(70);
    }
  });

  it("ignores placeholders inside code spans and comments-only sections count as empty", () => {
    const withCode = COMPLETE_HANDOFF.replace("Retry instead of polling.", "Retry; the template uses `{{name}}` tokens.");
    expect(scoreQuality(parse(".claude/handoffs/z.md", withCode), CLEAN).score).toBe(100);
    const commented = COMPLETE_HANDOFF.replace(long("The vendor sends files late on Fridays."), "<!-- describe the context here, at least a few sentences long -->");
    expect(scoreQuality(parse(".claude/handoffs/z.md", commented), CLEAN).reasons).toContain("required section is empty or too thin: context (Important Context)");
  });

  it("uses each family's own required sections", () => {
    const briefing = `# Last session — 2026-04-12, 14:30 (UTC)\n\n## What we just did\n- ${long("Moved the job.")}\n\n## Do this first next session\n1. ${long("Tune it.")}\n\n## Open blockers\n- none\n\n## Files left dirty (uncommitted on purpose)\n- none\n`;
    expect(scoreQuality(parse(".claude/last-session.md", briefing), CLEAN)).toEqual({ score: 100, reasons: [] });
    const journal = parse(".claude/PROJECT-NOTES.md", "# Project Notes\n\n- one learning\n");
    expect(scoreQuality(journal, CLEAN).score).toBe(100);
  });

  it("never leaves the 0-100 range", () => {
    // the emptiest handoff that still reads as one (a bare line with no title is no checkpoint at all)
    const empty = parse("HANDOFF.md", "# Handoff\n\nnothing useful\n");
    const { score } = scoreQuality(empty, { missingFiles: Array(50).fill("x"), secretCount: 9 });
    expect(score).toBeGreaterThanOrEqual(0);
  });
});

describe("placeholder patterns", () => {
  it("each match holds a [, { or < (texts without one are not searched)", async () => {
    const { PLACEHOLDERS } = await import("./quality-rules");
    const samples = ["[TODO: fill]", "{{ name }}", "[YOUR NAME]", "{title}", "<your name here>", "<PLACEHOLDER>", "{task_here}"];
    for (const sample of samples) {
      const matched = PLACEHOLDERS.filter(([pattern]) => new RegExp(pattern.source, pattern.flags.replace("g", "")).test(sample));
      expect(matched.length, sample).toBeGreaterThan(0);
    }
    for (const [pattern] of PLACEHOLDERS) {
      for (const sample of samples) for (const m of sample.matchAll(pattern)) expect(m[0]).toMatch(/[[{<]/);
    }
  });
});

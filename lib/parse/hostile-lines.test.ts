/**
 * Issue 42 item 1: lines built to make line patterns backtrack (128-space runs split by one letter after label
 * prefixes, runs of each Markdown mark, label-like lines, 76 KB of them), in a document of every Markdown family.
 * Before the fix one 3.9 KB line took 0.85-3 s to parse and a 76 KB document 15-17 s. The goal is 50 ms a
 * document (`npm run bench` measures the whole matrix against it); here each document must parse within a
 * generous 500 ms, so that a loaded machine does not fail it while a backtracking pattern still does.
 */
import { describe, expect, it } from "vitest";
import { HOSTILE_LINES, MARKDOWN_FAMILY_PATHS, hostileBlock, hostileDocument } from "../../scripts/fixtures/hostile-lines";
import { parseDocument } from "./registry";

const BOUND_MS = 500;
/** The shapes also parsed as whole 76 KB documents here (the bench parses every shape at that size). */
const LARGE_SHAPES = new Set(["128-space runs split by a letter", "the same after a list marker", "table cells of spaces", '128-character runs of "="', "runs of spaces and pipes"]);

function timed(path: string, text: string): { ms: number; failed: string[] } {
  const started = performance.now();
  const result = parseDocument({ path, text });
  return { ms: performance.now() - started, failed: result.problems.filter((p) => p.includes("parser failed")) };
}

describe("hostile lines in every Markdown family", () => {
  // the first parse of each family loads and compiles its code: not the pattern's cost
  for (const path of MARKDOWN_FAMILY_PATHS) parseDocument({ path, text: hostileDocument("warm up") });

  it.each(MARKDOWN_FAMILY_PATHS)("%s parses each hostile line quickly", (path) => {
    const slow: string[] = [];
    for (const [shape, line] of HOSTILE_LINES) {
      const { ms, failed } = timed(path, hostileDocument(line));
      expect(failed, shape).toEqual([]);
      if (ms >= BOUND_MS) slow.push(`${shape}: ${Math.round(ms)} ms`);
    }
    expect(slow).toEqual([]);
  });

  it.each(MARKDOWN_FAMILY_PATHS)("%s parses 76 KB of hostile lines quickly", (path) => {
    const slow: string[] = [];
    for (const [shape, line] of HOSTILE_LINES.filter(([name]) => LARGE_SHAPES.has(name))) {
      const { ms, failed } = timed(path, hostileDocument(hostileBlock(line, 76 * 1024)));
      expect(failed, shape).toEqual([]);
      if (ms >= BOUND_MS) slow.push(`${shape}, 76 KB: ${Math.round(ms)} ms`);
    }
    expect(slow).toEqual([]);
  });

  it("still reads the document around them", () => {
    const doc = parseDocument({ path: ".claude/handoffs/2026-05-01-hostile.md", text: hostileDocument(HOSTILE_LINES[0][1]) }).document;
    expect(doc?.title).toBe("Hostile lines");
    expect(doc?.status).toBe("in-progress");
  });
});

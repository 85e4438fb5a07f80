/**
 * Issue 42: line patterns that backtracked were replaced by readers that cannot. Each reader gives what the
 * pattern it replaces gave, on thousands of short lines made of the pieces those patterns look for (where the old
 * patterns are quick), and stays quick on the hostile line that took the old pattern seconds.
 */
import { describe, expect, it } from "vitest";
import { firstHeading, labelAt } from "../conventions/labels";
import { suggestedSkills } from "../prompt-style";
import type { ParsedDocument } from "../types";
import { isRecentCommitsLabel } from "../extract-commit";
import { boundRuns } from "../limits";
import { atxHeading } from "./markdown";
import { splitSpaced } from "./text";

/** A small deterministic generator (the same lines on every run). */
function lines(pieces: string[], count: number, maxPieces = 9): string[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  return Array.from({ length: count }, () => Array.from({ length: next() % maxPieces }, () => pieces[next() % pieces.length]).join(""));
}

const PIECES = ["**", "__", ":", "：", " ", "  ", "\t", "-", "- ", ">", "> ", "|", " | ", "*", "_", "Status", "Feature Branch", "x", "`v`", "#", "##", "=", "==", "[", "]", "é", "·", " · ", "—", "\u2028"];
const HOSTILE = `${" ".repeat(128)}a`.repeat(30);

describe("the label reader (labelValue)", () => {
  const OLD = /^(\s*(?:[-*+]\s+)?(?:>\s*)?(?:\*\*|__)?\s*([^*_:：|]{1,40}?)\s*(?:(?:\*\*|__)\s*[:：]|[:：]\s*(?:\*\*|__)|[:：])\s*)(.*)$/;
  it("reads the label and where the value starts as the pattern did", () => {
    for (const part of lines(PIECES.filter((p) => p !== "\u2028" && !p.includes("|")), 8_000)) {
      // a label of whitespace or list marks alone (the pattern backtracked into the lead for one) names nothing
      const m = OLD.exec(part);
      const old = m && /[^\s>+-]/.test(m[2]) ? m : null;
      const read = labelAt(part);
      const found = read && /[^\s>+-]/.test(read.label) ? read : null;
      expect(found && { label: found.label, start: found.start, rest: found.rest }, JSON.stringify(part)).toEqual(old && { label: old[2].trim(), start: old[1].length, rest: old[3] });
    }
  });
  it("is quick on 128-space runs split by a letter", () => {
    const started = performance.now();
    for (const prefix of ["", "- ", "**", "**Status", "> **Branch"]) labelAt(prefix + HOSTILE);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("the Recent commits label", () => {
  const OLD = (line: string) => /^\s*(?:[-*+]\s+)?(?:\*\*|__)?[^:*]{0,40}(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/.test(line) && /recent commits|git log/i.test(line);
  it("is read as the pattern read it (whitespace runs squeezed)", () => {
    for (const line of lines([...PIECES.filter((p) => p !== "\u2028"), "Recent commits", "recent commits", "git log"], 8_000)) {
      if (/\s{2,}/.test(line.trim())) continue; // a run inside the label counts once now
      expect(isRecentCommitsLabel(line), JSON.stringify(line)).toBe(OLD(line));
    }
  });
  it("is quick on 128-space runs split by a letter", () => {
    const started = performance.now();
    for (const prefix of ["", "- ", "**Recent commits"]) isRecentCommitsLabel(prefix + HOSTILE);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("ATX headings", () => {
  const OLD = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
  it("read as the pattern read them", () => {
    for (const line of lines(["#", "##", "###", " ", "\t", "a", "b c", "=", "\u2028"], 8_000, 12)) {
      const m = OLD.exec(line);
      const h = atxHeading(line);
      expect(h && { level: h.level, text: h.text.trim() }, JSON.stringify(line)).toEqual(m && { level: m[1].length, text: m[2].trim() });
    }
  });
});

describe("splitting at spaced separators", () => {
  it("splits as `split(/\\s+[·|•]\\s+/)` did", () => {
    for (const line of lines(["a", " ", "  ", "|", "·", "•", "\t", "b c"], 8_000, 12)) {
      expect(splitSpaced(line, "·|•"), JSON.stringify(line)).toEqual(line.split(/\s+[·|•]\s+/));
    }
  });
});

describe("bounding runs", () => {
  it("cuts as `replace(/[^\\p{L}\\p{N}\\n]{129,}/gu)` did", () => {
    for (const line of lines([" ".repeat(60), "-".repeat(50), "a", "\n", "😀".repeat(30), "é", "1", "\u3000".repeat(40)], 5_000, 12)) {
      expect(boundRuns(line)).toEqual(line.replace(/[^\p{L}\p{N}\n]{129,}/gu, (run) => [...run].slice(0, 128).join("")));
    }
  });
});

describe("the H1 of a convention's text (firstHeading)", () => {
  const OLD = /^#\s+(.+?)\s*#*\s*$/;
  it("reads the title as the pattern read it", () => {
    for (const line of lines(["#", "##", " ", "\t", "a", "b c", "C#", "\u3000"], 8_000, 10)) {
      expect(firstHeading(line), JSON.stringify(line)).toBe(OLD.exec(line)?.[1] ?? null);
    }
  });
});

describe("suggested skills (prompt style)", () => {
  const OLD = /^\s*[-*]\s+`?([^`]+?)`?\s+(?:--|—|–)\s+(.*)$/;
  const FALLBACK = /^\s*[-*]\s+`?(\/[\w:.-]+)`?:?\s*(.*)$/;
  it("reads each skill and why as the pattern read them", () => {
    for (const line of lines(["- ", "* ", " ", "  ", "`", "--", "—", "/skill", "a", "why", "\t", ":"], 8_000, 10)) {
      const doc = { sections: [{ heading: "Suggested skills", text: line }] } as unknown as ParsedDocument;
      const m = OLD.exec(line) ?? FALLBACK.exec(line);
      expect(suggestedSkills(doc).map((s) => s.skill), JSON.stringify(line)).toEqual(m ? [m[1]] : []);
    }
  });
});

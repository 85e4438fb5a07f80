/**
 * The known-answer question set of the search-quality evaluation (issue 23, scripts/bench/search-questions.json)
 * is well-formed: enough questions of every kind, spread over many files, and every answer file is a file of
 * the truth sets (checked when ../shared is present; nothing from it is copied here).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSharedDir, KINDS, readManifests, readQuestions, truthSetsPresent } from "../../scripts/bench/search-eval";

const questions = readQuestions();

describe("search-quality question set", () => {
  it("has at least 60 questions, at least 12 of every kind, unique ids", () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    for (const kind of KINDS) expect(questions.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(12);
    expect(questions.every((q) => (KINDS as readonly string[]).includes(q.kind))).toBe(true);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it("gives every question a text and answer files named <set>/files/<local file>", () => {
    for (const q of questions) {
      expect(q.q.trim().length, q.id).toBeGreaterThan(0);
      expect(q.answers.length, q.id).toBeGreaterThan(0);
      for (const answer of q.answers) expect(answer, q.id).toMatch(/^corpus-truth(-2)?\/files\/[^/]+$/);
    }
  });

  it("spreads the questions: no file answers more than two of them, and at least 50 files are asked about", () => {
    const perFile = new Map<string, number>();
    for (const q of questions) for (const answer of q.answers) perFile.set(answer, (perFile.get(answer) ?? 0) + 1);
    expect([...perFile].filter(([, n]) => n > 2)).toEqual([]);
    expect(perFile.size).toBeGreaterThanOrEqual(50);
  });

  const shared = defaultSharedDir();
  if (!truthSetsPresent(shared)) {
    console.log(`[search-eval] ${shared}/corpus-truth and corpus-truth-2 not found: the answer files are not checked.`);
    it.skip(`truth sets under ${shared} are absent`, () => {});
  } else {
    it("names answer files that exist and are listed in their set's MANIFEST.tsv", () => {
      const listed = new Set(readManifests(shared).map((e) => e.key));
      for (const q of questions) {
        for (const answer of q.answers) {
          expect(existsSync(join(shared, answer)), `${q.id}: ${answer}`).toBe(true);
          expect(listed.has(answer), `${q.id}: ${answer} in MANIFEST.tsv`).toBe(true);
        }
      }
    });
  }
});

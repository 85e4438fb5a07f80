import { describe, expect, it } from "vitest";
import { VOCABULARY } from "../vocabulary";
import { labelPattern, phrases, wordsPattern } from "./words";

describe("the vocabulary table", () => {
  it("has a row for each of the ten most spoken languages and the languages real files were seen in", () => {
    const languages = VOCABULARY.map((row) => row.language);
    for (const l of ["English", "Mandarin Chinese", "Hindi", "Spanish", "French", "Arabic", "Bengali", "Portuguese", "Russian", "Urdu", "Korean", "Hebrew", "Japanese", "German", "Dutch", "Italian", "Turkish"]) {
      expect(languages).toContain(l);
    }
    expect(new Set(languages).size).toBe(languages.length);
  });

  it("gives every row status words and a next-steps heading", () => {
    for (const row of VOCABULARY) {
      expect(row.done?.length, row.language).toBeGreaterThan(0);
      expect(row.inProgress?.length, row.language).toBeGreaterThan(0);
      expect(row.nextStepsHeadings?.length, row.language).toBeGreaterThan(0);
    }
  });
});

describe("matchers built from it", () => {
  it("match whole words in spaced scripts, and inside a run in Chinese, Japanese and Korean", () => {
    const done = wordsPattern("done");
    expect(done.test("Work completed.")).toBe(true);
    expect(done.test("incompleteness")).toBe(false);
    expect(done.test("作業完了しました")).toBe(true);
    expect(done.test("배포 완료됨")).toBe(true);
    expect(done.test("TERMINÉ")).toBe(true);
  });

  it("match a label only when it is the whole key", () => {
    const branch = labelPattern("branchLabels");
    expect(branch.test("branch")).toBe(true);
    expect(branch.test("현재 브랜치")).toBe(true);
    expect(branch.test("branch protection rules")).toBe(false);
  });

  it("leave languages out on request (English is read by its sentence shapes)", () => {
    expect(phrases("done", { except: ["English"] })).not.toContain("done");
    expect(wordsPattern("done", { except: ["English"] }).test("everything is done")).toBe(false);
    expect(wordsPattern("done", { except: ["English"] }).test("alles erledigt")).toBe(true);
  });
});

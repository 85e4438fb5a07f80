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

describe("the compiled matchers", () => {
  // The plain form of the same rule, one alternative per phrase: what the compiled pattern must agree with.
  const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
  const WORD = /[\p{L}\p{N}\p{M}]/u;
  const reference = (list: string[]) =>
    new RegExp(
      `(?:${list
        .map((raw) => {
          const p = raw.trim().toLowerCase();
          const edge = (c: string) => WORD.test(c) && !UNSPACED.test(c);
          const body = p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/ /g, "\\s+");
          return `${edge(p[0]) ? "(?<![\\p{L}\\p{N}\\p{M}])" : ""}${body}${edge(p[p.length - 1]) ? "(?![\\p{L}\\p{N}\\p{M}])" : ""}`;
        })
        .join("|")})`,
      "iu",
    );

  it("agree with one alternative per phrase on every phrase of the table, alone and inside other text", () => {
    const fields = ["done", "inProgress", "blocked", "remainingHeadings", "nextStepsHeadings", "notTaskHeadings", "questionHeadings", "statusLabels", "everythingOn"] as const;
    let compared = 0;
    for (const field of fields) {
      const compiled = wordsPattern(field);
      const plain = reference(phrases(field));
      const all = VOCABULARY.flatMap((row) => Object.values(row).flat()).filter((v): v is string => typeof v === "string");
      for (const p of all) {
        for (const text of [p, p.toUpperCase(), `x${p}`, `${p}x`, `The ${p}.`, `${p}s and more`, `1${p}`, p.replace(/ /g, "  "), `${p.slice(0, -1)}`]) {
          expect(compiled.test(text), `${field}: ${JSON.stringify(text)}`).toBe(plain.test(text));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("keep their source usable inside a longer pattern", () => {
    const opening = new RegExp(`^${wordsPattern("done").source}`, "iu");
    expect(opening.test("Completed work")).toBe(true);
    expect(opening.test("Work completed")).toBe(false);
  });
});

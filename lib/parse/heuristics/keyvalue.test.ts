import { describe, expect, it } from "vitest";
import { extractKeyValues, findValue, KEYS } from "./keyvalue";

const read = (text: string) => extractKeyValues(text.split("\n"));
const value = (text: string, key: RegExp) => findValue(read(text), key)?.value ?? null;

describe("extractKeyValues", () => {
  it.each([
    ["**Branch**: feature/x", "feature/x"],
    ["**Branch:** feature/x", "feature/x"],
    ["Branch: **`main`**", "main"],
    ["- Branch: main", "main"],
    ["- **Branch:** `release/2.0`", "release/2.0"],
    ["Current branch: dev", "dev"],
    ["| Branch | `hotfix` |", "hotfix"],
    ["- 브랜치: `feat/m/game`", "feat/m/game"],
  ])("%s", (line, expected) => {
    expect(value(line, KEYS.branch)).toBe(expected);
  });

  it("splits one-line headers separated by middle dots", () => {
    const pairs = read("**Date:** 2026-07-29T11:34:28+01:00 · **Branch:** `master` · **HEAD:** `4c34fca`");
    expect(findValue(pairs, KEYS.date)?.value).toBe("2026-07-29T11:34:28+01:00");
    expect(findValue(pairs, KEYS.branch)?.value).toBe("master");
    expect(findValue(pairs, KEYS.head)?.value).toBe("4c34fca");
  });

  it("splits double-space separated pairs", () => {
    const pairs = read("Session: docs-module  Model: some-model  Branch: feat/docs  Goal: none");
    expect(findValue(pairs, /^session$/)?.value).toBe("docs-module");
    expect(findValue(pairs, KEYS.branch)?.value).toBe("feat/docs");
    expect(findValue(pairs, /^goal$/)?.value).toBe("none");
  });

  it("reads italic whole-line pairs", () => {
    expect(value("*Date: 2026-04-15 02:46*", KEYS.date)).toBe("2026-04-15 02:46");
    expect(value("_갱신: 2026-07-21 15:10 · 트리거: manual_", KEYS.date)).toBe("2026-07-21 15:10");
  });

  it("does not split URLs or read table header rows", () => {
    expect(read("See: https://example.org/a").map((p) => p.value)).toEqual(["https://example.org/a"]);
    expect(read("| Topic | Path |\n| --- | --- |\n| a | b |").map((p) => p.key)).toEqual(["a"]);
  });

  it("skips code fences when told which lines are code", () => {
    expect(extractKeyValues(["Branch: x"], [true])).toEqual([]);
  });
});

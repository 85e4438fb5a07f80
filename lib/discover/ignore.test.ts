import { describe, expect, it } from "vitest";
import { compileRule, parseRules, verdict } from "./ignore";

const rules = (text: string) => ({ rules: parseRules(text) });

describe(".cairnignore globs", () => {
  it("matches gitignore-like: anywhere without a slash, anchored with one, folders with a trailing slash", () => {
    const any = compileRule("HANDOFF_*.md")!;
    expect(any.test("HANDOFF_x.md")).toBe(true);
    expect(any.test("deep/down/HANDOFF_x.md")).toBe(true);
    expect(any.test("HANDOFF_x.md.bak")).toBe(false);
    const anchored = compileRule("/docs/*.md")!;
    expect(anchored.test("docs/a.md")).toBe(true);
    expect(anchored.test("docs/sub/a.md")).toBe(false);
    expect(anchored.test("other/docs/a.md")).toBe(false);
    const folder = compileRule("archive/")!;
    expect(folder.test("archive/a.md")).toBe(true);
    expect(folder.test("x/archive/y/a.md")).toBe(true);
    expect(folder.test("archive")).toBe(false);
    const deep = compileRule("docs/**/notes.md")!;
    expect(deep.test("docs/notes.md")).toBe(true);
    expect(deep.test("docs/a/b/notes.md")).toBe(true);
  });

  it("reads a backslash before a glob character as that character (a file named `*.md` written literally)", () => {
    const star = compileRule("/.claude/checkpoints/\\*.md")!;
    expect(star.test(".claude/checkpoints/*.md")).toBe(true);
    expect(star.test(".claude/checkpoints/save.md")).toBe(false);
    const mixed = compileRule("notes/\\?-*.md")!;
    expect(mixed.test("notes/?-a.md")).toBe(true);
    expect(mixed.test("notes/x-a.md")).toBe(false);
    expect(compileRule("/a\\\\b")!.test("a\\b")).toBe(true);
  });

  it("skips comments and blanks, adds with !, and lets the last matching line decide", () => {
    expect(parseRules("# a comment\n\n   \n")).toEqual([]);
    const r = rules("notes/\n!notes/keep.md\n");
    expect(verdict(r, "notes/drop.md")).toBe("drop");
    expect(verdict(r, "notes/keep.md")).toBe("add");
    expect(verdict(r, "elsewhere.md")).toBeNull();
    expect(verdict(rules("!a.md\na.md\n"), "a.md")).toBe("drop");
  });
});

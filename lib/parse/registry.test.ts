import { describe, expect, it } from "vitest";
import { FORMATS } from "./types";
import { isCandidatePath, parseDocument, parsersFor, PARSERS } from "./registry";

const best = (path: string) => parsersFor(path)[0]?.format ?? null;

describe("registry", () => {
  it("has one parser per format", () => {
    expect(PARSERS.map((p) => p.format).sort()).toEqual([...FORMATS].sort());
  });

  it.each([
    [".claude/checkpoints/20260412-143000-x.html", "html"],
    [".claude/research/20260412-143000-x.html", "html"],
    [".claude/checkpoints/20260412-143000-x.md", "frontmatter-md"],
    [".claude/last-session.md", "last-session"],
    [".claude/memory/LAST_SESSION.md", "last-session"],
    ["packages/api/CLAUDE.md", "claude-md-sessions"],
    ["PROMPT.md", "prompt-md"],
    ["/home/u/.claude/checkpoints/20260101-000000.md", "global-md"],
    [".claude/session-state/checkpoints/latest.md", "session-state"],
    [".claude/session-state.md", "session-state"],
    [".claude/handoffs/2026-01-01-000000-x.md", "handoff"],
    ["HANDOFF.md", "handoff"],
    [".claude/PROJECT-NOTES.md", "project-notes"],
    [".claude/reviews/20260101-000000-x.md", "review"],
    [".borg/checkpoints/2026-04-14-1600.md", "frontmatter-md"],
    ["docs/checkpoints/2026-05-17-2128.md", "frontmatter-md"],
  ])("%s is claimed first by %s", (path, format) => {
    expect(best(path)).toBe(format);
  });

  it("does not sweep ordinary repository files", () => {
    for (const path of ["README.md", "docs/guide.md", "src/index.ts", "public/index.html", "notes/todo.md", ".claude/settings.json", ".claude/commands/handoff.md", "skills/checkpoint/SKILL.md"]) {
      expect(isCandidatePath(path), path).toBe(false);
    }
  });

  it("normalises Windows separators", () => {
    expect(isCandidatePath(".claude\\last-session.md")).toBe(true);
  });

  it("falls through to the generic reader when frontmatter is absent", () => {
    expect(parseDocument({ path: ".borg/checkpoints/a.md", text: "# A\n" }).document?.format).toBe("other-md");
  });
});

describe("real-world text shapes", () => {
  const body = "# Checkpoint: Résumé — überprüfen 検証\n\n**Date:** 2026-01-02\n**Branch:** main\n\n## Next Steps\n1. Go\n";

  it("reads CRLF and a byte-order mark like LF", () => {
    const crlf = `\uFEFF${body.replace(/\n/g, "\r\n")}`;
    const a = parseDocument({ path: "HANDOFF.md", text: body }).document;
    const b = parseDocument({ path: "HANDOFF.md", text: crlf }).document;
    expect(b).toEqual(a);
    expect(b?.title).toBe("Résumé — überprüfen 検証");
    expect(b?.branch).toBe("main");
  });

  it.each([
    ["HANDOFF.md"],
    [".claude/last-session.md"],
    [".claude/checkpoints/x.md"],
    [".claude/session-state.md"],
    ["PROMPT.md"],
    [".claude/PROJECT-NOTES.md"],
    [".claude/reviews/x.md"],
    [".claude/checkpoints/x.html"],
    [".borg/checkpoints/x.md"],
  ])("an empty %s is a problem, not a crash", (path) => {
    const result = parseDocument({ path, text: "  \n\r\n" });
    expect(result.document).toBeNull();
    expect(result.problems.length).toBeGreaterThan(0);
  });

  it("reads unicode titles in several scripts", () => {
    expect(parseDocument({ path: "HANDOFF.md", text: "# 인수인계 (2026-07-13 세션)\n" }).document?.savedAt).toBe("2026-07-13T00:00:00.000Z");
    expect(parseDocument({ path: ".claude/handoff.md", text: "# Handoff — 2026-08-22 (残件 R1〜R5)\n\n## State\n- Branch: **`main`**\n" }).document?.branch).toBe("main");
  });
});

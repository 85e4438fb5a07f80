import { describe, expect, it } from "vitest";
import { parseDocument, parsersFor } from "./registry";

const PROMPT = `# Checkpoint: 20260311-081500

**Saved:** 2026-03-11 08:15 GMT
**Branch:** chore/deps
**Project:** /home/dev/code/weather-app
**Purpose:** finish the dependency bump

## Task
Bump the charting library and fix the two broken tooltips.

## Decisions
- Pin the minor version: the latest release changed tooltip markup.

## Modified Files
- src/charts/tooltip.tsx

## Recent Commits
9c8b7a6 chore: bump chart lib
1a2b3c4 fix: tooltip offset

## Uncommitted Changes
 M src/charts/tooltip.tsx

## Next Steps
1. Fix the second tooltip
2. Run the visual tests

## Blockers
- None

## Suggested skills
- /test -- the visual suite has not run since the bump
- /ship pr -- once green
`;

describe("prompt-md", () => {
  it("reads a workspace PROMPT.md", () => {
    const { document: doc, problems } = parseDocument({ path: "PROMPT.md", text: PROMPT });
    expect(problems).toEqual([]);
    expect(doc?.format).toBe("prompt-md");
    expect(doc?.title).toBe("Bump the charting library and fix the two broken tooltips.");
    expect(doc?.meta.checkpointId).toBe("20260311-081500");
    expect(doc?.savedAt).toBe("2026-03-11T08:15:00.000Z");
    expect(doc?.branch).toBe("chore/deps");
    expect(doc?.project).toBe("/home/dev/code/weather-app");
    expect(doc?.headSha).toBe("9c8b7a6");
    expect(doc?.meta.purpose).toBe("finish the dependency bump");
    expect(doc?.meta.suggestedSkills).toEqual([
      { skill: "/test", why: "the visual suite has not run since the bump" },
      { skill: "/ship pr", why: "once green" },
    ]);
    expect(doc?.tasks?.map((t) => t.text)).toEqual(["Fix the second tooltip", "Run the visual tests"]);
    expect(doc?.references).toEqual(expect.arrayContaining([{ path: "src/charts/tooltip.tsx", role: "modified" }]));
  });

  it("leaves an ordinary PROMPT.md (an LLM prompt, not a checkpoint) alone", () => {
    expect(parseDocument({ path: "prompts/PROMPT.md", text: "You are a helpful assistant.\n\nAnswer briefly." }).document).toBeNull();
  });

  it("shares .claude/checkpoint.md with session-state by content", () => {
    expect(parsersFor(".claude/checkpoint.md").map((p) => p.format)).toEqual(["prompt-md", "session-state"]);
    const sessionStyle = "# Checkpoint: Parser rework\n\n**Branch**: main\n**Timestamp**: 2026-02-01 10:00\n\n## Current Progress\n- [x] one\n";
    expect(parseDocument({ path: ".claude/checkpoint.md", text: sessionStyle }).document?.format).toBe("session-state");
    expect(parseDocument({ path: ".claude/checkpoint.md", text: PROMPT }).document?.format).toBe("prompt-md");
  });
});

describe("global-md", () => {
  const path = "/home/dev/.claude/checkpoints/20260311-081500.md";

  it("claims absolute paths under .claude/checkpoints only", () => {
    expect(parsersFor(path)[0].format).toBe("global-md");
    expect(parsersFor(".claude/checkpoints/20260311-081500.md").some((p) => p.format === "global-md")).toBe(false);
  });

  it("links the checkpoint to its project and first recent commit", () => {
    const { document: doc } = parseDocument({ path, text: PROMPT });
    expect(doc?.format).toBe("global-md");
    expect(doc?.project).toBe("/home/dev/code/weather-app");
    expect(doc?.headSha).toBe("9c8b7a6");
  });

  it("reports a global checkpoint without a project", () => {
    const { problems } = parseDocument({ path, text: "# Checkpoint: x\n\n**Saved:** 2026-01-01 00:00\n\n## Task\nSomething\n" });
    expect(problems[0]).toMatch(/no \*\*Project:\*\* line/);
  });
});

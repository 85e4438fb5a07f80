/**
 * Files that keep the work's state under a name of their own (issue 26, item 7): a rules file's one dated
 * session block, the project's context or status file, a prompt written for the next session.
 */
import { describe, expect, it } from "vitest";
import { isCandidatePath, parseDocument } from "./registry";
import { holdsDatedState } from "./routes";
import { sessionBlockMarkdown } from "./claude-md";

const RULES_WITH_BLOCK = `# Conventions
- Small commits, one idea each
- Never push to the default branch

# Tooling
- Run the formatter before a review

## Session Context
- Date: 2026-03-14
- Work state: Moved the importer onto the queue; the retry path is untested.
- Decisions:
  - Keep the old importer behind a flag until April.
- Next steps:
  - Write the retry test.
  - Drop the flag once the nightly run is clean.
  - Tell ops about the new queue.
`;

describe("a CLAUDE.md whose session record is one Session Context block", () => {
  it("is a checkpoint: dated by its Date line, titled by the file's H1, its next steps the tasks", () => {
    const doc = parseDocument({ path: "CLAUDE.md", text: RULES_WITH_BLOCK }).document;
    expect(doc?.format).toBe("claude-md-sessions");
    expect(doc?.title).toBe("Conventions");
    expect(doc?.savedAt?.slice(0, 10)).toBe("2026-03-14");
    expect(doc?.tasks?.map((t) => t.text.trim())).toEqual(["Write the retry test.", "Drop the flag once the nightly run is clean.", "Tell ops about the new queue."]);
    expect(doc?.tasks?.every((t) => !t.done)).toBe(true);
    // a block that does not say how it went has no status
    expect(doc?.status).toBeNull();
    expect(doc?.sections.map((s) => s.heading)).toContain("Work state");
  });

  it("reads AGENTS.md the same way, and takes the last block when the file has two", () => {
    const older = RULES_WITH_BLOCK.replace("2026-03-14", "2026-03-01").replace("## Session Context", "## Last Session Context");
    const doc = parseDocument({ path: "AGENTS.md", text: `${older}\n## Session Context\n- Date: 2026-03-20\n- Next steps:\n  - Ship it.\n` }).document;
    expect(doc?.savedAt?.slice(0, 10)).toBe("2026-03-20");
    expect(doc?.tasks?.map((t) => t.text.trim())).toEqual(["Ship it."]);
  });

  it("is not a checkpoint when the block is undated (a template of what to write) or only mentioned in prose", () => {
    const template = "# Rules\n\n## Session Context\n- Date: <today>\n- Next steps:\n  - <what comes next>\n";
    expect(parseDocument({ path: "CLAUDE.md", text: template })).toEqual({ document: null, problems: [] });
    const mention = "# Rules\n\n- At the end of work, overwrite `## Session Context` at the bottom with the date and next steps.\n";
    expect(parseDocument({ path: "CLAUDE.md", text: mention })).toEqual({ document: null, problems: [] });
  });

  it("is read as a session block only in CLAUDE.md and AGENTS.md (a STATUS.md is read whole, as a dated save)", () => {
    expect(parseDocument({ path: "STATUS.md", text: RULES_WITH_BLOCK }).document?.format).not.toBe("claude-md-sessions");
  });

  it("turns labelled list items into fields and sections", () => {
    const md = sessionBlockMarkdown(["- **Branch:** feat/queue", "- Work state: halfway", "- Next steps:", "  - one", "  - two", "Trailing prose."]);
    expect(md.split("\n")).toEqual(["Branch: feat/queue", "### Work state", "halfway", "### Next steps", "- one", "- two", "Trailing prose."]);
  });
});

const PROJECT_CONTEXT = `# Project Context: ledger-service

**Updated:** 2026-05-02
**Branch:** main

## Recent Commits

\`\`\`
a1b2c3d fix: round half even
9f8e7d6 feat: monthly close
\`\`\`

## Done (This Session)
- Rounded invoices the way finance asked

## Tomorrow

Reconcile the March export.
`;

const DESCRIPTION = `# Project Context: ledger-service
> Generated 2026-05-02 10:00

## Architecture Overview
- Three services behind one gateway

## Key Symbols
| Name | Kind |
|---|---|
| Ledger | class |
`;

describe("the project's state kept in one file (.claude/PROJECT_CONTEXT.md and kin)", () => {
  it("is found by name at the repository's root, in .claude/ and in docs/", () => {
    for (const path of [".claude/PROJECT_CONTEXT.md", ".claude/project-context.md", ".claude/CURRENT_CONTEXT.md", "PROJECT_STATUS.md", "docs/current-status.md", ".claude/STATUS_REPORT.md", "pkg/.claude/PROJECT_STATE.md"])
      expect(isCandidatePath(path), path).toBe(true);
    for (const path of ["src/api/project_context.md", ".claude/skills/x/PROJECT_CONTEXT.md", "docs/guide/PROJECT_STATUS.md", "CONTEXT.md"]) expect(isCandidatePath(path), path).toBe(false);
  });

  it("is read as a checkpoint when dated and saying where the work is: title as written, branch, commit from the log", () => {
    const doc = parseDocument({ path: ".claude/PROJECT_CONTEXT.md", text: PROJECT_CONTEXT }).document;
    expect(doc?.title).toBe("Project Context: ledger-service");
    expect(doc?.savedAt?.slice(0, 10)).toBe("2026-05-02");
    expect(doc?.branch).toBe("main");
    expect(doc?.headSha).toBe("a1b2c3d");
    expect(doc?.status).toBeNull();
  });

  it("is not a checkpoint when it only describes the project, or is not dated", () => {
    expect(holdsDatedState(DESCRIPTION)).toBe(false);
    expect(parseDocument({ path: ".claude/PROJECT_CONTEXT.md", text: DESCRIPTION }).document).toBeNull();
    const undated = PROJECT_CONTEXT.replace("**Updated:** 2026-05-02\n", "");
    expect(holdsDatedState(undated)).toBe(false);
    expect(parseDocument({ path: ".claude/PROJECT_CONTEXT.md", text: undated }).document).toBeNull();
  });

  it("does not count a state heading that stands only inside a code fence", () => {
    expect(holdsDatedState("# Notes\nUpdated 2026-05-02\n\n```\n## Status\n```\n")).toBe(false);
    expect(holdsDatedState("# Notes\nUpdated 2026-05-02\n\n## Status\nGreen.\n")).toBe(true);
  });
});

describe("a prompt written for the next session", () => {
  const PROMPT = "# Prompt for the next session\n\nWritten 2026-07-09.\n\n## Next steps\n- [ ] Finish the parser\n- [x] Fix the build\n";

  it("is found by name anywhere but tooling folders, and read when dated", () => {
    for (const path of ["NEXT_PROMPT.md", "docs/next-prompt.md", "notes/continuation-prompt.md", "RESUME_PROMPT_2026-07-09.md", ".claude/kickoff-prompt.md"])
      expect(isCandidatePath(path), path).toBe(true);
    for (const path of ["prompts/next-prompt.md", ".claude/commands/continue-prompt.md", "docs/prompt-engineering.md", "PROMPTS.md"]) expect(isCandidatePath(path), path).toBe(false);
    const doc = parseDocument({ path: "NEXT_PROMPT.md", text: PROMPT }).document;
    expect(doc?.title).toBe("Prompt for the next session");
    expect(doc?.savedAt?.slice(0, 10)).toBe("2026-07-09");
    expect(doc?.tasks?.map((t) => t.done)).toEqual([false, true]);
  });

  it("is not a checkpoint when undated (a reusable prompt)", () => {
    expect(parseDocument({ path: "NEXT_PROMPT.md", text: "# Next prompt\n\nRead the repo and continue the refactor.\n" }).document).toBeNull();
  });
});

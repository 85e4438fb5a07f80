/**
 * Found by what a file says (issue 40): a Markdown file at the root, in an agent's folder or a planning folder
 * whose first KB read as a saved working state is a checkpoint whatever its name. The texts are shaped on real
 * files of that kind (NOW.md, wip.md, SCRATCHPAD.md, .claude/HISTORY.md, STATE.md, NEXT_PROMPT.md), written anew.
 */
import { describe, expect, it } from "vitest";
import { isCandidatePath, parseDocument } from "./registry";
import { isSavedStatePlace, readsAsSavedState, savedStateSignals } from "./saved-state";
import { looksLikeCheckpoint, sniffBytes } from "./routes";

const WIP = `# Work In Progress

## Completed (Phase 1)
- Go module, project layout, shim binary
- 19/19 unit tests passing

## Current Focus: Production POC - Implementation Complete! ✅

### Just Completed (Session 2026-02-17)
1. Timeout enforcement on every execution
2. Container hardening script for Ubuntu and Alpine images
3. Slack and Telegram bridges with no outside dependency

### Deferred to Phase 4 (Post-POC)
- Ephemeral containers
- Image configuration in policy.yaml
- WebSocket live updates
`;

const NOW_WORKING_MEMORY = `# NOW - Working Memory

> What we are doing right now.

**Current Focus:**
- Finish the cross-browser testing matrix and its evidence
- Regression-test the settings cache on both browsers

## Active Branch

- \`main\`

## What We Are Working On Right Now

**Immediate Next Steps:**
1. Finish the testing matrix for both browsers and log the evidence
2. Capture popup screenshots and the blocked-cookie stats
`;

const HISTORY = `# DryDock Session History

## 2026-04-10 — Phase 1 build

### Summary
Built the whole operational platform from an empty folder: 26 pages, 63 tables, 176 unit tests.

### Done
- Metadata engine, workflow engine, auth and security
- General ledger with periods and posting

## Session 2026-04-12 — Integration and gap analysis

### Done
- Wired the integration: migration, schema export, server registration, the page
- Confirmed the database holds every table
`;

const EMPTY_NOW = `# NOW

One page that answers:
- what are we doing this week?

## Focus
- (bullets)

## Blockers
- (bullets)

## Next
- (bullets)
`;

const ARCHITECTURE_NOTE = `# Payment flows

Updated: 2026-03-02

How a payment moves from the cart to the ledger: the cart posts an intent, the worker settles it, the ledger
books it. Each step retries three times with a growing delay, and a failed step parks the intent for a person.

## Components
- cart service
- settlement worker
- ledger
`;

describe("the places the content sniff looks at", () => {
  it("is the root, an agent's folder and a planning folder, never tooling, plans, readmes or instruction files", () => {
    for (const p of ["NOW.md", "wip.md", "SCRATCHPAD.md", ".claude/HISTORY.md", ".gemini/checkpoint.md", ".codex/STATE.md", "apps/web/.cursor/handoff.md", "docs/NOW.md", "notes/today.md"]) {
      expect(isSavedStatePlace(p), p).toBe(true);
    }
    for (const p of ["src/NOW.md", "README.md", "CLAUDE.md", "AGENTS.md", "CHANGELOG.md", ".claude/commands/checkpoint.md", ".claude/skills/save/SKILL.md", "docs/plans/2026-03-01-cart.md", "docs/IMPLEMENTATION_PLAN.md", "ROADMAP.md", "docs/a/b/c/NOW.md"]) {
      expect(isSavedStatePlace(p), p).toBe(false);
    }
  });

  it("reads 4 KB of a file in such a place and 2 KB of any other Markdown file", () => {
    expect(sniffBytes("NOW.md")).toBe(4096);
    expect(sniffBytes("src/guide.md")).toBe(2048);
  });
});

describe("a file whose first KB read as a saved working state", () => {
  it("counts the signals: a date, where the work stands, what is next, git, a title that says save", () => {
    expect(savedStateSignals("wip.md", WIP)).toMatchObject({ substance: true, date: true, standing: true, next: true, title: true });
    expect(savedStateSignals("docs/NOW.md", NOW_WORKING_MEMORY)).toMatchObject({ git: true, next: true, standing: true, title: true });
  });

  it("is a save with three signals (one about the work), not an empty page or a dated description", () => {
    expect(readsAsSavedState("wip.md", WIP)).toBe(true);
    expect(readsAsSavedState("docs/NOW.md", NOW_WORKING_MEMORY)).toBe(true);
    expect(readsAsSavedState(".claude/HISTORY.md", HISTORY)).toBe(true);
    expect(readsAsSavedState("docs/NOW.md", EMPTY_NOW)).toBe(false);
    expect(readsAsSavedState("PAYMENTS.md", ARCHITECTURE_NOTE)).toBe(false);
    expect(looksLikeCheckpoint("wip.md", WIP)).toBe(true);
    expect(looksLikeCheckpoint("src/wip.md", WIP)).toBe(false);
  });

  it("is read as a checkpoint whatever its name: title, date, tasks left", () => {
    const doc = parseDocument({ path: "wip.md", text: WIP }).document;
    expect(doc?.title).toBe("Work In Progress");
    expect(doc?.meta.savedDate ?? doc?.savedAt?.slice(0, 10)).toBe("2026-02-17");
    expect(doc?.status).toBe("completed");
    expect(doc?.tasks?.map((t) => t.text)).toEqual(["Ephemeral containers", "Image configuration in policy.yaml", "WebSocket live updates"]);
    const now = parseDocument({ path: "docs/NOW.md", text: NOW_WORKING_MEMORY }).document;
    expect(now?.branch).toBe("main");
    const history = parseDocument({ path: ".claude/HISTORY.md", text: HISTORY }).document;
    expect(history?.title).toBe("DryDock Session History");
  });

  it("is not a checkpoint when it is an empty page, a description, or not in a qualifying place", () => {
    expect(parseDocument({ path: "docs/NOW.md", text: EMPTY_NOW }).document).toBeNull();
    expect(parseDocument({ path: "PAYMENTS.md", text: ARCHITECTURE_NOTE }).document).toBeNull();
    expect(parseDocument({ path: "src/wip.md", text: WIP }).document).toBeNull();
    // discovery does not list such names by name: it sniffs them
    expect(isCandidatePath("wip.md")).toBe(false);
  });
});

describe("names a list holds whose content a rule used to turn away", () => {
  it("an undated .gemini/checkpoint.md that says how to resume is a checkpoint", () => {
    const text = `# GEMINI CLI CHECKPOINT - PROJECT ATLAS\n\n## 1. System Context\n- **Project Name:** Atlas\n- **Hardware:** one GPU box\n\n## 2. Stack\n- Orchestrator, engineer and designer models, a FastAPI backend and a terminal UI.\n\n## 5. How to Resume\n1. Start the UI: \`./start_ui.sh\`\n2. Type a command in the web UI to start the loop.\n`;
    const doc = parseDocument({ path: ".gemini/checkpoint.md", text }).document;
    expect(doc?.title).toBe("GEMINI CLI CHECKPOINT - PROJECT ATLAS");
  });

  it("a NEXT_PROMPT.md of a few lines of prose, no heading and no date, is a checkpoint with no title", () => {
    const text = "Read AGENTS.md, PROJECT.md and HANDOFF.md first.\nThe project is set up; now write scripts/collect.py to fetch the listings from the API.\nPlan the data schema and the call strategy before you start.\n";
    const result = parseDocument({ path: "NEXT_PROMPT.md", text });
    expect(result.document).not.toBeNull();
    expect(result.document?.title).toBeNull();
    expect(parseDocument({ path: "NEXT_PROMPT.md", text: "\n\n" }).document).toBeNull();
  });

  it("a template whose title is still a placeholder is no checkpoint", () => {
    const text = "# Last Session — {{PROJECT_NAME}}\n\n**Date:** {{DATE}}\n\n## What was done\n- (first session — nothing yet)\n\n## What's next\n- (open your agent and say what to build)\n";
    expect(parseDocument({ path: "template/docs/LAST_SESSION.md", text }).document).toBeNull();
  });
});

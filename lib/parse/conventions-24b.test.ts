/** Memory bank, Task Master, GSD, agent plans, progress logs and transcripts: fixtures written for these tests. */
import { describe, expect, it } from "vitest";
import { parseDocument, isCandidatePath } from "./registry";
import { unitOf } from "./conventions/unit";

const parse = (path: string, text: string, companions?: Record<string, string>) => parseDocument({ path, text, companions }).document!;

describe("memory bank", () => {
  it("reads activeContext.md with progress.md's checkboxes, dropping the document word from the title", () => {
    const doc = parse("memory-bank/activeContext.md", "# Active Context: Billing export\n\n**Date:** 2026-03-04\n\n## Focus\n- CSV writer\n", {
      "memory-bank/progress.md": "# Progress\n- [x] schema\n- [ ] CSV writer\n",
    });
    expect(doc.format).toBe("memory-bank");
    expect(doc.title).toBe("Billing export");
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-03-04");
    expect(doc.status).toBe("in-progress");
    expect(unitOf(doc.meta)?.tasksTotal).toBe(2);
  });
  it("claims Cline's older cline_docs/ folder too, not any activeContext.md", () => {
    expect(isCandidatePath("cline_docs/activeContext.md")).toBe(true);
    expect(isCandidatePath("docs/memory-bank/activeContext.md")).toBe(true);
    expect(isCandidatePath("notes/activeContext.md")).toBe(false);
  });
});

describe("Task Master", () => {
  const json = JSON.stringify({
    master: { tasks: [{ id: 1, title: "Set up", status: "done" }, { id: 2, title: "Import feed", status: "in-progress" }], metadata: { created: "2026-01-02T10:00:00Z", updated: "2026-01-09T10:00:00Z" } },
    feature: { tasks: [{ id: 1, title: "Dark mode", status: "pending" }], metadata: { updated: "2026-01-05T10:00:00Z" } },
  });
  it("counts the top-level tasks of every tag and dates the file by the newest tag update", () => {
    const doc = parse(".taskmaster/tasks/tasks.json", json);
    expect(doc.title).toBeNull();
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-01-09");
    expect(doc.tasks?.filter((t) => t.done).length).toBe(1);
    expect(doc.tasks?.length).toBe(3);
    expect(doc.status).toBe("in-progress");
  });
  it("refuses a file nested deeper than the cap", () => {
    let deep: unknown = { tasks: [] };
    for (let i = 0; i < 40; i++) deep = { tasks: [{ title: "x", more: deep }] };
    expect(parseDocument({ path: ".taskmaster/tasks/tasks.json", text: JSON.stringify(deep) }).document).toBeNull();
  });
});

describe("GSD", () => {
  it("maps GSD's own words and counts the milestone's plans", () => {
    const doc = parse(".planning/STATE.md", "---\nstatus: verifying\nlast_updated: \"2026-02-11T09:00:00Z\"\nprogress:\n  total_plans: 5\n  completed_plans: 3\n---\n\n# State: Harbor\n");
    expect(doc.title).toBe("Harbor");
    expect(doc.status).toBe("in-progress");
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-02-11");
    expect(doc.tasks?.length).toBe(5);
  });
  it("reads the body when there is no frontmatter, keeping a mixed status raw", () => {
    const doc = parse(".planning/STATE.md", "# Project State\n\n## Current Position\nStatus: Phase 4 complete, review pending\nLast activity: 2026-02-20 — shipped\n");
    expect(doc.status).toBeNull();
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-02-20");
  });
});

describe("agent plans", () => {
  it("claims the four plan folders and not their READMEs", () => {
    for (const p of ["docs/plans/2026-01-01-x.md", "docs/superpowers/plans/a.md", ".claude/plans/b.md", ".cursor/plans/c_1a2b.plan.md"]) expect(isCandidatePath(p)).toBe(true);
    expect(parseDocument({ path: "docs/plans/README.md", text: "# Plans\n" }).document?.format).not.toBe("agent-plan");
  });
  it("takes the date from the name and the Cursor todos as tasks", () => {
    const doc = parse(".cursor/plans/cache_cleanup_9f3e.plan.md", "---\nname: Cache cleanup\ntodos:\n  - id: a\n    content: Drop stale keys\n    status: completed\n  - id: b\n    content: Add TTL\n    status: in_progress\n---\n\n# Cache cleanup\n");
    expect(doc.tasks?.map((t) => t.state)).toEqual(["done", "in-progress"]);
    expect(doc.status).toBe("in-progress");
    const dated = parse("docs/superpowers/plans/2026-04-02-search.md", "# Search rework plan\n\n- [x] Task 1\n- [x] Task 2\n");
    expect(dated.savedAt?.slice(0, 10)).toBe("2026-04-02");
    expect(dated.status).toBe("completed");
  });
});

describe("progress logs", () => {
  it("reads the newest entry of an appended log", () => {
    const text = "# Orbit — progress log\n\n[Session 1 — Setup — 2026-01-03]\nSTATUS: Complete\n\n[Session 2 — Sync — 2026-01-05]\nSTATUS: In progress\nBRANCH: feat/sync\nNEXT:\n  - Retry on 429\n  - Backoff\n---\n";
    const doc = parse("claude-progress.txt", text);
    expect(doc.title).toBe("Orbit — progress log");
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-01-05");
    expect(doc.status).toBe("in-progress");
    expect(doc.branch).toBe("feat/sync");
    expect(doc.tasks?.length).toBe(2);
  });
  it("reads tasks/todo.md checkboxes", () => {
    const doc = parse("tasks/todo.md", "# Launch list\n- [x] Domain\n- [ ] Billing\n");
    expect(doc.format).toBe("progress-log");
    expect(doc.status).toBe("in-progress");
  });
});

describe("transcripts", () => {
  it("are journal records named for their newest session, never with a status", () => {
    const doc = parse(".aider.chat.history.md", "\n# aider chat started at 2026-02-01 09:00:00\n\n#### fix the build\n\n# aider chat started at 2026-02-03 14:10:00\n\n#### add tests\n");
    expect(doc.kind).toBe("journal");
    expect(doc.title).toBe("aider chat started at 2026-02-03 14:10:00");
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-02-03");
    expect(doc.status).toBeNull();
    expect((doc.meta.sessions as unknown[]).length).toBe(2);
  });
});

describe("rules found on real units", () => {
  it("a cancelled Task Master task does not keep the file in progress", () => {
    const doc = parse(".taskmaster/tasks/tasks.json", JSON.stringify({ master: { tasks: [{ id: 1, title: "A", status: "done" }, { id: 2, title: "B", status: "cancelled" }] } }));
    expect(doc.status).toBe("completed");
    expect(doc.tasks?.length).toBe(2);
  });
  it("GSD's 'Ready to plan' is kept raw, not read as work in progress", () => {
    const doc = parse(".planning/STATE.md", "# Project State\n\nStatus: Ready to plan\nLast activity: 2026-02-01 — v2 shipped\n");
    expect(doc.status).toBeNull();
    expect(doc.statusRaw).toBe("Ready to plan");
  });
  it("a progress log's PASS is done and its remaining-work heading gives the open items", () => {
    const passed = parse("claude-progress.txt", "# Notes\n\n## Login fix (2026-05-02)\n- Status: PASS (tests green)\n");
    expect(passed.status).toBe("completed");
    const open = parse("claude-progress.txt", "# Kiosk log\n\n## Date: 2026-01-10\n\n### Remaining Features (2)\n- **#4**: printer offline\n- **#9**: receipts in Welsh\n\n### Notes\n- none\n");
    expect(open.tasks?.length).toBe(2);
    expect(open.status).toBe("in-progress");
  });
  it("a plan loses the template's document word and names the branch it creates", () => {
    const doc = parse("docs/plans/2026-05-01-cache.md", "# Plan: Cache warmup\n\n```bash\ngit checkout -b feat/cache-warmup\n```\n");
    expect(doc.title).toBe("Cache warmup");
    expect(doc.branch).toBe("feat/cache-warmup");
  });
});

describe("where Complete writes", () => {
  it("a plan's Status line and GSD's status are the convention's own field; Cursor todos and memory banks are not", () => {
    const plan = parse("docs/plans/issue-7.md", "# Issue #7: Export\n\n**Status**: In progress\n**Branch**: `feat/export`\n\n- [ ] CSV\n");
    expect(unitOf(plan.meta)?.statusField).toMatchObject({ path: "docs/plans/issue-7.md", kind: "markdown-label" });
    const state = parse(".planning/STATE.md", "---\nstatus: executing\nlast_updated: 2026-01-02\n---\n\n# Project State\n");
    expect(unitOf(state.meta)?.statusField).toMatchObject({ kind: "markdown-label", completedWord: "completed" });
    const cursor = parse(".cursor/plans/x_1.plan.md", "---\nname: X\ntodos:\n  - id: a\n    content: Do it\n    status: pending\n---\n\n# X\n");
    expect(unitOf(cursor.meta)?.statusField).toBeNull();
    const bank = parse("memory-bank/activeContext.md", "# Active Context\n\n- [ ] one\n");
    expect(unitOf(bank.meta)?.statusField).toBeNull();
  });
});

describe("rules found on the third batch", () => {
  it("a memory bank without an H1 is named by its folder; a translated Status label counts", () => {
    const bare = parse("cline_docs/activeContext.md", "## Active Context\n\n- **Now:** caching posters\n");
    expect(bare.title).toBe("cline_docs");
    const vi = parse("memory-bank/activeContext.md", "# Shop - Active Context\n\n**Trạng thái**: Checkout Complete\n");
    expect(vi.status).toBe("completed");
  });
  it("GSD's 'Ready for next milestone' is kept raw", () => {
    expect(parse(".planning/STATE.md", "# Project State\n\nStatus: Ready for next milestone\n").status).toBeNull();
  });
  it("one-line '[DATE]: ...' entries date a progress log", () => {
    const doc = parse("claude-progress.txt", "# Shop - Progress Log\n\n[2025-01-20]: set up the repo\n\n[2025-01-22]: added checkout\n");
    expect(doc.savedAt?.slice(0, 10)).toBe("2025-01-22");
  });
});

describe("bounded on hostile logs", () => {
  it("reads a log of 20,000 dated entries and a transcript of 5,000 sessions", () => {
    const log = Array.from({ length: 20_000 }, (_, i) => `## ${new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10)} entry ${i}\n- did ${i}\n`).join("\n");
    const doc = parse("claude-progress.txt", log);
    // read within the parse cap: a newest entry is found, the record is whole
    expect(doc.savedAt).not.toBeNull();
    expect(doc.format).toBe("progress-log");
    const chat = Array.from({ length: 5_000 }, (_, i) => `# aider chat started at 2026-01-01 00:00:${String(i % 60).padStart(2, "0")}\n\n#### q${i}\n`).join("\n");
    expect((parse(".aider.chat.history.md", chat).meta.sessions as unknown[]).length).toBe(2000);
  });
});

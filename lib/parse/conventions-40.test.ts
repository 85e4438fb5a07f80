/** Issue 40's conventions read from single files: shapes seen in real Backlog.md boards and ExecPlans. */
import { describe, expect, it } from "vitest";
import { isCandidatePath, parseDocument } from "./registry";
import { unitOf } from "./conventions/unit";

const parse = (path: string, text: string) => parseDocument({ path, text }).document;

describe("Backlog.md", () => {
  it("reads an older board's task, written without frontmatter", () => {
    const doc = parse(
      "backlog/tasks/task-7 - Add-a-status-badge.md",
      "# Task: Add a status badge\n\n**Description:** Show the runner's state beside its name.\n\n**Status:** Done\n\n**Created:** 2025-01-15\n\n## Requirements\n\n- Idle, Processing, Waiting\n",
    );
    expect(doc).toMatchObject({ format: "backlog-md", title: "Add a status badge", status: "completed", branch: null });
    expect(doc?.savedAt?.slice(0, 10)).toBe("2025-01-15");
  });

  it("reads a task in a sub-folder of tasks, and wraps of a criterion are not criteria", () => {
    const doc = parse(
      "backlog/tasks/epics/task-12.3 - Resume-after-restart.md",
      "---\nid: TASK-12.3\ntitle: Resume after restart\nstatus: To Do\nassignee: []\ncreated_date: '2026-04-01 20:27'\nlabels: []\ndependencies: []\n---\n\n## Acceptance Criteria\n\n- [ ] #1 A player reconnects after a restart within the\n  grace window.\n- [x] #2 Identities survive a reload\n",
    );
    expect(doc).toMatchObject({ title: "Resume after restart", status: "in-progress" });
    expect(unitOf(doc?.meta)).toMatchObject({ family: "backlog-md", id: "TASK-12.3", tasksDone: 1, tasksTotal: 2 });
  });

  it("reads an epic's sub-task (an id with words in it) and a won't-fix task as closed", () => {
    const doc = parse("backlog/completed/task-epic-11.1 - Information-Architecture-Plan.md", "---\nid: task-epic-11.1\ntitle: Information architecture plan\nstatus: Wontfix\n---\n\n## Description\n\nPlan the modules.\n");
    expect(doc).toMatchObject({ format: "backlog-md", title: "Information architecture plan" });
    const open = parse("backlog/tasks/task-9 - Retry-on-error.md", "---\nid: task-9\ntitle: Retry on error\nstatus: Wontfix\n---\n\nNot worth it.\n");
    expect(open).toMatchObject({ status: "superseded" });
  });

  it("leaves drafts, decisions, docs and the archive alone", () => {
    for (const p of ["backlog/drafts/draft-1 - Idea.md", "backlog/decisions/decision-2 - Use-SQLite.md", "backlog/docs/doc-1 - Architecture.md", "backlog/archive/tasks/task-3 - Old.md", "backlog/config.yml"]) {
      expect(isCandidatePath(p)).toBe(false);
    }
  });
});

describe("ExecPlans", () => {
  const plan = (progress: string, head = "") =>
    `${head}# Purpose / Big Picture\n\nRestore the back button.\n\n# Surprises & Discoveries\n\nNone yet.\n\n# Decision Log\n\n- Decision: keep the root view.\n  Rationale: fewer screens.\n\n# Progress\n${progress}\n\n# Outcomes & Retrospective\n\nPending.\n`;

  it("counts Progress boxes written without a list marker and names an untitled plan by its file", () => {
    const doc = parse("docs/exec-plans/active/back-nav/PLAN_back_nav.md", plan("[x] (TASK_01) Document the flows. (2025-12-03)\n[ ] (TASK_02) Fix the back button."));
    expect(doc).toMatchObject({ format: "exec-plan", title: "PLAN_back_nav", status: "in-progress" });
    expect(unitOf(doc?.meta)).toMatchObject({ tasksDone: 1, tasksTotal: 2 });
  });

  it("reads a plan filed under completed/ as completed, and its frontmatter title", () => {
    const doc = parse("docs/exec-plans/completed/back-nav/PLAN_back_nav.md", plan("[x] Document the flows.\n[ ] Tidy the notes.", "---\ntitle: Back navigation\nstatus: in_progress\n---\n\n"));
    expect(doc).toMatchObject({ title: "Back navigation", status: "completed" });
  });

  it("does not read a plans folder's file without the living sections, nor PLANS.md", () => {
    expect(parse("plans/roadmap.md", "# Roadmap\n\n- [ ] Ship the beta\n")).toBeNull();
    expect(isCandidatePath(".agent/PLANS.md")).toBe(false);
    expect(isCandidatePath(".agent/plans/README.md")).toBe(false);
  });
});

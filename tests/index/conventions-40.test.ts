/**
 * Conventions that gained ground (issue 40): OpenSpec 1.x, Backlog.md, OpenAI ExecPlans, found by discovery in a
 * real git repository, indexed, listed and queued under their family names. Shapes follow real units (the
 * frontmatter Backlog.md writes, an ExecPlan's living sections, OpenSpec 1.x's proposal without an H1).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords, type CheckpointRecord } from "../../lib/queries/records";
import { loadQueue } from "../../lib/queries/queue";
import { documents } from "../../db/schema";
import { familyLabelOf } from "../../lib/parse/conventions/families";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let records: CheckpointRecord[];

const EXEC_PLAN = `# Add offline sync to the notes app

This ExecPlan is a living document. The sections \`Progress\`, \`Surprises & Discoveries\`, \`Decision Log\`, and
\`Outcomes & Retrospective\` must be kept up to date as work proceeds.

## Purpose / Big Picture

After this change a person can edit notes without a connection and see them sync when it returns.

## Progress

- [x] (2026-03-02 09:10Z) Milestone 1: store edits in IndexedDB.
- [ ] (2026-03-03 16:40Z) Milestone 2: replay queued edits on reconnect.
- [ ] Milestone 3: conflict banner and tests.

## Surprises & Discoveries

- Observation: Safari drops the queue on private windows.
  Evidence: manual run on iOS 19.

## Decision Log

- Decision: last write wins per field, not per note.
  Rationale: two devices rarely edit the same field.
  Date/Author: 2026-03-02 / Codex

## Outcomes & Retrospective

(To be filled at completion.)

## Plan of Work

1. Wire the queue.
   - [ ] not a Progress item: a step of the plan's prose
`;

const PLANS_MD = `# Codex Execution Plans (ExecPlans)

This document describes the requirements for an execution plan ("ExecPlan"). Every ExecPlan must keep the sections
Progress, Surprises & Discoveries, Decision Log and Outcomes & Retrospective up to date.

## Progress

Use a list with checkboxes to summarise granular steps, with timestamps:

- [x] (2025-10-01 13:00Z) Example completed step.
- [ ] Example incomplete step.

## Decision Log

- Decision: ...
`;

beforeAll(async () => {
  space = tempSpace();
  const repo = join(space.dir, "root", "notes");
  initRepo(repo);
  writeFiles(repo, {
    "README.md": "# Notes\n",
    // OpenSpec 1.x: config.yaml, a change whose proposal opens with "## Why", an archived change
    "openspec/config.yaml": "schema: spec-driven\n\ncontext: |\n  Tech stack: TypeScript\n",
    "openspec/changes/add-tag-filter/.openspec.yaml": "schema: spec-driven\ncreated: 2026-03-05\n",
    "openspec/changes/add-tag-filter/proposal.md": "## Why\n\nPeople lose notes among hundreds.\n\n## What Changes\n\n- A tag filter on the list.\n",
    "openspec/changes/add-tag-filter/design.md": "## Context\n\nThe list is virtualised.\n",
    "openspec/changes/add-tag-filter/specs/note-list/spec.md": "## ADDED Requirements\n\n### Requirement: Filter by tag\n",
    "openspec/changes/add-tag-filter/tasks.md": "## 1. Filter\n\n- [x] 1.1 Add the tag index\n- [ ] 1.2 Add the filter control\n- [ ] 1.3 Test the filter\n",
    "openspec/changes/archive/2026-02-10-fix-export/.openspec.yaml": "schema: spec-driven\ncreated: 2026-02-08\n",
    "openspec/changes/archive/2026-02-10-fix-export/proposal.md": "## Why\n\nExport dropped attachments.\n",
    "openspec/changes/archive/2026-02-10-fix-export/tasks.md": "## 1. Fix\n\n- [x] 1.1 Keep attachments\n- [x] 1.2 Test export\n",
    // Backlog.md: a board with a task to do, a finished one moved to completed/, a decision and the config
    "backlog/config.yml": 'project_name: "notes"\nstatuses: ["To Do", "In Progress", "Done"]\n',
    "backlog/tasks/task-2 - Add-sharing-links.md": [
      "---",
      "id: task-2",
      "title: Add sharing links",
      "status: In Progress",
      "assignee: ['@codex']",
      "created_date: '2026-03-01 10:12'",
      "updated_date: '2026-03-04 08:30'",
      "labels: [sharing]",
      "dependencies: [task-1]",
      "---",
      "",
      "## Description",
      "",
      "Let a person share a read-only link to a note.",
      "",
      "## Acceptance Criteria",
      "<!-- AC:BEGIN -->",
      "- [x] #1 A link opens the note read-only",
      "- [ ] #2 Links can be revoked",
      "- [ ] #3 Revoked links show a clear message",
      "<!-- AC:END -->",
      "",
      "## Implementation Notes",
      "",
      "Tokens live in the links table.",
      "",
    ].join("\n"),
    "backlog/tasks/task-3 - Export-to-PDF.md": "---\nid: task-3\ntitle: Export to PDF\nstatus: To Do\nassignee: []\ncreated_date: '2026-03-02'\nlabels: []\ndependencies: []\n---\n\n## Acceptance Criteria\n\n- [ ] #1 A note exports to PDF\n",
    "backlog/completed/task-1 - Set-up-storage.md": "---\nid: task-1\ntitle: Set up storage\nstatus: Done\nassignee: []\ncreated_date: '2026-02-20'\nlabels: []\ndependencies: []\n---\n\n## Description\n\nPick the storage layer.\n",
    "backlog/decisions/decision-1 - Use-IndexedDB.md": "---\nid: decision-1\ntitle: Use IndexedDB\ndate: '2026-02-21'\nstatus: accepted\n---\n\n## Context\n\nWe need offline storage.\n",
    // ExecPlans: the format's description and one plan
    ".agent/PLANS.md": PLANS_MD,
    ".agent/plans/003-offline-sync.md": EXEC_PLAN,
  });
  commitAll(repo, "conventions", new Date("2026-03-06T10:00:00Z"));
  await indexRoots(space.db(), { roots: [join(space.dir, "root")], home: null });
  records = listRecords(space.db(), { kind: "all" });
});
afterAll(() => space?.cleanup());

const byFormat = (format: string) => records.filter((r) => r.format === format);

describe("OpenSpec 1.x", () => {
  it("reads an open change by its folder's name with its tasks, and an archived one as completed", () => {
    const changes = byFormat("openspec");
    expect(changes).toHaveLength(2);
    const open = changes.find((c) => c.path.endsWith("add-tag-filter/tasks.md"));
    expect(open).toMatchObject({ title: "add-tag-filter", status: "in-progress", tasks: { done: 1, total: 3 } });
    expect(open?.savedAt?.slice(0, 10)).toBe("2026-03-05");
    const archived = changes.find((c) => c.path.includes("/archive/"));
    expect(archived).toMatchObject({ title: "fix-export", status: "completed", tasks: { done: 2, total: 2 } });
    expect(archived?.savedAt?.slice(0, 10)).toBe("2026-02-10");
  });
});

describe("Backlog.md", () => {
  it("reads one unit per task, from its frontmatter and its acceptance criteria", () => {
    const tasks = byFormat("backlog-md");
    expect(tasks.map((t) => t.title).sort()).toEqual(["Add sharing links", "Export to PDF", "Set up storage"]);
    expect(tasks.find((t) => t.title === "Export to PDF")).toMatchObject({ status: "in-progress", tasks: { done: 0, total: 1 } });
    const open = tasks.find((t) => t.title === "Add sharing links");
    expect(open).toMatchObject({ status: "in-progress", branch: null, tasks: { done: 1, total: 3 } });
    expect(open?.savedAt?.slice(0, 10)).toBe("2026-03-04");
    expect(tasks.find((t) => t.title === "Set up storage")).toMatchObject({ status: "completed" });
    const row = space.db().select({ meta: documents.meta }).from(documents).where(eq(documents.id, open!.id)).get();
    expect((row?.meta as { backlog?: unknown })?.backlog).toMatchObject({ id: "task-2", labels: "sharing", dependencies: "task-1" });
  });

  it("leaves the board's config and decisions out", () => {
    expect(records.some((r) => r.path.startsWith("backlog/decisions/") || r.path === "backlog/config.yml")).toBe(false);
  });
});

describe("OpenAI ExecPlans", () => {
  it("reads a plan's unchecked Progress items as its remaining work and keeps its decisions", () => {
    const [plan, ...rest] = byFormat("exec-plan");
    expect(rest).toHaveLength(0);
    expect(plan).toMatchObject({ title: "Add offline sync to the notes app", status: "in-progress", tasks: { done: 1, total: 3 } });
    expect(plan.savedAt?.slice(0, 10)).toBe("2026-03-03");
    const row = space.db().select({ meta: documents.meta }).from(documents).where(eq(documents.id, plan.id)).get();
    expect((row?.meta as { execPlan?: { decisions: string[] } })?.execPlan?.decisions).toEqual(["last write wins per field, not per note."]);
  });

  it("does not read PLANS.md, the format's description, as a plan or a checkpoint", () => {
    expect(records.some((r) => r.path === ".agent/PLANS.md")).toBe(false);
  });
});

describe("lists and the queue", () => {
  it("name each family and queue the open units in one sentence", async () => {
    expect(familyLabelOf("backlog-md")).toBe("Backlog.md task");
    expect(familyLabelOf("exec-plan")).toBe("ExecPlan");
    const { items } = await loadQueue(space.db());
    // the task under way is queued; the board's To Do task waits in the lists
    const queued = items.filter((i) => i.format === "backlog-md");
    expect(queued).toHaveLength(1);
    expect(queued[0].reason).toMatch(/^Task task-2: 1 of 3 tasks done/);
    const plan = items.find((i) => i.format === "exec-plan");
    expect(plan?.reason).toMatch(/^ExecPlan 003-offline-sync\.md: 1 of 3 tasks done/);
    const change = items.find((i) => i.format === "openspec");
    expect(change?.reason).toMatch(/^Change add-tag-filter: 1 of 3 tasks done/);
    expect(items.some((i) => i.path.includes("/archive/") || i.path.startsWith("backlog/completed/"))).toBe(false);
  });
});

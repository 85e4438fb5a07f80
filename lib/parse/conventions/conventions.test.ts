import { describe, expect, it } from "vitest";
import { parseDocument } from "../registry";
import { isCandidatePath, companionsFor } from "../registry";
import { conventionStatus } from "./status-words";
import { readUnitTasks, inheritDone, taskCounts } from "./tasks";
import { settleUnitStatus, unitOf } from "./unit";
import { labelValue, newestDate, unitTitle } from "./labels";

const spec = (status: string, extra = "") => `# Feature Specification: Voice notes upload

**Feature Branch**: \`002-voice-upload\`
**Created**: May 18, 2026
**Status**: ${status}
**Input**: User description: "let people send short voice notes"
${extra}
## User Scenarios & Testing *(mandatory)*

A listener records a note and sends it.
`;

const tasks = (done: number, open: number) =>
  [
    "# Tasks: Voice notes upload",
    "",
    "## Phase 1: Setup",
    ...Array.from({ length: done }, (_, i) => `- [X] T${String(i + 1).padStart(3, "0")} [P] Step number ${i + 1} in src/voice/step${i + 1}.ts`),
    ...Array.from({ length: open }, (_, i) => `- [ ] T${String(done + i + 1).padStart(3, "0")} Later step ${i + 1}`),
    "",
  ].join("\n");

describe("status words", () => {
  it("maps each convention's words and keeps unknown ones raw", () => {
    expect(conventionStatus("Draft")?.status).toBe("in-progress");
    expect(conventionStatus("in_progress")?.status).toBe("in-progress");
    expect(conventionStatus("new")?.status).toBe("in-progress");
    expect(conventionStatus("Implemented")?.status).toBe("completed");
    expect(conventionStatus("✅ Complete - 2026-05-01")?.status).toBe("completed");
    expect(conventionStatus("archived")?.status).toBe("completed");
    expect(conventionStatus("草稿")?.status).toBe("in-progress");
    expect(conventionStatus("実装済み")?.status).toBe("completed");
    expect(conventionStatus("Ready for review")?.status).toBe("in-progress");
    expect(conventionStatus("Exploratory")).toEqual({ status: null, raw: "Exploratory" });
    expect(conventionStatus("[DATE]")).toBeNull();
  });
});

describe("unit task lists", () => {
  it("reads nesting, optional items, in-progress marks and the commit beside a done item", () => {
    const list = readUnitTasks(
      [
        "- [x] 1. Lay out the storage layer [a1b2c3d]",
        "  - [x] 1.1 Write the schema",
        "  - [ ]* 1.2 Property tests for the schema",
        "- [~] 2. Wire the endpoint",
        "- [x] Task: Ship the page (e4f5a6b)",
        "```",
        "- [ ] not a task, inside a fence",
        "```",
      ].join("\n"),
    );
    expect(list.map((t) => [t.depth, t.state, t.optional, t.commit])).toEqual([
      [0, "done", false, "a1b2c3d"],
      [1, "done", false, null],
      [1, "open", true, null],
      [0, "in-progress", false, null],
      [0, "done", false, "e4f5a6b"],
    ]);
    expect(taskCounts(list)).toEqual({ done: 3, total: 4, optionalOpen: 1 });
    // sub-steps under a done item count as done; optional ones stay as written
    expect(inheritDone(readUnitTasks("- [x] Task: A fc5c774\n    - [ ] step one\n    - [ ]* optional step"))).toMatchObject([{ done: true }, { done: true }, { done: false }]);
  });
});

describe("a unit's status", () => {
  it("is completed when every task is done, and says where the stated status disagrees", () => {
    const done = Array.from({ length: 89 }, () => ({ done: true }));
    const s = settleUnitStatus({ statements: [{ label: "Status", raw: "Draft", status: "in-progress", source: "label:status" }], tasks: done });
    expect(s.status).toBe("completed");
    expect(s.note).toBe("Status says Draft; 89 of 89 tasks are done");
  });
  it("keeps a later statement that says the work goes on", () => {
    const s = settleUnitStatus({ statements: [{ label: "tracks.md", raw: "[~]", status: "in-progress", source: "tracks.md", later: true }], tasks: [{ done: true }] });
    expect(s.status).toBe("in-progress");
  });
  it("is in progress with open tasks and no statement, and completed in an archive", () => {
    expect(settleUnitStatus({ statements: [], tasks: [{ done: true }, { done: false }] }).status).toBe("in-progress");
    expect(settleUnitStatus({ statements: [], tasks: [{ done: false }], archived: true }).status).toBe("completed");
    expect(settleUnitStatus({ statements: [], tasks: [] }).status).toBeNull();
  });
});

describe("labels, titles and dates", () => {
  it("reads bold labels in English and translated templates", () => {
    expect(labelValue("**Feature Branch**: `003-x`\n", /^feature branch$/i)?.value).toBe("003-x");
    expect(labelValue("**功能分支**：`004-y`\n", /^功能分支$/)?.value).toBe("004-y");
    expect(labelValue("**Branch**: `005-z` | **Date**: 2026-01-02\n", /^date$/i)?.value).toBe("2026-01-02");
    expect(unitTitle("Feature Specification: Voice notes")).toBe("Voice notes");
    expect(unitTitle("機能仕様書: 音声メモ")).toBe("音声メモ");
    expect(unitTitle("Feature Specification: [FEATURE NAME]")).toBeNull();
    expect(newestDate("2026-03-01 (Updated: 2026-04-12)")?.slice(0, 10)).toBe("2026-04-12");
  });
});

describe("Spec Kit features", () => {
  const path = "specs/002-voice-upload/spec.md";
  it("is claimed by place and reads tasks.md beside it", () => {
    expect(isCandidatePath(path)).toBe(true);
    expect(isCandidatePath("openspec/specs/002-voice/spec.md")).toBe(false);
    expect(isCandidatePath("specs/002-voice-upload/tasks.md")).toBe(false);
    expect(companionsFor(path)).toContain("specs/002-voice-upload/tasks.md");
  });
  it("reads title, branch, date and status; all tasks done makes it completed with a note", () => {
    const { document } = parseDocument({ path, text: spec("Draft"), companions: { "specs/002-voice-upload/tasks.md": tasks(4, 0) } });
    expect(document?.format).toBe("spec-kit");
    expect(document?.title).toBe("Voice notes upload");
    expect(document?.branch).toBe("002-voice-upload");
    expect(document?.savedAt?.slice(0, 10)).toBe("2026-05-18");
    expect(document?.status).toBe("completed");
    expect(document?.statusRaw).toBe("Draft");
    expect(unitOf(document?.meta)?.statusNote).toBe("Status says Draft; 4 of 4 tasks are done");
    expect(unitOf(document?.meta)?.companions.find((c) => c.role === "plan")?.present).toBe(false);
  });
  it("keeps a draft with open tasks in progress", () => {
    const { document } = parseDocument({ path, text: spec("Draft"), companions: { "specs/002-voice-upload/tasks.md": tasks(7, 5) } });
    expect(document?.status).toBe("in-progress");
    expect(document?.tasks?.filter((t) => t.done)).toHaveLength(7);
    expect(unitOf(document?.meta)?.statusField?.kind).toBe("markdown-label");
  });
  it("reads a Japanese template", () => {
    const text = "# 機能仕様書: 音声メモ\n\n**機能ブランチ**: `007-voice-memo`\n**作成日**: 2026-02-03\n**ステータス**: ドラフト\n";
    const { document } = parseDocument({ path: "specs/007-voice-memo/spec.md", text });
    expect([document?.title, document?.branch, document?.savedAt?.slice(0, 10), document?.status]).toEqual(["音声メモ", "007-voice-memo", "2026-02-03", "in-progress"]);
  });
});

describe("Conductor tracks", () => {
  const folder = "conductor/tracks/voice_20260514";
  const plan = `# Implementation Plan: Voice upload

## Phase 1: Storage [checkpoint: 4bea48b]
- [x] Task: Add the storage table. fc5c774
    - [ ] Write the migration
- [x] Task: Expose the upload route (a021c22)
- [ ] Task: Conductor - User Manual Verification 'Phase 1'

## Phase 2: Page
- [ ] Task: Draw the upload page
`;
  const metadata = JSON.stringify({ track_id: "voice_20260514", status: "new", created_at: "2026-05-14T09:00:00Z", updated_at: "2026-05-15T10:00:00Z", description: "Let people upload voice notes" });
  const tracksMd = "# Project Tracks\n\n- [x] **Track: Voice upload for listeners**\n*Link: [./tracks/voice_20260514/](./tracks/voice_20260514/)*\n\n---\n";

  it("reads metadata.json, tasks with their commits and the track's line in tracks.md", () => {
    expect(isCandidatePath(`${folder}/plan.md`)).toBe(true);
    expect(companionsFor(`${folder}/plan.md`)).toEqual([`${folder}/metadata.json`, `${folder}/spec.md`, "conductor/tracks.md"]);
    const { document } = parseDocument({ path: `${folder}/plan.md`, text: plan, companions: { [`${folder}/metadata.json`]: metadata, "conductor/tracks.md": tracksMd } });
    expect(document?.format).toBe("conductor");
    // the record's own H1 first (the tracks.md line names it when the plan has none)
    expect(document?.title).toBe("Voice upload");
    const untitled = parseDocument({ path: `${folder}/plan.md`, text: plan.replace(/^# .*\n/, ""), companions: { "conductor/tracks.md": tracksMd.replace("Voice upload for listeners", "Voice upload for listeners [checkpoint: 1a2b3c4]") } }).document;
    expect(untitled?.title).toBe("Voice upload for listeners");
    expect(document?.savedAt).toBe("2026-05-15T10:00:00.000Z");
    // every box counts, the sub-step too (as written: open; for the status: done with its task)
    expect(document?.tasks).toHaveLength(5);
    expect(document?.headSha).toBe("a021c22");
    // metadata says new, tracks.md is ticked: the tick is the newer statement
    expect(document?.status).toBe("completed");
    const unit = unitOf(document?.meta);
    expect(unit?.taskCommits.map((c) => [c.name, c.sha])).toEqual([["task 1", "fc5c774"], ["task 2", "a021c22"], ["phase 1 checkpoint", "4bea48b"]]);
    expect(unit?.statusField).toEqual({ path: `${folder}/metadata.json`, kind: "json-key", key: "status", completedWord: "completed" });
  });
  it("is in progress when nothing says otherwise and tasks are open; archived tracks are completed", () => {
    const { document } = parseDocument({ path: `${folder}/plan.md`, text: plan, companions: { [`${folder}/metadata.json`]: metadata } });
    expect(document?.status).toBe("in-progress");
    expect(document?.statusRaw).toBe("new");
    expect(document?.title).toBe("Voice upload");
    expect(parseDocument({ path: "conductor/archive/tracks/voice_20260514/plan.md", text: plan }).document?.status).toBe("completed");
    const archived = parseDocument({ path: "conductor/archive/voice_20260514/plan.md", text: plan }).document;
    expect(archived?.status).toBe("completed");
    expect(archived?.savedAt?.slice(0, 10)).toBe("2026-05-14");
  });
});

describe("OpenSpec changes", () => {
  const tasksMd = "## 1. Implementation\n- [x] 1.1 Add the table\n- [ ] 1.2 Add the endpoint\n";
  it("takes its title from proposal.md and its tasks from tasks.md", () => {
    const { document } = parseDocument({
      path: "openspec/changes/add-voice-upload/tasks.md",
      text: tasksMd,
      companions: { "openspec/changes/add-voice-upload/proposal.md": "# Change: Add voice upload\n\n## Why\nListeners asked.\n" },
    });
    expect([document?.format, document?.title, document?.status]).toEqual(["openspec", "Add voice upload", "in-progress"]);
    expect(unitOf(document?.meta)?.statusField).toBeNull();
  });
  it("counts an archived change as completed even with nothing ticked, dated by its folder", () => {
    const { document } = parseDocument({ path: "openspec/changes/archive/2026-02-11-add-voice-upload/tasks.md", text: "- [ ] 1.1 Add the table\n" });
    expect(document?.status).toBe("completed");
    expect(document?.title).toBe("add-voice-upload");
    expect(document?.savedAt?.slice(0, 10)).toBe("2026-02-11");
  });
  it("reads a change with no tasks at its proposal, and not twice", () => {
    expect(parseDocument({ path: "openspec/changes/x-change/proposal.md", text: "# Change: X\n", companions: { "openspec/changes/x-change/tasks.md": "- [ ] a" } }).document).toBeNull();
    expect(parseDocument({ path: "openspec/changes/x-change/proposal.md", text: "# Change: X\n" }).document?.title).toBe("X");
    expect(isCandidatePath("openspec/changes/archive/tasks.md")).toBe(false);
  });
});

describe("Kiro specs", () => {
  const tasksMd = "# Implementation Plan\n\n- [x] 1. Set up the project\n  - [x] 1.1 Create folders\n  - [ ]* 1.2 Write property tests\n- [ ] 2. Build the recorder\n  - [ ] 2.1 Capture audio\n";
  it("names the spec by requirements.md's H1 unless it is the template's, and counts nested tasks", () => {
    const generic = parseDocument({ path: ".kiro/specs/voice-recorder/tasks.md", text: tasksMd, companions: { ".kiro/specs/voice-recorder/requirements.md": "# Requirements Document\n\n## Introduction\n" } }).document;
    expect(generic?.title).toBe("voice-recorder");
    expect(generic?.status).toBe("in-progress");
    expect(unitOf(generic?.meta)).toMatchObject({ tasksDone: 2, tasksTotal: 4, optionalOpen: 1 });
    const namedSpec = parseDocument({ path: ".kiro/specs/voice-recorder/tasks.md", text: tasksMd, companions: { ".kiro/specs/voice-recorder/requirements.md": "# Requirements Document: Voice recorder\n" } }).document;
    expect(namedSpec?.title).toBe("Voice recorder");
  });
  it("is completed when all required tasks are done, optional ones aside", () => {
    const { document } = parseDocument({ path: ".kiro/specs/voice-recorder/tasks.md", text: "- [x] 1. A\n- [ ]* 2. Optional tests\n" });
    expect(document?.status).toBe("completed");
  });
});

describe("family names", () => {
  it("gives every family a readable name, and search filters accept it", async () => {
    const { FORMATS } = await import("../types");
    const { familyLabelOf } = await import("./families");
    const { normalizeFilter } = await import("../../search/filters");
    for (const f of FORMATS) expect(familyLabelOf(f), f).not.toBe(f);
    expect(normalizeFilter("format", "Spec Kit feature")).toEqual({ ok: true, value: "spec-kit" });
    expect(normalizeFilter("format", "speckit")).toEqual({ ok: true, value: "spec-kit" });
    expect(normalizeFilter("format", "conductor track")).toEqual({ ok: true, value: "conductor" });
    expect(normalizeFilter("format", "kiro")).toEqual({ ok: true, value: "kiro" });
  });
});

describe("hostile unit files", () => {
  it("reads a megabyte of spaces, a flood of boxes and a deep JSON companion without trouble", () => {
    const spaces = " ".repeat(1_000_000);
    const spec = parseDocument({ path: "specs/009-x/spec.md", text: `# Feature Specification: X\n${spaces}**Status**:${spaces}Draft\n`, companions: { "specs/009-x/tasks.md": `${"- [x] T1 a\n".repeat(50_000)}${spaces}- [ ] b` } });
    expect(spec.document?.tasks?.length).toBeLessThanOrEqual(2000);
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const track = parseDocument({ path: "conductor/tracks/t_1/plan.md", text: `# Plan\n- [x] Task: a ${"f".repeat(200_000)}1\n`, companions: { "conductor/tracks/t_1/metadata.json": `{"status":"new","x":${deep}}`, "conductor/tracks.md": `${spaces}t_1${spaces}\n`.repeat(3) } });
    expect(track.document?.format).toBe("conductor");
    expect(track.problems).toContain("metadata.json is not a JSON object Cairn can read");
  });
});

/**
 * Issue 42 item 9: a Task Master file at the read limit (2 MB: 145,000 tasks) drew a 72 MB page, and the page and
 * the resume brief failed with a stack overflow; subtasks nested deeply must not overflow anywhere. A real
 * repository and index; then the page (its task list drawn one page at a time), the resume brief and the MCP
 * answer, each small, none throwing.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildResumeBrief, RESUME_MAX_STEPS } from "../../lib/actions/resume";
import { indexRoots } from "../../lib/index/indexer";
import { checkpointMarkdown, checkpointView, loadCheckpoint } from "../../lib/mcp/checkpoint-view";
import { checkpointPage, TASKS_PER_PAGE } from "../../lib/queries/checkpoint";
import { listRecords } from "../../lib/queries/records";
import { normalisedViewYielding } from "../../lib/render/sections";
import { originalView } from "../../lib/render/original";
import { NormalisedView } from "../../components/checkpoint/normalised-view";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

const TASKS = 145_000;
const PER_TAG = 5_000;
/** One task in 500 is done. */
const DONE = TASKS / 500;
/** 2 MB of the shortest tasks: 29 tags of 5,000. */
function taskFile(): string {
  const tags: Record<string, { tasks: { title: string; status?: string }[] }> = {};
  for (let t = 0; t * PER_TAG < TASKS; t++) tags[`t${t}`] = { tasks: Array.from({ length: PER_TAG }, (_, i) => (i % 500 ? { title: "a" } : { title: "b", status: "done" })) };
  const text = JSON.stringify(tags);
  if (text.length > 2 * 1024 * 1024) throw new Error(`the task file is ${text.length} bytes: past the read limit`);
  return text;
}
/** One task whose subtasks nest 100,000 deep (1.9 MB). */
function deepFile(): string {
  const depth = 100_000;
  return `{"master":{"tasks":[{"id":1,"title":"root","status":"pending","subtasks":${'[{"t":1,"s":'.repeat(depth)}0${"}]".repeat(depth)}}]}}`;
}

let space: TempSpace;
const idOf = (path: string, repo: string) => listRecords(space.db(), {}).find((r) => r.path === path && r.repo?.endsWith(repo))!.id;

beforeAll(async () => {
  space = tempSpace("cairn-huge-tasks-");
  const wide = join(space.dir, "code", "wide");
  initRepo(wide);
  writeFiles(wide, { ".taskmaster/tasks/tasks.json": taskFile() });
  commitAll(wide, "tasks");
  const deep = join(space.dir, "code", "deep");
  initRepo(deep);
  writeFiles(deep, {
    ".taskmaster/tasks/tasks.json": deepFile(),
    // Markdown nested deep too: blockquotes and list items
    ".claude/checkpoints/deep.md": `# Deep\n\n**Status:** in-progress\n\n## Next Steps\n${"> ".repeat(20_000)}- [ ] deep\n${Array.from({ length: 1_000 }, (_, i) => `${"  ".repeat(i)}- [ ] level ${i}`).join("\n")}\n`,
  });
  commitAll(deep, "deep");
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
}, 180_000);

afterAll(() => space?.cleanup());

/** The normalised view of one page of a checkpoint's tasks, drawn as the page draws it. */
async function drawTasks(id: string, taskPage: number): Promise<string> {
  const page = checkpointPage(space.db(), id, taskPage)!;
  const view = await normalisedViewYielding(page.sections, { hasTasks: page.taskCounts.total > 0, references: page.references, fromHtml: false, fromData: false });
  return renderToStaticMarkup(
    createElement(NormalisedView, {
      ...view,
      tasks: page.tasks,
      taskDone: page.taskCounts.done,
      taskPaging: { ...page.taskCounts, hrefFor: (p: number) => `/checkpoints/${id}?tasks=${p}#tasks` },
      documentsByPath: page.documentsByPath,
    }),
  );
}

describe("a Task Master file at the read limit", () => {
  it("is indexed whole: every task counted", () => {
    const record = listRecords(space.db(), {}).find((r) => r.repo?.endsWith("wide"))!;
    expect(record.tasks).toEqual({ done: DONE, total: TASKS });
  });

  it("draws its tasks one page at a time, with the count of all and links to the other pages: well under 1 MB", async () => {
    const id = idOf(".taskmaster/tasks/tasks.json", "wide");
    const first = await drawTasks(id, 1);
    expect(Buffer.byteLength(first)).toBeLessThan(1024 * 1024);
    expect(first.split('type="checkbox"').length - 1).toBe(TASKS_PER_PAGE);
    expect(first).toContain(`${DONE}/${TASKS} done`);
    expect(first).toContain("Tasks 1–100 of 145,000");
    expect(first).toContain(`href="/checkpoints/${id}?tasks=2#tasks"`);
    expect(first).toContain(`href="/checkpoints/${id}?tasks=${TASKS / TASKS_PER_PAGE}#tasks"`);
    const later = await drawTasks(id, 700);
    expect(later).toContain("Tasks 69,901–70,000 of 145,000");
    // a page past the end shows the last one
    expect(checkpointPage(space.db(), id, 10 ** 6)!.taskCounts.page).toBe(TASKS / TASKS_PER_PAGE);
    expect(Buffer.byteLength(JSON.stringify(originalView(checkpointPage(space.db(), id)!.doc)))).toBeLessThan(1024 * 1024);
  });

  it("gives a resume brief of the first steps and a count of the rest, without a stack overflow", async () => {
    const brief = await buildResumeBrief(space.db(), idOf(".taskmaster/tasks/tasks.json", "wide"));
    expect(brief.steps).toHaveLength(RESUME_MAX_STEPS);
    const open = TASKS - DONE;
    expect(brief.stepsMore).toBe(open - RESUME_MAX_STEPS);
    expect(brief.prompt).toContain(`… and ${(open - RESUME_MAX_STEPS).toLocaleString("en")} more open items`);
    expect(brief.prompt).toContain(`(${DONE} of ${TASKS} done)`);
    expect(Buffer.byteLength(JSON.stringify(brief))).toBeLessThan(64 * 1024);
  });

  it("answers MCP with the first page of tasks and the count of the rest", () => {
    const { page, record } = loadCheckpoint(space.db(), idOf(".taskmaster/tasks/tasks.json", "wide"));
    const view = checkpointView(page, record);
    expect(view.tasks).toHaveLength(TASKS_PER_PAGE);
    expect(view.tasksMore).toBe(TASKS - TASKS_PER_PAGE);
    expect(checkpointMarkdown(view, { full: true })).toContain(`and ${(TASKS - TASKS_PER_PAGE).toLocaleString("en")} more tasks`);
  });
});

describe("subtasks and lists nested deep", () => {
  it("index, draw, resume and answer without a stack overflow", async () => {
    for (const path of [".taskmaster/tasks/tasks.json", ".claude/checkpoints/deep.md"]) {
      const records = listRecords(space.db(), {}).filter((r) => r.repo?.endsWith("deep"));
      const record = records.find((r) => r.path === path);
      if (!record) {
        // refused with a problem (a file that nests too deep) is fine: it must not have thrown
        continue;
      }
      const html = await drawTasks(record.id, 1);
      expect(Buffer.byteLength(html), path).toBeLessThan(1024 * 1024);
      const brief = await buildResumeBrief(space.db(), record.id);
      expect(brief.prompt.length, path).toBeGreaterThan(0);
      const { page, record: rec } = loadCheckpoint(space.db(), record.id);
      expect(checkpointMarkdown(checkpointView(page, rec)).length, path).toBeGreaterThan(0);
      expect(Buffer.byteLength(JSON.stringify(originalView(page.doc))), path).toBeLessThan(1024 * 1024);
    }
    expect(listRecords(space.db(), {}).some((r) => r.path === ".claude/checkpoints/deep.md")).toBe(true);
  });
});

/**
 * Task Master (`.taskmaster/tasks/tasks.json`): the task file is one unit. Its tasks are the top-level tasks of
 * every tag (`{ "master": { "tasks": [...], "metadata": {...} } }`, or the older `{ "tasks": [...] }`), each with
 * its own status; the date is the newest tag `metadata.updated` / `lastModified` (else `created`), else the last
 * commit that touched the file (the index). No title is written (a JSON file): the page names it by its family.
 * Caps: the text (4 MB), the nesting (32 levels), tags (200) and tasks per tag (5,000) are bounded.
 */
import type { ParseInput, ParseResult, Parser, ParsedTask } from "./types";
import { emptyDocument } from "./types";
import { finishUnit, newestIn, setDate } from "./conventions/record";
import type { UnitTask } from "./conventions/tasks";
import { squash } from "./heuristics/text";

const PLACE = /(^|\/)\.taskmaster\/tasks\/tasks\.json$/;
export const TASK_MASTER_MAX_CHARS = 4 * 1024 * 1024;
const MAX_DEPTH = 32;
const MAX_TAGS = 200;
const MAX_TASKS = 5000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);

function tooDeep(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  if (!value || typeof value !== "object") return false;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((v) => tooDeep(v, depth + 1));
}

const DONE = /^(?:done|completed?|finished|closed)$/i;
const STATES: Record<string, ParsedTask["state"]> = { "in-progress": "in-progress", in_progress: "in-progress", review: "in-progress", blocked: "blocked", deferred: "blocked", cancelled: "failed", canceled: "failed" };

function taskOf(raw: Json, line: number): UnitTask | null {
  const title = typeof raw.title === "string" ? squash(raw.title) : "";
  if (!title) return null;
  const status = typeof raw.status === "string" ? raw.status.trim().toLowerCase() : "pending";
  const done = DONE.test(status);
  const id = raw.id === undefined ? null : String(raw.id).slice(0, 20);
  return { text: id ? `${id}. ${title}` : title, done, state: done ? "done" : STATES[status] ?? "open", depth: 0, optional: false, commit: null, label: id, line };
}

/** The tags of a task file: name -> { tasks, metadata }. */
function tagsOf(data: Json): Array<[string, Json]> {
  if (Array.isArray(data.tasks)) return [["master", data]];
  return Object.entries(data).filter(([, v]) => isObject(v) && Array.isArray((v as Json).tasks)).slice(0, MAX_TAGS) as Array<[string, Json]>;
}

export const taskMasterParser: Parser = {
  format: "task-master",
  priority: 80,
  claims: (relPath) => PLACE.test(relPath.replace(/\\/g, "/")),
  parse(input: ParseInput): ParseResult {
    if (!input.text.trim()) return { document: null, problems: ["file is empty"] };
    if (input.text.length > TASK_MASTER_MAX_CHARS) return { document: null, problems: ["task file is too large to read"] };
    let data: unknown;
    try {
      data = JSON.parse(input.text.replace(/^\uFEFF/, ""));
    } catch {
      return { document: null, problems: ["task file is not valid JSON"] };
    }
    if (!isObject(data) || tooDeep(data)) return { document: null, problems: ["task file is not a Task Master object (or nests too deep)"] };
    const tags = tagsOf(data);
    if (!tags.length) return { document: null, problems: ["no tasks in the task file"] };

    const doc = emptyDocument("task-master", "checkpoint");
    doc.fieldSources = {};
    const tasks: UnitTask[] = [];
    const updated: string[] = [];
    const created: string[] = [];
    const perTag: Array<{ tag: string; done: number; total: number }> = [];
    for (const [tag, value] of tags) {
      const list = (value.tasks as unknown[]).filter(isObject).slice(0, MAX_TASKS);
      const read = list.map((t, i) => taskOf(t, i + 1)).filter((t): t is UnitTask => t !== null);
      tasks.push(...read);
      perTag.push({ tag, done: read.filter((t) => t.done).length, total: read.length });
      const meta = isObject(value.metadata) ? value.metadata : {};
      for (const key of ["updated", "lastModified", "updatedAt"]) if (typeof meta[key] === "string") updated.push(meta[key] as string);
      if (typeof meta.created === "string") created.push(meta.created);
    }
    const date = newestIn(updated.join(" ")) ?? newestIn(created.join(" "));
    if (date) setDate(doc, date, updated.length ? "json:metadata.updated" : "json:metadata.created");
    doc.meta.tags = perTag;
    // a cancelled task is closed without being done: it does not keep the file in progress
    finishUnit(doc, input, { family: "task-master", id: "tasks.json", folder: input.path, statements: [], tasks, settleWith: tasks.filter((t) => t.state !== "failed") });
    return { document: doc, problems: [] };
  },
};

/**
 * Agent plan files, one record per file: `docs/plans/*.md`, `docs/superpowers/plans/*.md`, `.claude/plans/*.md`,
 * `.cursor/plans/*.plan.md`. Title: the H1 (a Cursor plan's frontmatter `name` without one). Date: a date the text
 * states (the shared extraction), else the one in the file name. Status: a stated status; tasks: the checkboxes,
 * or a Cursor plan's frontmatter `todos` with their status (completed, in_progress, pending, cancelled).
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { readUnitTasks, type UnitTask } from "./conventions/tasks";
import type { StatusStatement } from "./conventions/unit";
import { finishUnit, setDate, statusLineField } from "./conventions/record";
import { labelValue, STATUS_LABEL, unitTitle } from "./conventions/labels";
import { dateFromPath } from "./heuristics/dates";
import { baseName, squash } from "./heuristics/text";

const PLACE = /(^|\/)(?:docs\/(?:superpowers\/)?plans\/[^/]+\.md|\.claude\/plans\/[^/]+\.md|\.cursor\/plans\/[^/]+\.plan\.md)$/i;
const NOT_PLANS = /(^|\/)(?:readme|index|template)[^/]*\.md$/i;
const MAX_TODOS = 500;
const CREATE_BRANCH = /\bgit\s+(?:checkout\s+-b|switch\s+(?:-c|--create))\s+([\w./-]{1,120})/;

/** A file in a plans folder whose name calls it a handoff, a checkpoint or a session's notes is a save, not a plan. */
const NAMED_AS_A_SAVE = /(?:^|[-_. ])(?:handoffs?|handovers?|checkpoints?|sessions?)(?:[-_. ]|$)/i;

export function isAgentPlanPath(relPath: string): boolean {
  const p = relPath.replace(/\\/g, "/");
  return PLACE.test(p) && !NOT_PLANS.test(p) && !NAMED_AS_A_SAVE.test(baseName(p).replace(/\.md$/i, ""));
}

function cursorTodos(data: Record<string, unknown> | null): UnitTask[] {
  const todos = data?.todos;
  if (!Array.isArray(todos)) return [];
  return todos.slice(0, MAX_TODOS).flatMap((t, i) => {
    if (!t || typeof t !== "object") return [];
    const item = t as Record<string, unknown>;
    const text = squash(String(item.content ?? item.title ?? item.id ?? ""));
    if (!text) return [];
    const status = String(item.status ?? "pending").toLowerCase();
    const done = /^(?:completed?|done)$/.test(status);
    const state: UnitTask["state"] = done ? "done" : /progress/.test(status) ? "in-progress" : /cancel/.test(status) ? "failed" : "open";
    return [{ text, done, state, depth: 0, optional: false, commit: null, label: typeof item.id === "string" ? item.id : null, line: i + 1 }];
  });
}

export const agentPlanParser: Parser = {
  format: "agent-plan",
  priority: 75,
  claims: isAgentPlanPath,
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "agent-plan", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const data = (read.frontmatter.data as Record<string, unknown> | null) ?? null;
    // "Plan: X", "Implementation Plan: X": the template's document word goes, as for the other conventions
    const bare = doc.title ? unitTitle(doc.title) : null;
    if (bare && bare !== doc.title) doc.title = bare;
    if (!doc.title && typeof data?.name === "string") {
      doc.title = squash(data.name);
      doc.fieldSources = { ...doc.fieldSources, title: "frontmatter:name" };
    }
    if (!doc.savedAt) setDate(doc, dateFromPath(baseName(input.path)), "filename", "filename");

    if (!doc.branch) {
      // a plan that says how to start names its branch in the command that creates it (often in a code block)
      const created = CREATE_BRANCH.exec(read.body);
      if (created) {
        doc.branch = created[1].replace(/[`'"]/g, "");
        doc.fieldSources = { ...doc.fieldSources, branch: "command:create-branch" };
      }
    }

    const statements: StatusStatement[] = [];
    if (doc.statusRaw) {
      const word = conventionStatus(doc.statusRaw);
      statements.push({ label: "Status", raw: doc.statusRaw, status: word?.status ?? doc.status, source: doc.fieldSources?.status ?? "label:status" });
    }
    const todos = cursorTodos(data);
    const tasks = todos.length ? todos : readUnitTasks(read.body);
    const stated = todos.length ? null : labelValue(read.body, STATUS_LABEL)?.value ?? null;
    const statusField = statements.length ? statusLineField(input, stated, "Complete") : null;
    finishUnit(doc, input, { family: "agent-plan", id: baseName(input.path), folder: input.path, statements, tasks, statusField });
    return { document: doc, problems };
  },
};

/**
 * Backlog.md tasks: one record per task file `backlog/tasks/task-N - Title.md` (also `backlog/completed/`), the
 * board Backlog.md keeps in the repository. Fields from the YAML frontmatter: `id`, `title`, `status` ("To Do",
 * "In Progress", "Done", or a column the board's config.yml adds), `assignee`, `labels`, `dependencies`,
 * `created_date` / `updated_date`. Tasks: the body's checkboxes (Acceptance Criteria, Definition of Done,
 * Implementation Plan). A task under `backlog/completed/` is completed whatever its status says (moving it there
 * is how the board closes it). Older boards wrote no frontmatter: a `**Status:** Done` label and an H1
 * ("Task: X") stand in. Drafts, decisions, docs and the archive are not tasks. Backlog.md names no branch.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { readUnitTasks } from "./conventions/tasks";
import type { StatusStatement } from "./conventions/unit";
import { clearDate, finishUnit, noGitFields, setDate } from "./conventions/record";
import { firstHeading, labelValue, newestDate, STATUS_LABEL, unitTitle } from "./conventions/labels";
import { baseName, squash } from "./heuristics/text";

/** `backlog/tasks/task-12 - Title.md`, `backlog/completed/task-3.1 - Title.md` (a sub-folder of tasks too). */
const PLACE = /(^|\/)backlog\/(tasks|completed)\/(?:[^/]+\/)*(task-[\w.-]+)(?: - ([^/]*))?\.md$/i;

function place(relPath: string) {
  const m = PLACE.exec(relPath.replace(/\\/g, "/"));
  return m ? { completed: m[2].toLowerCase() === "completed", id: m[3], nameTitle: m[4] ?? null } : null;
}

export function isBacklogTaskPath(relPath: string): boolean {
  return place(relPath) !== null;
}

/** A frontmatter value as one line ("[]" and empty lists read as nothing). */
function textOf(value: unknown): string | null {
  if (value == null) return null;
  if (Array.isArray(value)) {
    const items = value.map((v) => squash(String(v ?? ""))).filter(Boolean);
    return items.length ? items.join(", ") : null;
  }
  const s = squash(String(value));
  return s && s !== "[]" ? s : null;
}

export const backlogMdParser: Parser = {
  format: "backlog-md",
  priority: 80,
  claims: isBacklogTaskPath,
  parse(input: ParseInput): ParseResult {
    const at = place(input.path);
    const read = readMarkdownFile(input, { format: "backlog-md", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const data = (read.frontmatter.data as Record<string, unknown> | null) ?? null;
    const id = textOf(data?.id) ?? at?.id ?? baseName(input.path);

    // title: the frontmatter's, else the H1 without its "Task:" word, else the file name's ("task-3 - Fix-the-x")
    const fmTitle = textOf(data?.title);
    const h1 = unitTitle(firstHeading(read.body)?.replace(/^task(?:[\s-]*[\w.]+)?\s*[:-]\s*/i, "") ?? null);
    const fromName = at?.nameTitle ? squash(at.nameTitle.replace(/-/g, " ")) : null;
    doc.title = fmTitle ?? h1 ?? fromName ?? id;
    doc.fieldSources = { ...doc.fieldSources, title: fmTitle ? "frontmatter:title" : h1 ? "h1" : "filename" };
    noGitFields(doc);

    const dates = [textOf(data?.updated_date), textOf(data?.created_date)].filter(Boolean).join(" ");
    const created = labelValue(read.body, /^(?:created|created date|date|updated)$/i);
    const date = newestDate(dates) ?? newestDate(created?.value);
    if (!setDate(doc, date, dates ? "frontmatter:date" : "label:created")) clearDate(doc);

    const stated = textOf(data?.status) ?? labelValue(read.body, STATUS_LABEL)?.value ?? null;
    const word = conventionStatus(stated);
    const statements: StatusStatement[] = word ? [{ label: "Status", raw: word.raw, status: word.status, source: data?.status != null ? "frontmatter:status" : "label:status" }] : [];
    if (word && !word.status) problems.push(`unknown status "${word.raw}"`);

    doc.meta.backlog = {
      id,
      assignee: textOf(data?.assignee),
      labels: textOf(data?.labels),
      dependencies: textOf(data?.dependencies),
      priority: textOf(data?.priority),
    };
    finishUnit(doc, input, {
      family: "backlog-md",
      id,
      folder: input.path,
      statements,
      tasks: readUnitTasks(read.body),
      archived: at?.completed ?? false,
    });
    return { document: doc, problems };
  },
};

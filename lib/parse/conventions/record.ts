/**
 * The last steps every convention parser of 24b shares (memory bank, Task Master, GSD, agent plans, progress logs):
 * settle the unit's status from its statements and tasks, store the tasks and `meta.unit`.
 */
import type { ParsedDocument, ParseInput } from "../types";
import { plainTasks, taskCounts, type UnitTask } from "./tasks";
import { applyUnit, companionList, settleUnitStatus, type CompanionRole, type StatusStatement, type UnitMeta } from "./unit";
import { findDates } from "../heuristics/dates";
import { normaliseText, squash } from "../heuristics/text";
import { labelValue, STATUS_LABEL } from "./labels";

export interface UnitRecordInput {
  family: string;
  id: string;
  /** The unit's folder; for a unit that is one file (Task Master, GSD, a plan, a log), the file itself, so that an
   * undated record is dated by the last commit that touched it, not its whole folder (lib/index/commit-dates.ts). */
  folder: string;
  statements: StatusStatement[];
  tasks: UnitTask[];
  companions?: Array<[string, CompanionRole]>;
  archived?: boolean;
  /** The tasks the status is settled on, when some of `tasks` are closed without being done (cancelled). */
  settleWith?: UnitTask[];
  /** Where Complete writes the convention's own status (a Status line it states); none: completed in Cairn. */
  statusField?: UnitMeta["statusField"];
}

/** Fill status, tasks and `meta.unit` of a convention record; a unit without tasks keeps `tasks` null. */
export function finishUnit(doc: ParsedDocument, input: ParseInput, unit: UnitRecordInput): ParsedDocument {
  const settled = settleUnitStatus({ statements: unit.statements, tasks: unit.settleWith ?? unit.tasks, archived: unit.archived });
  const counts = taskCounts(unit.tasks);
  doc.tasks = unit.tasks.length ? plainTasks(unit.tasks) : null;
  return applyUnit(doc, settled, {
    family: unit.family,
    id: unit.id,
    folder: unit.folder,
    companions: companionList(input, unit.companions ?? []),
    statements: unit.statements.map(({ label, raw, status }) => ({ label, raw, status })),
    archived: unit.archived ?? false,
    tasksDone: counts.done,
    tasksTotal: counts.total,
    optionalOpen: counts.optionalOpen,
    taskCommits: [],
    statusField: unit.statusField ?? null,
  });
}

/**
 * A Status line Complete may rewrite: the first status label of the whole file (the writer finds the same one),
 * provided the parser read its statement from it. Lists of items with their own status (Cursor `todos`) never.
 */
export function statusLineField(input: ParseInput, stated: string | null, completedWord: string): UnitMeta["statusField"] {
  if (!stated) return null;
  const first = labelValue(normaliseText(input.text), STATUS_LABEL);
  if (!first || squash(first.value) !== squash(stated)) return null;
  return { path: input.path, kind: "markdown-label", key: "status", completedWord };
}

/**
 * Set a record's date from a written value, with its source (`kind`: the text says it, or the file or folder name
 * does). Returns whether a date was set; with none, the record is left as it was (see `clearDate`).
 */
export function setDate(doc: ParsedDocument, iso: string | null, source: string, kind: "content" | "filename" = "content"): boolean {
  if (!iso) return false;
  doc.savedAt = iso;
  doc.savedAtSource = kind;
  doc.fieldSources = { ...doc.fieldSources, savedAt: source };
  return true;
}

/** No date of the unit's own: the index dates it by the last commit that touched it (lib/index/commit-dates.ts). */
export function clearDate(doc: ParsedDocument): void {
  doc.savedAt = null;
  doc.savedAtSource = null;
  if (doc.fieldSources) delete doc.fieldSources.savedAt;
}

/** A convention that names no branch or commit of its own: neither, nor a source the Markdown reader left. */
export function noGitFields(doc: ParsedDocument): void {
  doc.branch = null;
  doc.headSha = null;
  if (doc.fieldSources) {
    delete doc.fieldSources.branch;
    delete doc.fieldSources.headSha;
  }
}

/** The newest date written in some lines (labels of a header, an entry's heading). */
export function newestIn(text: string): string | null {
  const dates = findDates(text).map((d) => d.iso);
  return dates.length ? dates.sort().at(-1)! : null;
}

/** A plain task (`Plan 3 of 6`) for conventions that keep counts rather than lists (GSD, Task Master subtasks). */
export function countedTask(text: string, done: boolean, line = 0): UnitTask {
  return { text, done, state: done ? "done" : "open", depth: 0, optional: false, commit: null, label: null, line };
}

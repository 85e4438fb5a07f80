/**
 * One unit of a convention (a Spec Kit feature folder, a Conductor track, an OpenSpec change, a Kiro spec, a memory
 * bank...) read as one record. Shared by every convention parser:
 * - `settleUnitStatus`: the status from the convention's own statements and its tasks, with the note a page shows
 *   when they disagree ("Status says Draft; 89 of 89 tasks are done");
 * - `UnitMeta` (stored as `meta.unit`): the unit's family, folder, companion files and status statements, read by
 *   pages (components/checkpoint/unit-panel.tsx), the queue's sentence and the Complete action.
 */
import type { ParsedDocument, ParseInput, Status } from "../types";
import { taskCounts } from "./tasks";

/** One statement of a unit's status, as the convention writes it. */
export interface StatusStatement {
  /** Where it is, in words for the page: "Status", "metadata.json", "tracks.md". */
  label: string;
  raw: string;
  status: Status | null;
  /** The field source stored with the record ("label:status", "metadata.json:status"). */
  source: string;
  /**
   * Written after the tasks are ticked, as a rule of the convention (Conductor's tracks.md line is ticked when the
   * track ends): it may keep a unit whose tasks are all done in progress.
   */
  later?: boolean;
}

export interface SettledStatus {
  status: Status | null;
  statusRaw: string | null;
  source: string | null;
  /** Stated status and tasks disagree: "Status says Draft; 89 of 89 tasks are done". */
  note: string | null;
}

const isOpen = (s: Status | null) => s === "in-progress" || s === "blocked";
const isClosed = (s: Status | null) => s === "completed" || s === "superseded";

/**
 * The unit's status. A unit in an archive folder is completed. Else a unit whose tasks are all done (optional open
 * items aside) is completed, unless a later statement says otherwise. Else the newest statement with a known
 * status (statements are given oldest first). Else open tasks mean in progress. A word the table does not know is
 * kept raw with status null.
 */
export function settleUnitStatus(input: {
  statements: StatusStatement[];
  /** The tasks as they count for the status (items under a done item done: lib/parse/conventions/tasks.ts inheritDone). */
  tasks: { done: boolean; optional?: boolean }[];
  /** The tasks as written, for the note's counts (default: `tasks`). */
  written?: { done: boolean; optional?: boolean }[];
  archived?: boolean;
}): SettledStatus {
  const statements = input.statements.filter((s) => s.raw);
  const known = statements.filter((s) => s.status !== null);
  const latest = known[known.length - 1] ?? null;
  const counts = taskCounts(input.tasks.map((t) => ({ done: t.done, optional: t.optional ?? false })));
  const allDone = counts.total > 0 && counts.done === counts.total;
  const shown = input.written ? taskCounts(input.written.map((t) => ({ done: t.done, optional: t.optional ?? false }))) : counts;
  const rawOf = (s: StatusStatement | null) => s?.raw ?? statements[statements.length - 1]?.raw ?? null;
  const disagreeing = (status: Status | null) => {
    const against = known.filter((s) => (isClosed(status) && isOpen(s.status)) || (isOpen(status) && isClosed(s.status)));
    const s = against[against.length - 1];
    return s && shown.total > 0 ? `${s.label} says ${s.raw}; ${shown.done} of ${shown.total} tasks are done` : null;
  };

  if (input.archived) return { status: "completed", statusRaw: "archived", source: "place:archive", note: null };
  if (allDone) {
    const laterOpen = [...known].reverse().find((s) => s.later && isOpen(s.status));
    if (laterOpen) return { status: laterOpen.status, statusRaw: laterOpen.raw, source: laterOpen.source, note: null };
    return { status: latest && isClosed(latest.status) ? latest.status : "completed", statusRaw: rawOf(latest), source: latest && isClosed(latest.status) ? latest.source : "tasks", note: disagreeing("completed") };
  }
  if (latest) {
    const note = isClosed(latest.status) && counts.total > counts.done ? disagreeing("in-progress") ?? `${latest.label} says ${latest.raw}; ${shown.done} of ${shown.total} tasks are done` : null;
    return { status: latest.status, statusRaw: latest.raw, source: latest.source, note: isClosed(latest.status) ? note : null };
  }
  if (counts.total > 0) return { status: "in-progress", statusRaw: rawOf(null), source: "tasks", note: null };
  return { status: null, statusRaw: rawOf(null), source: null, note: null };
}

export type CompanionRole = "spec" | "plan" | "tasks" | "research" | "design" | "requirements" | "proposal" | "metadata" | "index" | "context" | "progress" | "other";

export interface UnitCompanion {
  /** Repository-relative path. */
  path: string;
  role: CompanionRole;
  /** It was there and read when the unit was parsed. */
  present: boolean;
}

/** A done task's commit, as written; checked against the branch's history at derive time. */
export interface TaskCommit {
  /** "task 3", "phase 2 checkpoint": how the page names it. */
  name: string;
  text: string;
  sha: string;
}

/** What every convention record keeps in `meta.unit`. */
export interface UnitMeta {
  family: string;
  /** The unit's own name: the folder (`002-stt-api`, `auth_20260514`), or the file for single-file units. */
  id: string;
  /** Repository-relative folder of the unit. */
  folder: string;
  companions: UnitCompanion[];
  statements: Array<Pick<StatusStatement, "label" | "raw" | "status">>;
  statusNote: string | null;
  archived: boolean;
  tasksDone: number;
  tasksTotal: number;
  optionalOpen: number;
  taskCommits: TaskCommit[];
  /**
   * Where Complete writes the convention's own status: a file (repository-relative) and how; null when the
   * convention has no status field (the unit is completed in Cairn).
   */
  statusField: { path: string; kind: "markdown-label" | "json-key"; key: string; completedWord: string } | null;
  /** Set at derive time (lib/derive/unit-commits.ts): each task commit checked against the unit's branch. */
  commitChecks?: { branch: string | null; checks: Array<{ name: string; sha: string; inBranch: boolean | null; flag: string | null }> };
}

/** The folder of a repo-relative path ("specs/001-x/spec.md" -> "specs/001-x"). */
export function folderOf(relPath: string): string {
  const p = relPath.replace(/\\/g, "/");
  const i = p.lastIndexOf("/");
  return i < 0 ? "" : p.slice(0, i);
}

export function join(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}

/** Companion files of a unit, with whether each was read (from the parse input). */
export function companionList(input: ParseInput, entries: Array<[string, CompanionRole]>): UnitCompanion[] {
  return entries.map(([path, role]) => ({ path, role, present: input.companions?.[path] !== undefined }));
}

/** Set the unit's status and meta on a record (and its field sources). */
export function applyUnit(doc: ParsedDocument, settled: SettledStatus, unit: Omit<UnitMeta, "statusNote">): ParsedDocument {
  doc.status = settled.status;
  doc.statusRaw = settled.statusRaw;
  if (settled.source) doc.fieldSources = { ...doc.fieldSources, status: settled.source };
  doc.meta.unit = { ...unit, statusNote: settled.note } satisfies UnitMeta;
  return doc;
}

/** Read `meta.unit` from a stored record's meta (pages, queue, actions), or null. */
export function unitOf(meta: Record<string, unknown> | null | undefined): UnitMeta | null {
  const u = meta?.unit;
  return u && typeof u === "object" && typeof (u as UnitMeta).family === "string" ? (u as UnitMeta) : null;
}

/** A companion file's text kept with its unit (redacted and capped at index time: lib/index/companion-text.ts). */
export interface CompanionText {
  path: string;
  role: CompanionRole;
  text: string;
  /** The file was longer than the cap: only its start is kept (and searched). */
  truncated: boolean;
}

/** Read `meta.companionTexts` from a stored record's meta (the unit's page, the search index), or none. */
export function companionTextsOf(meta: Record<string, unknown> | null | undefined): CompanionText[] {
  const list = meta?.companionTexts;
  if (!Array.isArray(list)) return [];
  return list.filter((c): c is CompanionText => !!c && typeof c === "object" && typeof c.path === "string" && typeof c.text === "string");
}

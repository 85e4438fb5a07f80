/**
 * YAML and JSON checkpoints read as data: `.claude/checkpoints/*.yaml`, `.claude/handoffs/*.json`,
 * `.claude/session-state.json` and its spellings, `handoff.yml`. Common keys are mapped (title, status,
 * branch, head/commit/sha, date/saved_at/updated, tasks/todos/next_steps with done flags); duplicate keys
 * are reported as a problem; nothing here ever throws. Reading is linear in the file's size and bounded
 * (./data-load.ts reads and bounds the value, ./data-items.ts walks it, ./data-tasks.ts tells repeated items).
 *
 * Their family (the record's `format`) is `data`; `meta.dataFormat` says yaml or json, and `meta.dataKind`
 * says whether the file is a handoff (a handoff folder or name) or session state.
 */
import { isPlaceholder } from "./heuristics/fields";
import type { CanonicalSection, ParseInput, ParseResult, ParsedDocument, Parser } from "./types";
import { emptyDocument } from "./types";
import { loadData } from "./data-load";
import { asLines, entries, first, isObject, readTasks, text, type Entry, type Json } from "./data-items";
import { parseDateText } from "./heuristics/dates";
import { normaliseStatus } from "./heuristics/status";
import { baseName, lowerPath, normaliseText } from "./heuristics/text";

const DATA_EXT = /\.(?:ya?ml|json)$/;

/** Folders whose every data file is a checkpoint. */
function inCheckpointFolder(p: string): boolean {
  return /(^|\/)\.claude\/(?:checkpoints|handoffs?)\/(?:.+\/)?[^/]+$/.test(p) || /(^|\/)(?:docs\/)?(?:handoffs?|sessions)\/(?:.+\/)?[^/]+$/.test(p);
}

/** Names that hold a checkpoint by convention wherever they are (read when they carry checkpoint fields). */
function conventionalName(p: string): boolean {
  const name = baseName(p);
  return /^(?:session[-_]?state|sessionstate|checkpoint|handoff|hand[-_]?over|last[-_]session|next[-_]session|resume)\.(?:ya?ml|json)$/.test(name);
}

export function claimsDataPath(relPath: string): boolean {
  const p = lowerPath(relPath);
  if (!DATA_EXT.test(p)) return false;
  // the last-session sentinel is read with .claude/last-session.md, never on its own
  if (/^\.session[-_]state\.json$/.test(baseName(p))) return false;
  if (/(^|\/)(?:node_modules|package(?:-lock)?\.json$)/.test(p)) return false;
  return inCheckpointFolder(p) || conventionalName(p);
}

const TITLE_KEYS = ["title", "checkpointtitle", "sessiontitle", "headline"];
/** Without a title, the work it names: `working_on`, `task`, `goal` and kin (its first line, kept short). */
const WORK_KEYS = ["workingon", "currenttask", "activetask", "task", "goal", "objective", "currentfocus", "focus"];
const TITLE_MAX = 120;

/** `working_on` -> "Working on", `nextSteps` -> "Next steps": a key as a heading a person reads. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

function titleLine(value: string): string {
  const line = value.split(/\r?\n/).map((l) => l.trim()).find(Boolean) ?? "";
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).replace(/\s+\S*$/, "")}…` : line;
}
const STATUS_KEYS = ["status", "state", "sessionstatus", "taskstatus", "checkpointstatus", "workstatus"];
const BRANCH_KEYS = ["branch", "gitbranch", "currentbranch", "branchname"];
const SHA_KEYS = ["headsha", "head", "sha", "commit", "gitcommit", "commithash", "headcommit", "lastcommit", "lastruncommit", "gitsha", "gitcommithash", "basesha"];
const DATE_KEYS = [
  "savedat", "saved", "updatedat", "updated", "lastupdated", "lastupdate", "lastrunat", "timestamp", "date", "endedat", "closedat",
  "createdat", "created", "sessionstarted", "startedat", "starttime",
];
const OPEN_LIST_KEYS = ["tasks", "todos", "todo", "nextsteps", "next", "pending", "pendingtasks", "remaining", "remainingtasks", "opentasks", "actionitems", "nextactions", "checklist"];
const SECTION_KEYS: Array<[CanonicalSection, string[]]> = [
  ["working-on", ["summary", "workingon", "goal", "task", "activetask", "currenttask", "currentfocus", "focus", "objective", "description", "workflowdescription"]],
  ["done", ["completed", "done", "accomplished", "completedtasks", "recentactions", "progress"]],
  ["decisions", ["decisions", "keydecisions"]],
  ["blockers", ["blockers", "blocker", "blockeditems", "openquestions"]],
  ["gotchas", ["gotchas", "warnings", "uncertainties"]],
  ["context", ["context", "notes", "note", "importantnotes", "lastcheckpoint"]],
  ["next-steps", ["nextaction", "nextsteps", "next", "pending", "pendingtasks", "todos", "tasks", "remaining"]],
];

/** A value a key/value source gives as a commit: the first token, when it is hex. */
function shaOf(value: Json): string | null {
  const t = text(value);
  const token = t?.split(/[\s@]+/)[0] ?? "";
  return /^(?:[0-9a-f]{7,40}|[0-9a-f]{64})$/i.test(token) ? token.toLowerCase() : null;
}

function branchOf(value: Json): string | null {
  const t = text(value)?.replace(/^`|`$/g, "");
  if (!t) return null;
  const token = t.split(/\s+/)[0];
  // "none", "n/a", "unknown": written where a branch goes, with none
  return /^[A-Za-z0-9._/-]+$/.test(token) && !token.startsWith("-") && !/^\[.*\]$/.test(token) && !isPlaceholder(token) ? token : null;
}

/** The newest entry of a list of dated sessions (`recent_sessions: [{date, status}]`). */
function newestSession(data: Record<string, Json>): Record<string, Json> | null {
  for (const [key, value] of Object.entries(data)) {
    if (!/session|histor|entries|log/i.test(key) || !Array.isArray(value)) continue;
    let best: { item: Record<string, Json>; at: string } | null = null;
    for (const item of value) {
      const at = isObject(item) ? parseDateText(text(item.date ?? item.timestamp ?? null)) : null;
      if (at && (!best || at > best.at)) best = { item: item as Record<string, Json>, at };
    }
    if (best) return best.item;
  }
  return null;
}

/** Read a parsed value as a checkpoint. Returns null when nothing in it looks like checkpoint data. */
export function documentFromData(path: string, data: Json, problems: string[]): ParsedDocument | null {
  const p = lowerPath(path);
  const doc = emptyDocument("data");
  doc.meta.dataKind = /(^|\/)hand(?:off|over)s?\//.test(p) || /hand(?:off|over)/.test(baseName(p)) ? "handoff" : "session-state";
  doc.meta.dataFormat = /\.json$/.test(p) ? "json" : "yaml";
  if (!isObject(data)) {
    if (data !== null && data !== undefined) doc.sections.push({ canonical: null, heading: "Content", level: 2, text: asLines(data) || String(data) });
    return inCheckpointFolder(p) ? doc : null;
  }
  const list = entries(data);
  const fields: Record<string, string> = {};

  const title = first(list, TITLE_KEYS, (e) => typeof e.value === "string");
  if (title) {
    doc.title = (typeof title.value === "string" ? text(titleLine(title.value)) : text(title.value)) || null;
    fields.title = `data:${title.key}`;
  } else {
    // No title key: the record's title stays null (a `working_on` value is not a title: RULES.md), but the page
    // names the file by the work it names (`working_on`, `task`, `goal` and kin, its first line) rather than its path.
    const work = first(list, WORK_KEYS, (e) => typeof e.value === "string" && !!titleLine(e.value) && !/^(?:none|null|n\/a|-)$/i.test(titleLine(e.value)));
    if (work && typeof work.value === "string") doc.meta.workTitle = text(titleLine(work.value));
  }

  let statusEntry = first(list, STATUS_KEYS, (e) => normaliseStatus(text(e.value))?.status != null);
  statusEntry ??= list.find((e) => /status$/.test(e.norm) && normaliseStatus(text(e.value))?.status != null) ?? null;
  const newest = newestSession(data);
  const statusWritten = statusEntry ? text(statusEntry.value) : newest ? text(newest.status ?? null) : text(first(list, ["status"])?.value ?? null);
  const status = normaliseStatus(statusWritten);
  if (status) {
    doc.status = status.status;
    doc.statusRaw = status.raw;
    fields.status = statusEntry ? `data:${statusEntry.key}` : "data:newest-session";
  }

  const branch = first(list, BRANCH_KEYS, (e) => branchOf(e.value) !== null);
  if (branch) {
    doc.branch = branchOf(branch.value);
    fields.branch = `data:${branch.key}`;
  }
  const sha = first(list, SHA_KEYS, (e) => shaOf(e.value) !== null);
  if (sha) {
    doc.headSha = shaOf(sha.value);
    fields.headSha = `data:${sha.key}`;
  }
  const date = first(list, DATE_KEYS, (e) => parseDateText(text(e.value)) !== null);
  const dateText = date ? text(date.value) : newest ? text(newest.date ?? newest.timestamp ?? null) : null;
  const savedAt = parseDateText(dateText);
  if (savedAt) {
    doc.savedAt = savedAt;
    doc.savedAtSource = "content";
    fields.savedAt = date ? `data:${date.key}` : "data:newest-session";
  }

  doc.tasks = readTasks(list.filter((e) => OPEN_LIST_KEYS.includes(e.norm) && Array.isArray(e.value)));
  for (const [canonical, keys] of SECTION_KEYS) {
    const hits = list.filter((e) => keys.includes(e.norm) && e.value !== null && e.value !== "");
    for (const hit of hits) {
      const body = asLines(hit.value);
      if (body) doc.sections.push({ canonical, heading: humaniseKey(hit.key), level: 2, text: body });
    }
  }
  for (const e of list) {
    if (!/(?:modified|uncommitted|changed|key|critical)files$/.test(e.norm) || !Array.isArray(e.value)) continue;
    const role = /key|critical/.test(e.norm) ? "key" : "modified";
    for (const item of e.value) {
      const file = text(item);
      if (file && !/\s/.test(file) && !file.startsWith("/")) doc.references.push({ path: file, role });
    }
  }
  doc.fieldSources = { ...(doc.fieldSources ?? {}), ...fields };
  const found = doc.title || doc.status || doc.statusRaw || doc.branch || doc.headSha || doc.savedAt || doc.tasks;
  if (!found) {
    if (!inCheckpointFolder(p)) return null;
    problems.push("no checkpoint fields found in this data file");
  }
  if (doc.sections.length === 0) doc.sections.push({ canonical: null, heading: "Data", level: 2, text: asLines(data) });
  return doc;
}

export const dataCheckpointParser: Parser = {
  format: "data",
  priority: 68,
  claims: claimsDataPath,
  parse(input: ParseInput): ParseResult {
    const source = normaliseText(input.text);
    if (!source.trim()) return { document: null, problems: ["file is empty"] };
    const kind = /\.json$/i.test(input.path) ? "json" : "yaml";
    const loaded = loadData(source, kind);
    if ("failed" in loaded) return { document: null, problems: [loaded.failed, ...(loaded.notes ?? [])] };
    const problems = [...loaded.problems];
    const document = documentFromData(input.path, loaded.data, problems);
    return { document, problems: document ? problems : [] };
  },
};

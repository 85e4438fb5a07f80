/**
 * YAML and JSON checkpoints read as data: `.claude/checkpoints/*.yaml`, `.claude/handoffs/*.json`,
 * `.claude/session-state.json` and its spellings, `handoff.yml`. Common keys are mapped (title, status,
 * branch, head/commit/sha, date/saved_at/updated, tasks/todos/next_steps with done flags); duplicate keys
 * are reported as a problem; nothing here ever throws.
 *
 * Their family (the record's `format`) is `data`; `meta.dataFormat` says yaml or json, and `meta.dataKind`
 * says whether the file is a handoff (a handoff folder or name) or session state.
 */
import { LineCounter, parseDocument as parseYaml } from "yaml";
import type { CanonicalSection, ParseInput, ParseResult, ParsedDocument, ParsedTask, Parser } from "./types";
import { emptyDocument } from "./types";
import { parseDateText } from "./heuristics/dates";
import { normaliseStatus } from "./heuristics/status";
import { baseName, lowerPath, normaliseText, squash } from "./heuristics/text";

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

type Json = unknown;
type Entry = { key: string; norm: string; value: Json; depth: number };

const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Top-level keys, then one level of nested objects (`session.task_status`, `git_state.branch`). */
function entries(data: Record<string, Json>): Entry[] {
  const out: Entry[] = [];
  for (const [key, value] of Object.entries(data)) out.push({ key, norm: norm(key), value, depth: 0 });
  for (const [key, value] of Object.entries(data)) {
    if (!isObject(value)) continue;
    for (const [inner, innerValue] of Object.entries(value)) out.push({ key: `${key}.${inner}`, norm: norm(inner), value: innerValue, depth: 1 });
  }
  return out;
}

function text(value: Json): string | null {
  if (typeof value === "string") return squash(value) || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function first(list: Entry[], keys: readonly string[], accept: (e: Entry) => boolean = () => true): Entry | null {
  for (const key of keys) {
    const hit = list.find((e) => e.norm === key && e.value !== null && e.value !== "" && accept(e));
    if (hit) return hit;
  }
  return null;
}

const TITLE_KEYS = ["title", "checkpointtitle", "sessiontitle", "headline"];
const STATUS_KEYS = ["status", "state", "sessionstatus", "taskstatus", "checkpointstatus", "workstatus"];
const BRANCH_KEYS = ["branch", "gitbranch", "currentbranch", "branchname"];
const SHA_KEYS = ["headsha", "head", "sha", "commit", "gitcommit", "commithash", "headcommit", "lastcommit", "lastruncommit", "gitsha", "gitcommithash", "basesha"];
const DATE_KEYS = [
  "savedat", "saved", "updatedat", "updated", "lastupdated", "lastupdate", "lastrunat", "timestamp", "date", "endedat",
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
  return /^[A-Za-z0-9._/-]+$/.test(token) && !token.startsWith("-") && !/^\[.*\]$/.test(token) ? token : null;
}

const ITEM_TEXT_KEYS = ["summary", "title", "task", "text", "description", "content", "name", "item", "action", "step"];

function itemText(item: Json): string | null {
  if (isObject(item)) {
    const list = entries(item).filter((e) => e.depth === 0);
    const hit = first(list, ITEM_TEXT_KEYS, (e) => typeof e.value === "string");
    const label = text(item.id ?? null);
    return hit ? text(hit.value) : label;
  }
  return text(item);
}

function itemDone(item: Json): boolean {
  if (!isObject(item)) return false;
  for (const [key, value] of Object.entries(item)) {
    const k = norm(key);
    if ((k === "done" || k === "completed" || k === "checked" || k === "complete") && value === true) return true;
    if (k === "status" || k === "state") {
      const s = normaliseStatus(text(value));
      if (s?.status === "completed") return true;
    }
  }
  return false;
}

const STOP = new Set(["a", "an", "the", "by", "to", "of", "and", "or", "for", "after", "before", "with", "in", "on", "at", "run"]);

function tokens(value: string): Set<string> {
  return new Set(value.toLowerCase().split(/[^\p{L}\p{N}/:#.-]+/u).map((t) => t.replace(/^[.:-]+|[.:-]+$/g, "")).filter((t) => t && !STOP.has(t)));
}

/** One item written twice in other words (every word of the shorter in the longer) counts once. */
function sameItem(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [tokens(a), tokens(b)] : [tokens(b), tokens(a)];
  if (short.size === 0) return false;
  for (const t of short) if (!long.has(t)) return false;
  return true;
}

function readTasks(list: Entry[]): ParsedTask[] | null {
  const lists = list.filter((e) => OPEN_LIST_KEYS.includes(e.norm) && Array.isArray(e.value));
  if (lists.length === 0) return null;
  const tasks: ParsedTask[] = [];
  for (const entry of lists) {
    for (const item of entry.value as Json[]) {
      const t = itemText(item);
      if (!t) continue;
      if (tasks.some((task) => sameItem(task.text, t))) continue;
      const done = itemDone(item);
      tasks.push({ text: t, done, state: done ? "done" : "open" });
    }
  }
  return tasks.length ? tasks : null;
}

function asLines(value: Json): string {
  if (Array.isArray(value)) return value.map((item) => itemText(item)).filter(Boolean).map((t) => `- ${t}`).join("\n");
  if (isObject(value)) return Object.entries(value).map(([k, v]) => `- ${k}: ${text(v) ?? JSON.stringify(v)}`).join("\n");
  return text(value) ?? "";
}

/** The newest entry of a list of dated sessions (`recent_sessions: [{date, status}]`). */
function newestSession(data: Record<string, Json>): Record<string, Json> | null {
  for (const [key, value] of Object.entries(data)) {
    if (!/session|histor|entries|log/i.test(key) || !Array.isArray(value)) continue;
    const dated = value.filter(isObject).filter((item) => parseDateText(text(item.date ?? item.timestamp ?? null)));
    if (!dated.length) continue;
    return dated.reduce((best, item) => ((parseDateText(text(item.date ?? item.timestamp ?? null)) ?? "") > (parseDateText(text(best.date ?? best.timestamp ?? null)) ?? "") ? item : best));
  }
  return null;
}

interface Loaded {
  data: Json;
  problems: string[];
}

/** Parse YAML (JSON is YAML): duplicate keys become a problem, the last value wins; other errors end the read. */
function load(source: string, kind: "yaml" | "json"): Loaded | { failed: string } {
  const problems: string[] = [];
  try {
    const lines = new LineCounter();
    const strict = parseYaml(source, { uniqueKeys: true, prettyErrors: false, lineCounter: lines });
    const lineOf = (pos: [number, number] | undefined) => (pos ? lines.linePos(pos[0]).line : undefined);
    const duplicates = strict.errors.filter((e) => e.code === "DUPLICATE_KEY");
    const others = strict.errors.filter((e) => e.code !== "DUPLICATE_KEY");
    if (others.length) {
      if (kind === "json") {
        try {
          return { data: JSON.parse(source) as Json, problems };
        } catch {
          /* report the YAML reader's error below */
        }
      }
      const line = lineOf(others[0].pos);
      return { failed: `${kind === "json" ? "JSON" : "YAML"} is not valid${line ? ` at line ${line}` : ""}` };
    }
    for (const dup of duplicates) {
      const line = lineOf(dup.pos);
      problems.push(`duplicate key${line ? ` at line ${line}` : ""}: the last value is used`);
    }
    const loose = duplicates.length ? parseYaml(source, { uniqueKeys: false, prettyErrors: false }) : strict;
    return { data: loose.toJS({ maxAliasCount: 100 }) as Json, problems };
  } catch (error) {
    return { failed: `could not be read as ${kind}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
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
    doc.title = text(title.value);
    fields.title = `data:${title.key}`;
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

  doc.tasks = readTasks(list);
  for (const [canonical, keys] of SECTION_KEYS) {
    const hits = list.filter((e) => keys.includes(e.norm) && e.value !== null && e.value !== "");
    for (const hit of hits) {
      const body = asLines(hit.value);
      if (body) doc.sections.push({ canonical, heading: hit.key, level: 2, text: body });
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
    const loaded = load(source, kind);
    if ("failed" in loaded) return { document: null, problems: [loaded.failed] };
    const problems = [...loaded.problems];
    const document = documentFromData(input.path, loaded.data, problems);
    return { document, problems: document ? problems : [] };
  },
};

/**
 * GSD ("Get Shit Done") project state (`.planning/STATE.md`), one record per file. Fields: the frontmatter
 * (`status`, `last_updated`, `stopped_at`, `progress.total_plans` / `completed_plans`) or, without one, the body's
 * `Status:`, `Last activity:` / `**Last updated:**`, `Stopped at:` and the next step. GSD's own status words
 * (planning, executing, verifying) mean the work is going on. Tasks: the plans of the milestone as counted.
 */
import type { ParseInput, ParseResult, Parser, Status } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { readUnitTasks, type UnitTask } from "./conventions/tasks";
import type { StatusStatement } from "./conventions/unit";
import { firstHeading, labelValue } from "./conventions/labels";
import { clearDate, countedTask, finishUnit, newestIn, noGitFields, setDate, statusLineField } from "./conventions/record";
import { fmString } from "./heuristics/frontmatter-block";
import { normaliseText, squash, stripInlineMarkdown } from "./heuristics/text";
import { outline } from "./heuristics/markdown";
import { tasksByRule } from "./heuristics/task-rule";

const PLACE = /(^|\/)\.planning\/STATE\.md$/i;
const GSD_WORDS: Array<[RegExp, Status]> = [
  [/^(?:planning|executing|verifying|discussing|researching|in[-_ ]progress|active|paused)\b/i, "in-progress"],
  [/^(?:completed?|shipped|done|milestone complete)\b/i, "completed"],
];
const DOC_WORD = /^(?:state|project state)\s*[:：—–-]\s*/i;
const MAX_PLANS = 500;

function gsdStatus(raw: string | null): StatusStatement | null {
  if (!raw) return null;
  const clean = squash(stripInlineMarkdown(raw));
  for (const [re, status] of GSD_WORDS) if (re.test(clean)) return { label: "status", raw: clean, status, source: "frontmatter:status" };
  const word = conventionStatus(clean);
  return word ? { label: "status", raw: word.raw, status: word.status, source: "frontmatter:status" } : null;
}

function count(data: Record<string, unknown> | null, key: string): number | null {
  const progress = data?.progress;
  const v = progress && typeof progress === "object" ? (progress as Record<string, unknown>)[key] : undefined;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_PLANS ? n : null;
}

export const gsdParser: Parser = {
  format: "gsd",
  priority: 80,
  claims: (relPath) => PLACE.test(relPath.replace(/\\/g, "/")),
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "gsd", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const data = (read.frontmatter.data as Record<string, unknown> | null) ?? null;

    const h1 = firstHeading(read.body);
    const plain = h1 ? squash(stripInlineMarkdown(h1)) : null;
    doc.title = plain ? plain.replace(DOC_WORD, "").trim() || plain : "Project state";
    doc.fieldSources = { ...doc.fieldSources, title: plain ? "h1" : "family" };

    clearDate(doc);
    const fmDate = newestIn([fmString(data, "last_updated"), fmString(data, "last_activity")].filter(Boolean).join(" "));
    const bodyDate = labelValue(read.body, /^(?:last updated|last activity|updated)$/i, 80);
    if (!setDate(doc, fmDate, "frontmatter:last_updated") && bodyDate) setDate(doc, newestIn(bodyDate.value), "label:last-activity");

    const statements: StatusStatement[] = [];
    const fm = gsdStatus(fmString(data, "status"));
    if (fm) statements.push(fm);
    else {
      const body = labelValue(read.body, /^status$/i, 120);
      // "Ready to plan", "Ready for next milestone": waiting for the next step, not a state of the work (kept raw)
      const waiting = body && /^ready (?:to|for)\b/i.test(body.value);
      const word = body ? (waiting ? { status: null, raw: squash(body.value) } : conventionStatus(body.value)) : null;
      if (word) statements.push({ label: "Status", raw: word.raw, status: word.status, source: "label:status" });
    }
    const stopped = fmString(data, "stopped_at") ?? labelValue(read.body, /^stopped at$/i, 200)?.value ?? null;
    if (stopped) doc.meta.stoppedAt = stopped;

    const total = count(data, "total_plans");
    const done = count(data, "completed_plans");
    let tasks: UnitTask[] = readUnitTasks(read.body);
    if (!tasks.length && total !== null && done !== null && done <= total) {
      tasks = Array.from({ length: total }, (_, i) => countedTask(`Plan ${i + 1} of ${total}`, i < done));
    }
    // neither boxes nor plan counts: the items of its Next Steps (the one task rule); they say what is left, they
    // do not settle the status
    const settleWith = tasks.length ? undefined : [];
    if (!tasks.length) tasks = tasksByRule(outline(normaliseText(read.body))).map((t) => countedTask(t.text, t.done));
    noGitFields(doc);
    const statusField = statements.length ? statusLineField(input, fmString(data, "status") ?? labelValue(read.body, /^status$/i, 120)?.value ?? null, "completed") : null;
    finishUnit(doc, input, { family: "gsd", id: "STATE.md", folder: input.path, statements, tasks, settleWith, statusField });
    return { document: doc, problems };
  },
};

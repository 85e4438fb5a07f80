/**
 * OpenAI ExecPlans: a plan file an agent keeps as a living document (`.agent/plans/*.md`, `.agents/plans/`,
 * `execplans/`, `plans/` at the root), in the format `.agent/PLANS.md` describes. PLANS.md itself is the format's
 * description, not a plan. A file is read as an ExecPlan when it holds the format's living sections: Progress,
 * Surprises & Discoveries, Decision Log, Outcomes & Retrospective (two of them at least, Progress or Decision Log
 * among them). Remaining work: the unchecked items of Progress (`- [ ] (2026-02-07 13:00Z) Milestone 3 ...`),
 * their timestamps giving the plan's date; decisions: the Decision Log's `Decision:` entries (kept in
 * `meta.execPlan.decisions`). A plan whose Progress is all ticked is completed. No branch unless one is labelled.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { readUnitTasks, type UnitTask } from "./conventions/tasks";
import { conventionStatus } from "./conventions/status-words";
import type { StatusStatement } from "./conventions/unit";
import { finishUnit, newestIn, noGitFields, setDate } from "./conventions/record";
import { labelValue, STATUS_LABEL, unitTitle } from "./conventions/labels";
import { dateFromPath } from "./heuristics/dates";
import { branchFromValue, isPlaceholder } from "./heuristics/fields";
import { atxHeading } from "./heuristics/markdown";
import { baseName, squash } from "./heuristics/text";

const PLACE = /(^|\/)(?:\.agents?\/(?:exec-?plans|plans)\/(?:[^/]+\/){0,3}|(?:docs\/)?exec-?plans\/(?:[^/]+\/){0,3}|plans\/)[^/]+\.md$/i;
/** A plan filed under a `completed/` (or `done/`, `archive/`) folder of its plans folder is finished. */
const FILED_DONE = /(?:^|\/)(?:completed|done|finished|archived?)\/(?:[^/]+\/)?[^/]+\.md$/i;
/** The format's description, readmes, indexes and templates are not plans. */
const NOT_PLANS = /(^|\/)(?:plans|execplans?|readme|index|template)[^/]*\.md$/i;

export function isExecPlanPath(relPath: string): boolean {
  const p = relPath.replace(/\\/g, "/");
  return PLACE.test(p) && !NOT_PLANS.test(baseName(p)) && !/(^|\/)(?:templates?|commands|skills|prompts)\//i.test(p);
}

const LIVING = {
  progress: /^progress$/i,
  surprises: /^surp?r?ises\s*(?:&|and)\s*discoveries$/i,
  decisions: /^decision\s*log$/i,
  outcomes: /^outcomes\s*(?:&|and)\s*retrospective$/i,
} as const;

interface Section {
  name: keyof typeof LIVING;
  start: number;
  end: number;
}

/** The living sections of an ExecPlan (H2/H3 headings), with their line spans. */
function livingSections(lines: string[]): Section[] {
  const out: Section[] = [];
  let fence = false;
  let open: Section | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s{0,3}(?:```|~~~)/.test(lines[i])) fence = !fence;
    if (fence) continue;
    // read from both ends without a pattern (issue 42: `\s+(.+?)\s*#*\s*$` took 0.4 s on a 76 KB heading of spaces)
    const h = atxHeading(lines[i]);
    if (!h || h.level > 3) continue;
    if (open) {
      open.end = i;
      open = null;
    }
    const title = squash(h.text.replace(/[*_`]/g, ""));
    const name = (Object.keys(LIVING) as Array<keyof typeof LIVING>).find((k) => LIVING[k].test(title));
    if (name && !out.some((s) => s.name === name)) {
      open = { name, start: i + 1, end: lines.length };
      out.push(open);
    }
  }
  return out;
}

/** An H1 that names one of the format's sections is no title ("# Purpose / Big Picture"). */
const SECTION_TITLE = /^(?:purpose(?:\s*\/\s*big picture)?|big picture|progress|surp?r?ises.*|decision log|outcomes.*|context and orientation|plan of work)$/i;

export function looksLikeExecPlan(text: string): boolean {
  const names = new Set(livingSections(text.slice(0, 200_000).replace(/\r\n?/g, "\n").split("\n")).map((s) => s.name));
  return names.size >= 2 && (names.has("progress") || names.has("decisions"));
}

/** A Progress item's leading timestamp ("(2026-02-07 13:00Z)", "[2025-10-01]") goes from its text. */
const STAMP = /^[([]?\s*\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?\s*(?:Z|UTC|[+-]\d{2}:?\d{2})?)?\s*[)\]]?\s*[:—–-]?\s*/i;

export const execPlanParser: Parser = {
  format: "exec-plan",
  priority: 78,
  claims: isExecPlanPath,
  accepts: (input) => looksLikeExecPlan(input.text),
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "exec-plan", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const lines = read.body.replace(/\r\n?/g, "\n").split("\n");
    const sections = livingSections(lines);
    const span = (name: Section["name"]) => {
      const s = sections.find((x) => x.name === name);
      return s ? lines.slice(s.start, s.end).join("\n") : "";
    };

    // the H1, unless it is one of the plan's own section headings; else the frontmatter's title or id; else the file
    const data = (read.frontmatter.data as Record<string, unknown> | null) ?? null;
    const h1 = doc.title ? unitTitle(doc.title.replace(/^exec(?:ution)?\s*plan\s*[:—–-]\s*/i, "")) : null;
    const named = [data?.title, data?.name, data?.plan_id].find((v) => typeof v === "string" && squash(v)) as string | undefined;
    const title = h1 && !SECTION_TITLE.test(h1) ? h1 : named ? squash(named) : baseName(input.path).replace(/\.md$/i, "");
    if (title !== doc.title) {
      doc.title = title;
      doc.fieldSources = { ...doc.fieldSources, title: h1 === title ? "h1" : named ? "frontmatter:title" : "filename" };
    }

    noGitFields(doc);
    const branch = labelValue(read.body, /^(?:branch|git branch|working branch)$/i);
    if (branch && !isPlaceholder(branch.value)) {
      const name = branchFromValue(branch.value);
      if (name) {
        doc.branch = name;
        doc.fieldSources = { ...doc.fieldSources, branch: "label:branch" };
      }
    }

    // Progress boxes written without a list marker ("[x] (TASK_01) Done the thing.") are items too
    const progress = span("progress").replace(/^(\s*)\[([ xX~])\]/gm, "$1- [$2]");
    const tasks: UnitTask[] = readUnitTasks(progress || read.body).map((t) => ({ ...t, text: t.text.replace(STAMP, "") || t.text }));
    // the newest Progress timestamp is when the plan last moved
    const stamped = newestIn(progress);
    if (stamped) setDate(doc, stamped, "progress:timestamp");
    else if (!doc.savedAt) setDate(doc, dateFromPath(baseName(input.path)), "filename", "filename");

    const decisions = span("decisions")
      .split("\n")
      .map((l) => /^\s*[-*+]\s+(?:\*\*)?decision(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+)$/i.exec(l)?.[1])
      .filter((d): d is string => !!d)
      .slice(0, 200)
      .map((d) => squash(d.replace(/\*\*/g, "")));
    doc.meta.execPlan = { decisions, sections: sections.map((s) => s.name) };

    // a status the plan states (frontmatter `status: in_progress`, a `**Status**: Completed` line)
    const stated = (typeof data?.status === "string" ? data.status : null) ?? labelValue(read.body, STATUS_LABEL)?.value ?? null;
    const word = conventionStatus(stated);
    const statements: StatusStatement[] = word ? [{ label: "Status", raw: word.raw, status: word.status, source: data?.status ? "frontmatter:status" : "label:status" }] : [];
    finishUnit(doc, input, { family: "exec-plan", id: baseName(input.path), folder: input.path, statements, tasks, archived: FILED_DONE.test(input.path.replace(/\\/g, "/")) });
    return { document: doc, problems };
  },
};

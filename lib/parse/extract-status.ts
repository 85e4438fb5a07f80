/**
 * The status, from where people write it: a status key or label (frontmatter first), `active: true`, a phase or
 * mode line, a tag closing the title, a status heading, the first line of a status section, a closing or
 * current-state statement, the opening paragraph. A value with no normal form is kept raw, status null.
 */
import type { Status } from "./types";
import { cleanHeading } from "./heuristics/headings";
import { isPlaceholder } from "./heuristics/fields";
import { headingPairs, KEYS, pairSource, type KeyValue } from "./heuristics/keyvalue";
import type { Outline, OutlineHeading } from "./heuristics/markdown";
import { normaliseStatus, statusFromStatement } from "./heuristics/status";
import { squash, stripInlineMarkdown } from "./heuristics/text";
import { describesFile, realHeadings, sectionFirstLine, sectionLead, sectionLeadUntilHeading, type ExtractInput } from "./extract-outline";

/** Headings that state the saved work's current state or task. */
const STATEMENT_HEADING = /current (?:task|state|status|work|focus)|currently working on|^in progress$|^work in progress$|진행 중인 작업|진행중인 작업|進行中の作業|进行中的工作|進行中的工作|現在作業中|作業中の(?:タスク|内容)|where (?:we|things|the project) (?:are|stand|left off)|project stands|state of (?:play|the work)|next action|지금 작업|현재 (?:상태|작업)|現在の(?:作業|状態|タスク)|当前(?:状态|任务)|estado actual|estado atual|état actuel|aktueller stand|stato attuale|текущ(?:ее|ая) (?:состояние|задача)|trạng thái hiện tại/i;
/** A heading that is itself a closing statement: "Session Complete - all saved", "Project Complete!", "完了". */
const DONE_HEADING = /^(?:the\s+)?(?:session|project|work|task|sprint|milestone|implementation|migration|phase \d+|all (?:phases|tasks|work|steps)|everything)\s+(?:is\s+)?(?:complete|completed|done|finished)\b(?![-\w])/i;

/** Labels for the stage the work is at, read as its status when their value is a status word. */
const PHASE_KEY = KEYS.phase;

/** A short status tag closing a title: "(TÜM FAZLAR TAMAMLANDI)", "[DONE]", "— COMPLETE". */
function titleTag(heading: string): Omit<StatusPick, "source"> | null {
  const plain = squash(stripInlineMarkdown(heading));
  const m = /[([]\s*([^()[\]]{2,60})\s*[)\]]\s*$/.exec(plain) ?? /\s[—–-]\s+([^—–-]{2,60})$/.exec(plain);
  // a tag is a few words: a long note in brackets ("(to paste at the start of the next session, tidied)") is not one
  if (!m || m[1].trim().split(/\s+/).length > 4 || m[1].trim().length > 24) return null;
  const status = normaliseStatus(m[1]);
  return status?.status === "completed" || status?.status === "in-progress" ? { status: status.status, raw: status.raw } : null;
}

/**
 * A status label after the file's last heading, when that heading opens a top-level section (not an item of a
 * list of sub-sections) and the label has a normal form: the closing word on the work, newer than the header's.
 */
function closingStatus(o: Outline, input: ExtractInput): StatusPick | null {
  const headings = realHeadings(o);
  const last = headings[headings.length - 1];
  if (!last || last.level > 2 || headings.length < 2) return null;
  const label = input.pairs.filter((p) => p.line > last.line && p.style !== "table" && KEYS.status.test(p.key) && !/^\s{2,}/.test(o.lines[p.line] ?? "")).pop();
  const status = label && !isPlaceholder(label.value) ? normaliseStatus(label.value) : null;
  return label && status?.status ? { status: status.status, raw: status.raw, source: `closing:${pairSource(label)}` } : null;
}

export type StatusPick = { status: Status | null; raw: string | null; source: string | null };

/** The file's last non-empty line, when it is one bold sentence stating the work done or going on. */
function closingBoldStatement(o: Outline): StatusPick | null {
  for (let i = o.lines.length - 1; i >= 0; i--) {
    const line = o.lines[i].trim();
    if (!line || /^(?:-{3,}|\*{3,}|_{3,})$/.test(line)) continue;
    if (o.inCode[i]) return null;
    const m = /^(?:\*\*|__)([^*_]{6,200})(?:\*\*|__)[.!]?$/.exec(line);
    if (!m) return null;
    const statement = statusFromStatement(m[1]);
    return statement ? { status: statement.status, raw: statement.raw, source: "closing:bold" } : null;
  }
  return null;
}


export function pickStatus(o: Outline, input: ExtractInput, headingKv: KeyValue[]): StatusPick {
  const active = input.frontmatter.find((p) => p.key === "active" && /^(?:true|yes)$/i.test(p.value));
  const candidates = [
    ...input.frontmatter.filter((p) => KEYS.status.test(p.key)),
    ...[...input.pairs, ...headingKv].filter((p) => KEYS.status.test(p.key) && describesFile(o, p)).sort((a, b) => a.line - b.line),
  ];
  // a raw value with no normal form ("Ready to resume anytime") is kept, unless a plainer statement follows
  let raw: StatusPick | null = null;
  const found = (p: StatusPick): StatusPick | null => {
    if (p.status) return p;
    raw ??= p;
    return null;
  };
  // the latest statement wins: a status label closing the file ("## Session End\n**Status:** Session 9 complete.")
  const closing = closingStatus(o, input);
  if (closing) return closing;
  // the first stated status field decides; a value with no normal form is kept raw unless a statement says more
  for (const p of candidates) {
    if (isPlaceholder(p.value)) continue;
    const status = normaliseStatus(p.value);
    if (!status) continue;
    const hit = found({ status: status.status, raw: status.raw, source: pairSource(p) });
    if (hit) return hit;
    break;
  }
  if (active) return { status: "in-progress", raw: "active: true", source: pairSource(active) };
  // a phase or mode line that states where the work is ("Phase: **E2E VERIFICATION DONE** — 4/4 verified")
  for (const p of [...input.frontmatter, ...input.pairs].filter((p) => PHASE_KEY.test(p.key) && describesFile(o, p))) {
    const status = normaliseStatus(p.value.split(/\s+[—–-]\s+|[,;(]/)[0]);
    if (status?.status) return { status: status.status, raw: p.value.slice(0, 120), source: pairSource(p) };
  }
  // a tag at the end of the title: "# MeetMind — Checkpoint (ALL PHASES DONE)", "# Auth rework [COMPLETE]"
  // ... or of an H1 line of a header block of '#' lines at the top ("# Session: t_1 — formatting (VERIFIED + DONE)")
  const topH1s = realHeadings(o).filter((h, i, all) => h.level === 1 && (i === 0 || (h.line <= 6 && all.slice(0, i).every((p) => p.level === 1))));
  for (const titleHeading of topH1s) {
    const tag = titleTag(titleHeading.text);
    if (tag) return { ...tag, source: "h1:tag" };
  }
  // a heading that states the status ("## ✅ IMPLEMENTATION STATUS - COMPLETE!") outranks a stale header value
  for (const h of realHeadings(o)) {
    const m = /^(?:[\p{L}\d ]{0,30}\s)?status\s*[-–—:：]\s*(.+)$/iu.exec(cleanHeading(h.text));
    const status = m ? normaliseStatus(m[1]) : null;
    if (status?.status) return { status: status.status, raw: status.raw, source: "heading:status" };
  }
  let asked = 0; // a file of a thousand "## Status" headings is asked about its first few
  for (const h of realHeadings(o)) {
    const words = cleanHeading(h.text).toLowerCase();
    if (KEYS.status.test(words) && !raw && ++asked <= 20) {
      const first = sectionFirstLine(o, h);
      if (first?.startsWith("|")) continue; // a table of per-item states, not the file's
      // a section that opens with other labels ("**Last activity**: ...") states no status in its first line
      if (first && /^(?:\*\*|__)?[\p{L} ]{1,30}(?:\*\*|__)?\s*[:：]/u.test(first) && !KEYS.status.test(first.split(/[:：]/)[0].replace(/[*_]/g, "").trim().toLowerCase())) continue;
      const status = first && !isPlaceholder(first) ? normaliseStatus(first) : null;
      const hit = status && found({ status: status.status, raw: status.raw, source: `section:${words.replace(/\s+/g, "-")}` });
      if (hit) return hit;
    }
  }
  for (const h of realHeadings(o)) {
    const words = cleanHeading(h.text);
    if (h.level > 1 && DONE_HEADING.test(words)) return { status: "completed", raw: words, source: "heading:statement" };
    if (!STATEMENT_HEADING.test(words) || ++asked > 40) continue;
    const value = headingPairs(h.text, h.line)[0]?.value;
    const lead = sectionLead(o, h);
    // a section that opens with a task ("[ ] Close-out ← you are here") lists work, it states no status
    if (!value && lead && /^\s*(?:[-*+]\s+)?\[[ xX]\]/.test(lead)) continue;
    const statement = statusFromStatement([value, lead].filter(Boolean).join(" "));
    if (statement) return { status: statement.status, raw: statement.raw, source: `statement:${words.toLowerCase().replace(/\s+/g, "-").slice(0, 40)}` };
  }
  // a closing line in bold that says the work is done ("**Sealed: the operation completed successfully.**"): the
  // latest statement on the work
  const closingLine = closingBoldStatement(o);
  if (closingLine) return closingLine;
  // the opening paragraph under the title ("The migration is **COMPLETE**.")
  // the opening paragraph under the title, or of a leading context / summary section ("The migration is **COMPLETE**.")
  const headings = realHeadings(o);
  const h1 = headings.find((h) => h.level === 1);
  const summary = headings.find((h) => h.level > 1 && /^(?:(?:quick|short|brief|executive|session|status)\s+)?(?:context|summary|overview|tl;?dr)$/i.test(cleanHeading(h.text)));
  for (const h of [h1, summary]) {
    if (!h || raw) continue;
    const statement = statusFromStatement(sectionLeadUntilHeading(o, h));
    if (statement) return { status: statement.status, raw: statement.raw, source: h === h1 ? "statement:opening" : "statement:summary" };
  }
  if (!headings.length && !raw) {
    // a note with no heading at all: its first paragraph is its statement ("plan 08 … in progress.")
    const statement = statusFromStatement(sectionLeadUntilHeading(o, { line: -1, level: 0, text: "" } as OutlineHeading));
    if (statement) return { status: statement.status, raw: statement.raw, source: "statement:opening" };
  }
  return raw ?? { status: null, raw: null, source: null };
}


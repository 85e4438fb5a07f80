/**
 * The extraction layer every Markdown family shares: title, date, status, branch, commit and project out of
 * frontmatter keys and their synonyms, bold labels, `key: value` lines, blockquote metadata, key/value tables,
 * headings that carry a value (`## Status: DONE`, `## Working on: X`, a date in the H1) and a few sentence shapes
 * (`git checkout X`, `main @ abc1234`, `HEAD should be abc1234`). Every value keeps where it came from.
 */
import type { DateSource, Status } from "./types";
import { canonicalHeading, cleanHeading } from "./heuristics/headings";
import { findDate, dateFromPath, type WrittenDate } from "./heuristics/dates";
import { branchAtSha, branchFromProse, branchFromTitle, branchFromValue, isPlaceholder, shaFromProse, shaFromValue } from "./heuristics/fields";
import { headingPairs, KEYS, pairSource, type KeyValue } from "./heuristics/keyvalue";
import { sectionEnd, type Outline, type OutlineHeading } from "./heuristics/markdown";
import { normaliseStatus, statusFromStatement } from "./heuristics/status";
import { squash, stripInlineMarkdown } from "./heuristics/text";
import { wordsPattern } from "./heuristics/words";

export interface ExtractedFields {
  title: string | null;
  status: Status | null;
  statusRaw: string | null;
  branch: string | null;
  headSha: string | null;
  savedAt: string | null;
  savedAtSource: DateSource | null;
  /** The save day as written (YYYY-MM-DD in the file's own zone). */
  savedDay: string | null;
  project: string | null;
  /** Where each value came from: `{ headSha: "frontmatter:head", title: "h1" }`. */
  sources: Record<string, string>;
}

export interface ExtractInput {
  outline: Outline;
  /** Pairs of the body (code fences already skipped). */
  pairs: KeyValue[];
  /** Pairs of the frontmatter, tried before the body. */
  frontmatter: KeyValue[];
  path: string;
}

/**
 * Exactly these labels are dropped from the front of a title ("Checkpoint: X" -> "X"), and only when what follows
 * names the work: a date alone is no title ("Session Handoff: 2025-11-06" stays whole); other labels are kept.
 */
const TITLE_LABEL = /^(?:checkpoint|handoff|working on|session handoff)\s*[:：]\s+(?=\S)/i;
const ONLY_A_DATE = /^[\d\s./:-]+$/;
/** Headings whose value is the work itself (`## Working on: Checkout rework`). */
const WORK_KEYS = /^(?:working on|current task|task|goal|objective|focus|current focus|active task|current work|mission)$/;
/** Headings that state the saved work's current state or task. */
const STATEMENT_HEADING = /current (?:task|state|status|work|focus)|currently working on|^in progress$|現在作業中|作業中の(?:タスク|内容)|where (?:we|things|the project) (?:are|stand|left off)|project stands|state of (?:play|the work)|next action|지금 작업|현재 (?:상태|작업)|現在の(?:作業|状態|タスク)|当前(?:状态|任务)|estado actual|estado atual|état actuel|aktueller stand|stato attuale|текущ(?:ее|ая) (?:состояние|задача)|trạng thái hiện tại/i;
const RECENT_COMMITS = /recent commits|latest commits|last commits|últimos commits|ultimos commits|letzte commits|commits? recentes|derniers commits|最近のコミット|最近的提交|최근 커밋|git log/i;
/** Sentence shapes are looked for only in lines of ordinary length. */
const MAX_PROSE_LINE = 2000;
/** How far down a header label may sit and still describe the whole file. */
const HEADER_LINES = 80;

/** A heading as a title: plain words, without one of the exact template labels. */
export function titleText(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = squash(stripInlineMarkdown(text));
  const stripped = plain.replace(TITLE_LABEL, "");
  return (stripped && !ONLY_A_DATE.test(stripped) ? stripped : plain).slice(0, 300) || null;
}

const realHeadings = (o: Outline) => o.headings.filter((h) => !h.pseudo);

/** Pairs every heading carries, in document order. */
function allHeadingPairs(o: Outline): KeyValue[] {
  return realHeadings(o).flatMap((h) => headingPairs(h.text, h.line));
}

/** The first text line of a heading's section (for `## Branch` / `## Status` followed by the value). */
function sectionFirstLine(o: Outline, heading: OutlineHeading): string | null {
  const index = o.headings.indexOf(heading);
  const end = sectionEnd(o, index);
  for (let l = heading.line + 1; l < end; l++) {
    if (o.inCode[l]) continue;
    const line = o.lines[l].trim();
    if (line) return line.replace(/^(?:[-*+>]|\d+[.)])\s+/, "");
  }
  return null;
}

/** The first paragraph of a section, up to three lines. */
function sectionLead(o: Outline, heading: OutlineHeading): string {
  const index = o.headings.indexOf(heading);
  const end = sectionEnd(o, index);
  const out: string[] = [];
  for (let l = heading.line + 1; l < end && out.length < 3; l++) {
    if (o.inCode[l]) continue;
    const line = o.lines[l].trim();
    if (!line) {
      if (out.length) break;
      continue;
    }
    if (/^#/.test(line) || /^\|/.test(line)) break;
    out.push(line.replace(/^(?:[-*+>]|\d+[.)])\s+/, ""));
  }
  return out.join(" ");
}

function pickTitle(o: Outline, frontmatter: KeyValue[], headingKv: KeyValue[]): { value: string | null; source: string | null } {
  const h1s = realHeadings(o).filter((h) => h.level === 1);
  // an identifier H1 ("tool:checkpoint:proj:20260701-0900") wrapping a document with a worded H1 gives way to it
  const idLike = (h: OutlineHeading) => /^\S+$/.test(h.text.trim()) && /[:\d]/.test(h.text) && /[:_]/.test(h.text);
  const h1 = h1s.length > 1 && idLike(h1s[0]) ? h1s.find((h) => !idLike(h)) ?? h1s[0] : h1s[0];
  if (h1) return { value: titleText(h1.text), source: "h1" };
  const fm = frontmatter.find((p) => KEYS.title.test(p.key) && !isPlaceholder(p.value));
  if (fm) return { value: titleText(fm.value), source: pairSource(fm) };
  const work = headingKv.find((p) => WORK_KEYS.test(p.key) && !isPlaceholder(p.value));
  if (work) {
    // the value after the label, whole: "## Working on: X — Plan Complete" is "X — Plan Complete"
    const heading = realHeadings(o).find((h) => h.line === work.line);
    const whole = heading ? /[:：]\s*(.+)$/.exec(heading.text.slice(heading.text.toLowerCase().indexOf(work.key.split(" ")[0]))) : null;
    return { value: titleText(whole?.[1] ?? work.value), source: `heading:${work.key.replace(/\s+/g, "-")}` };
  }
  for (const h of realHeadings(o)) {
    const words = cleanHeading(h.text);
    if (!/\p{L}{2,}/u.test(words) || /^\[[^\]]*\]/.test(h.text.trim()) || canonicalHeading(h.text)) continue;
    if (/^(?:overview|summary|notes?|context|introduction|intro|background|details|info|misc|development notes?|log|changelog|table of contents|contents|toc)$/i.test(words)) continue;
    return { value: titleText(h.text), source: "heading" };
  }
  return { value: null, source: null };
}

interface DatePick {
  found: WrittenDate;
  source: string;
}

function pickDate(input: ExtractInput, headingKv: KeyValue[]): { date: DatePick | null; fromName: boolean } {
  const o = input.outline;
  const stamps: DatePick[] = [];
  for (const p of [...input.frontmatter, ...input.pairs, ...headingKv]) {
    if (!KEYS.date.test(p.key)) continue;
    const found = findDate(p.value);
    if (found) stamps.push({ found, source: pairSource(p) });
  }
  const h1 = realHeadings(o).find((h) => h.level === 1);
  const h1Date = h1 ? findDate(stripInlineMarkdown(h1.text)) : null;
  if (h1Date) stamps.push({ found: h1Date, source: "h1" });
  for (const h of realHeadings(o)) {
    if (h === h1) continue;
    // log entries start with their date ("## 2026-04-01 — CI", "## Session 24.06.2025"); paths do not count
    const lead = stripInlineMarkdown(h.text).slice(0, 40);
    if (/[/\w]-?\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2}[-\w]*\//.test(lead)) continue;
    const found = findDate(lead);
    if (found && found.index <= 20) stamps.push({ found, source: "heading:entry" });
    else {
      // an entry heading that ends with its date: "## Phase 49 — fog pass (2026-08-02)"
      const tail = /[([]\s*(\d{4}-\d{2}-\d{2})\s*[)\]]\s*$/.exec(stripInlineMarkdown(h.text));
      const dated = tail ? findDate(tail[1]) : null;
      if (dated) stamps.push({ found: dated, source: "heading:entry" });
    }
  }
  if (stamps.length) return { date: stamps.reduce((best, s) => (s.found.iso > best.found.iso ? s : best)), fromName: false };
  for (const p of [...input.frontmatter, ...input.pairs]) {
    if (!KEYS.started.test(p.key)) continue;
    const found = findDate(p.value);
    if (found) return { date: { found, source: pairSource(p) }, fromName: false };
  }
  for (let l = 0; l < o.lines.length; l++) {
    if (o.inCode[l]) continue;
    if (o.lines[l].length > MAX_PROSE_LINE) continue;
    // paths and code spans hold dates that are not the save's ("docs/2026-05-01-plan.md")
    const text = o.lines[l]
      .replace(/`[^`]*`/g, " ")
      .split(/\s+/)
      .filter((token) => !token.includes("/") || /^\d{1,2}\/\d{1,2}\/\d{4}[,.]?$/.test(token))
      // so does a list of files ("- 2026-06-14-supplier-closeout.md: …"): each item is another file's date
      // and a file's name anywhere ("See 2026-09-24-plan08.md: …"): it dates that file, not this one
      .filter((token) => !/^\W*\d{4}-\d{2}-\d{2}[-_.\w]*\.(?:md|markdown|html?|txt|json|ya?ml)\W*$/i.test(token))
      .join(" ");
    const found = findDate(text);
    if (found) return { date: { found, source: "text" }, fromName: false };
  }
  const iso = dateFromPath(input.path);
  return iso ? { date: { found: { iso, day: iso.slice(0, 10), index: 0 }, source: "filename" }, fromName: true } : { date: null, fromName: false };
}

/** A heading that is itself a closing statement: "Session Complete - all saved", "Project Complete!", "完了". */
const DONE_HEADING = /^(?:the\s+)?(?:session|project|work|task|sprint|milestone|implementation|migration|phase \d+|all (?:phases|tasks|work|steps)|everything)\s+(?:is\s+)?(?:complete|completed|done|finished)\b(?![-\w])/i;
/** Sections whose labels describe the whole file (not one item of a list). */
const FILE_LEVEL_SECTION = /status|state|current|update|metadata|meta|summary|overview|info|header|session|handoff|checkpoint|context|stand|estado|état|状態|상태|状态/i;

/** Labels for the stage the work is at, read as its status when their value is a status word. */
const PHASE_KEY = KEYS.phase;
/** A status or state word in a heading (any language of the vocabulary). */
const STATE_WORDS = wordsPattern("statusLabels");

/** A short status tag closing a title: "(TÜM FAZLAR TAMAMLANDI)", "[DONE]", "— COMPLETE". */
function titleTag(heading: string): Omit<StatusPick, "source"> | null {
  const plain = squash(stripInlineMarkdown(heading));
  const m = /[([]\s*([^()[\]]{2,60})\s*[)\]]\s*$/.exec(plain) ?? /\s[—–-]\s+([^—–-]{2,60})$/.exec(plain);
  if (!m || m[1].trim().split(/\s+/).length > 4) return null;
  const status = normaliseStatus(m[1]);
  return status?.status === "completed" || status?.status === "in-progress" ? { status: status.status, raw: status.raw } : null;
}

type StatusPick = { status: Status | null; raw: string | null; source: string | null };

function pickStatus(o: Outline, input: ExtractInput, headingKv: KeyValue[]): StatusPick {
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
  const titleHeading = realHeadings(o).find((h) => h.level === 1);
  const tag = titleHeading ? titleTag(titleHeading.text) : null;
  if (tag) return { ...tag, source: "h1:tag" };
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
    const statement = statusFromStatement([value, sectionLead(o, h)].filter(Boolean).join(" "));
    if (statement) return { status: statement.status, raw: statement.raw, source: `statement:${words.toLowerCase().replace(/\s+/g, "-").slice(0, 40)}` };
  }
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

/** Is a label about the whole file: in the header (before the first section), or in a status / metadata section? */
function describesFile(o: Outline, p: KeyValue): boolean {
  if (p.style === "frontmatter") return true;
  if (p.line >= HEADER_LINES || /^\s{2,}/.test(o.lines[p.line] ?? "")) return false;
  if (p.style === "heading") return true;
  let enclosing: OutlineHeading | null = null;
  for (const h of o.headings) {
    if (h.line >= p.line) break;
    if (!h.pseudo) enclosing = h;
  }
  return !enclosing || enclosing.level === 1 || FILE_LEVEL_SECTION.test(cleanHeading(enclosing.text));
}

/** The first paragraph right under a heading, stopping at the next heading of any level. */
function sectionLeadUntilHeading(o: Outline, heading: OutlineHeading): string {
  const out: string[] = [];
  for (let l = heading.line + 1; l < o.lines.length && out.length < 4; l++) {
    if (o.headings.some((h) => h.line === l)) break;
    if (o.inCode[l]) continue;
    const line = o.lines[l].trim();
    if (!line) {
      if (out.length) break;
      continue;
    }
    // metadata lines are fields, not statements
    if (/^(?:[-*+>]\s+)?(?:\*\*|__)?[\p{L} ]{1,30}(?:\*\*|__)?\s*[:：]/u.test(line)) continue;
    out.push(line);
  }
  return out.join(" ");
}

/** The first commit hash listed under a "Recent commits" heading or label (fences included: it is git's output). */
function recentCommitsSha(o: Outline): string | null {
  const headingByLine = new Map<number, OutlineHeading>();
  for (const h of o.headings) if (!headingByLine.has(h.line)) headingByLine.set(h.line, h); // the first, as find() gave
  for (let l = 0; l < o.lines.length; l++) {
    const line = o.lines[l];
    const heading = headingByLine.get(l);
    const isLabel = !heading && /^\s*(?:[-*+]\s+)?(?:\*\*|__)?[^:*]{0,40}(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/.test(line) && RECENT_COMMITS.test(line);
    if (!(heading && RECENT_COMMITS.test(heading.text)) && !isLabel) continue;
    for (let k = l + 1; k < Math.min(o.lines.length, l + 12); k++) {
      const text = o.lines[k].trim();
      if (!text || /^(?:```|~~~)/.test(text)) continue;
      const m = /^(?:[-*+]\s+|\d+[.)]\s+)?`?([0-9a-f]{7,40})\b/i.exec(text);
      return m && shaFromValue(m[1]) ? m[1] : null;
    }
  }
  return null;
}

/** Read every field the body states. */
export function extractFields(input: ExtractInput): ExtractedFields {
  const o = input.outline;
  const sources: Record<string, string> = {};
  const headingKv = allHeadingPairs(o);
  const bodyPairs = [...input.pairs, ...headingKv].sort((a, b) => a.line - b.line);

  const title = pickTitle(o, input.frontmatter, headingKv);
  if (title.value && title.source) sources.title = title.source;

  const { date } = pickDate(input, headingKv);
  if (date) sources.savedAt = date.source;

  const status = pickStatus(o, input, headingKv);
  if (status.source) sources.status = status.source;

  let branch: string | null = null;
  let headSha: string | null = null;
  for (const p of [...input.frontmatter, ...bodyPairs.filter((p) => p.line < HEADER_LINES), ...bodyPairs.filter((p) => p.line >= HEADER_LINES)]) {
    if (!branch && KEYS.branch.test(p.key)) {
      branch = branchFromValue(p.rawValue);
      if (branch) sources.branch = pairSource(p);
    }
    // "HEAD:" / "Last commit:" anywhere near the top; a bare "Commit:" only where it describes the whole file
    const bare = KEYS.commit.test(p.key);
    if (!headSha && RECENT_COMMITS.test(p.key) && p.line < HEADER_LINES) {
      // "**Recent commits:** `4bc062d` gitignore · `728d712` docs": the first listed is where HEAD was
      headSha = shaFromValue(p.rawValue.split(/[·,;|]/)[0]);
      if (headSha) sources.headSha = pairSource(p);
    }
    // an explicit HEAD label counts anywhere ("**HEAD**: `6584896`" under a late "## Branch Status")
    if (!headSha && KEYS.head.test(p.key) && (p.style === "frontmatter" || (!bare && p.style !== "table") || (p.line < HEADER_LINES && describesFile(o, p)))) {
      headSha = shaFromValue(p.value, { labelled: true });
      if (headSha) sources.headSha = pairSource(p);
    }
  }
  if (!branch) {
    const h1 = realHeadings(o).find((h) => h.level === 1);
    branch = h1 ? branchFromTitle(h1.text) : null;
    if (branch) sources.branch = "h1";
  }
  if (!branch) {
    const h = realHeadings(o).find((x) => KEYS.branch.test(cleanHeading(x.text).toLowerCase()));
    const first = h ? sectionFirstLine(o, h) : null;
    branch = first ? branchFromValue(first) : null;
    if (branch) sources.branch = "section:branch";
  }
  for (let l = 0; l < o.lines.length && (!branch || !headSha); l++) {
    if (o.inCode[l] || o.lines[l].length > MAX_PROSE_LINE || !o.lines[l].includes("@")) continue;
    const at = branchAtSha(o.lines[l]);
    if (at && l < HEADER_LINES) {
      if (!branch && at.branch) {
        branch = at.branch;
        sources.branch = "text:branch-at-sha";
      }
      if (!headSha) {
        headSha = at.sha;
        sources.headSha = "text:branch-at-sha";
      }
    }
  }
  if (!headSha) {
    // a state heading that names its commit: "## Stato MVP (commit 67fffb1)", "## Current state @ abc1234"
    for (const h of realHeadings(o)) {
      if (!STATE_WORDS.test(cleanHeading(h.text)) && canonicalHeading(h.text) !== "state") continue;
      const m = /\bcommit\s*[:=]?\s*`?([0-9a-f]{7,40})\b/i.exec(stripInlineMarkdown(h.text));
      if (m && shaFromValue(m[1])) {
        headSha = m[1];
        sources.headSha = "heading:state";
        break;
      }
    }
  }
  if (!headSha) {
    headSha = recentCommitsSha(o);
    if (headSha) sources.headSha = "section:recent-commits";
  }
  for (let l = 0; l < o.lines.length && (!branch || !headSha); l++) {
    if (o.inCode[l] || o.lines[l].length > MAX_PROSE_LINE) continue;
    if (!branch) {
      branch = branchFromProse(o.lines[l]);
      if (branch) sources.branch = "text:prose";
    }
    if (!headSha) {
      headSha = shaFromProse(o.lines[l]);
      if (headSha) sources.headSha = "text:prose";
    }
  }

  const project = input.pairs.find((p) => p.line < 60 && KEYS.project.test(p.key) && p.value && !isPlaceholder(p.value))?.value ?? null;
  return {
    title: title.value,
    status: status.status,
    statusRaw: status.raw,
    branch,
    headSha,
    savedAt: date?.found.iso ?? null,
    savedAtSource: date ? (date.source === "filename" ? "filename" : "content") : null,
    savedDay: date?.found.day ?? null,
    project,
    sources,
  };
}

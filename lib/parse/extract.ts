/**
 * The extraction layer every Markdown family shares: title, date, status, branch, commit and project out of
 * frontmatter keys and their synonyms, bold labels, `key: value` lines, blockquote metadata, key/value tables,
 * headings that carry a value (`## Status: DONE`, `## Working on: X`, a date in the H1) and a few sentence shapes
 * (`git checkout X`, `main @ abc1234`, `HEAD should be abc1234`). Every value keeps where it came from.
 */
import type { DateSource, Status } from "./types";
import { canonicalHeading, cleanHeading } from "./heuristics/headings";
import { findDate, dateFromPath, type WrittenDate } from "./heuristics/dates";
import { isPlaceholder } from "./heuristics/fields";
import { KEYS, pairSource, type KeyValue } from "./heuristics/keyvalue";
import type { Outline, OutlineHeading } from "./heuristics/markdown";
import { squash, stripInlineMarkdown } from "./heuristics/text";
import { allHeadingPairs, MAX_PROSE_LINE, realHeadings, type ExtractInput } from "./extract-outline";
import { pickStatus } from "./extract-status";
import { pickBranchAndSha } from "./extract-commit";

export type { ExtractInput } from "./extract-outline";

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


/**
 * Exactly these labels are dropped from the front of a title ("Checkpoint: X" -> "X"), and only when what follows
 * names the work: a date alone is no title ("Session Handoff: 2025-11-06" stays whole); other labels are kept.
 */
const TITLE_LABEL = /^(?:checkpoint|handoff|working on|session handoff)\s*[:：]\s+(?=\S)/i;
const ONLY_A_DATE = /^[\d\s./:-]+$/;
/** Headings whose value is the work itself (`## Working on: Checkout rework`). */
const WORK_KEYS = /^(?:working on|current task|task|goal|objective|focus|current focus|active task|current work|mission)$/;

/** A heading as a title: plain words, without one of the exact template labels. */
export function titleText(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = squash(stripInlineMarkdown(text));
  const stripped = plain.replace(TITLE_LABEL, "");
  return (stripped && !ONLY_A_DATE.test(stripped) ? stripped : plain).slice(0, 300) || null;
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

  const { branch, headSha } = pickBranchAndSha(o, input, bodyPairs, sources);

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

/**
 * The one task rule, for every Markdown family:
 * 1. when the file has any real checkbox outside code fences, HTML comments and <style>/<script>, the tasks are
 *    exactly its checkboxes (done when checked);
 * 2. otherwise they are the top-level items of its remaining-work / next-steps sections, all open, each counted once;
 * 3. otherwise there are none.
 */
import type { ParsedTask } from "../types";
import { cleanHeading } from "./headings";
import { findDate } from "./dates";
import { sectionEnd, type Outline } from "./markdown";
import { stripInlineMarkdown } from "./text";
import { dedupeTasks, openItem, readCheckbox, readListItem } from "./tasks";
import { wordsPattern } from "./words";

/**
 * Sections that hold work still to do: the vocabulary table's remaining-work and next-steps headings in every
 * language, plus English heading shapes (a word alone, or a word and what follows it).
 */
const REMAINING_SHAPES =
  /next\b.*\b(?:steps?|actions?|tasks?|moves?|session|priorit)|^next$|^next up\b|^up next\b|^pending\b|^(?:(?:active|open|current)\s+)?to[ -]?dos?\b(?!\s+(?:os|as|los|las|les|de|del|da|do|mis|meus|nuestros)\b)|^todo\b|^planned\b|^open$|\bopen\b(?:\s+\S+)?\s+(?:items|tasks|work|points|todos|threads)\b|^start (?:by|here)\b|^immediate\b|^offen|^next\s*[:：]\s*\S/i;
/** "Next" opening a heading in the languages that put it first ("Próximas fronteiras", "Siguientes pasos", "Prochaines tâches"). */
const NEXT_FIRST = /^(?:próxim[oa]s?|proxim[oa]s?|siguientes?|prochaine?s?|nächste[nrs]?|volgende|prossim[oaie])\s+\p{L}/iu;
const REMAINING_WORDS = wordsPattern(["remainingHeadings", "nextStepsHeadings"]);
const REMAINING_WORK = { test: (h: string) => REMAINING_SHAPES.test(h) || NEXT_FIRST.test(h) || REMAINING_WORDS.test(h) };
/** Look like remaining work, but are not: deferred work, summaries, problems, questions, decisions, procedures, history. */
const NOT_REMAINING_SHAPES = /uncertaint/i;
const NOT_REMAINING_WORDS = wordsPattern(["notTaskHeadings", "questionHeadings"]);
const NOT_REMAINING_WORK = { test: (h: string) => NOT_REMAINING_SHAPES.test(h) || NOT_REMAINING_WORDS.test(h) };

const NOT_YET = /\bnot\s+yet\s+(?:done|implemented|finished|built|started|complete)\b|\b(?:still\s+)?(?:undone|unfinished)\b/i;

/** Does a heading name remaining work? Each part of a combined heading ("Known issues / Future work") is weighed alone. */
export function isRemainingWorkHeading(heading: string): boolean {
  const h = cleanHeading(heading);
  if (!h) return false;
  // "What's not yet done", "Not yet implemented": work left, whatever done word it holds
  if (NOT_YET.test(h)) return true;
  // "Next step — ⚠ awaiting the user's decision": the part before a dash is weighed alone as well
  return h.split(/\s+(?:\/|&|\+|and|und|et|y|e|—|–|-)\s+|\s*\/\s*/i).some((part) => REMAINING_WORK.test(part) && !NOT_REMAINING_WORK.test(part));
}

/** A sub-heading that is an item itself (`### 1. Fix X`, `### P1: ship`), not a category (`### High priority`). */
function isItemHeading(text: string): boolean {
  return /^\s*(?:\d+[.):]|\d+\s+[-–—]|[Pp]\d+\b|#\d+\b|(?:step|task|item|todo)\s+\d+)/i.test(text);
}

/** Headings of open questions ("Open Questions", "Blockers / Open questions", "Offene Fragen"): their items ask, they are not work. */
const QUESTIONS = wordsPattern("questionHeadings");

export function isQuestionsHeading(heading: string): boolean {
  const h = cleanHeading(heading);
  return !!h && QUESTIONS.test(h) && !isRemainingWorkHeading(h);
}

/**
 * All real checkboxes of the body, except those of an open-questions section: a question ("Who owns the
 * migration?") written with a box is still a question, not remaining work.
 */
function checkboxes(o: Outline): ParsedTask[] {
  const found: ParsedTask[] = [];
  const questionLines = new Set<number>();
  o.headings.forEach((h, index) => {
    if (!isQuestionsHeading(h.text)) return;
    for (let l = h.line + 1; l < sectionEnd(o, index); l++) questionLines.add(l);
  });
  o.lines.forEach((line, i) => {
    if (o.inCode[i] || questionLines.has(i)) return;
    const box = readCheckbox(line);
    if (box) found.push(box);
  });
  return found;
}

/** Top-level items of one remaining-work section (sub-headings that are items count once, their bodies not at all). */
function sectionItems(o: Outline, index: number, headingLines: Set<number>): ParsedTask[] {
  const head = o.headings[index];
  const end = sectionEnd(o, index);
  const subs: typeof o.headings = [];
  for (let i = index + 1; i < o.headings.length && o.headings[i].line < end; i++) if (!o.headings[i].pseudo) subs.push(o.headings[i]);
  const itemSubs = subs.filter((h) => isItemHeading(h.text));
  // a lone sub-heading is an item ("### Wire the exporter"), unless it names a category or a section that is not work ("### Open questions")
  const singleTaskHeading =
    subs.length === 1 && !/priorit|phase|stage|optional|later|short|long|term|high|medium|low|must|should|could|nice/i.test(subs[0].text) && !NOT_REMAINING_WORK.test(cleanHeading(subs[0].text));
  const asItems = itemSubs.length > 0 && itemSubs.length === subs.length ? itemSubs : singleTaskHeading ? subs : [];
  const skipped = new Set<number>();
  // a questions sub-section inside the list of work asks, it does not add work; known bugs or decisions beside
  // the outstanding work ("## Outstanding" > "### Known bugs") are not work either
  for (const sub of subs) {
    const text = cleanHeading(sub.text);
    if (!isQuestionsHeading(sub.text) && !(NOT_REMAINING_WORK.test(text) && !isRemainingWorkHeading(text))) continue;
    const i = o.headings.indexOf(sub, index);
    for (let l = sub.line; l < sectionEnd(o, i); l++) skipped.add(l);
  }
  const items: Array<{ line: number; task: ParsedTask }> = [];
  for (const sub of asItems) {
    const i = o.headings.indexOf(sub, index);
    for (let l = sub.line; l < sectionEnd(o, i); l++) skipped.add(l);
    const t = openItem(cleanHeading(sub.text) || sub.text);
    if (t) items.push({ line: sub.line, task: t });
  }
  const listLines: Array<{ line: number; indent: number; text: string }> = [];
  for (let l = head.line + 1; l < end; l++) {
    if (o.inCode[l] || skipped.has(l) || headingLines.has(l)) continue;
    const item = readListItem(o.lines[l]);
    if (item) listLines.push({ line: l, ...item });
  }
  const top = Math.min(...listLines.map((i) => i.indent));
  // a list of bold labels with their values ("- **Canvas**: 1024px") beside ordinary items describes, it is not work
  const described = describingLists(o, listLines.filter((i) => i.indent === top));
  for (const item of listLines) {
    if (item.indent !== top || described.has(item.line)) continue;
    const t = openItem(item.text);
    if (t) items.push({ line: item.line, task: t });
  }
  return items.sort((a, b) => a.line - b.line).map((i) => i.task);
}

const LABEL_ITEM = /^(?:\*\*|__)[^*_]{1,40}(?:[:：](?:\*\*|__)|(?:\*\*|__)\s*[:：])\s*\S/;

/** Lines of the lists (runs of items with no other text between) whose every item is a bold label and its value, when another list is not. */
function describingLists(o: Outline, items: Array<{ line: number; text: string }>): Set<number> {
  const runs: Array<typeof items> = [];
  for (const item of items) {
    const last = runs[runs.length - 1];
    const prev = last?.[last.length - 1];
    const joined = prev && o.lines.slice(prev.line + 1, item.line).every((l) => !l.trim() || /^\s+/.test(l));
    if (joined) last.push(item);
    else runs.push([item]);
  }
  const labelled = runs.filter((run) => run.every((i) => LABEL_ITEM.test(i.text)));
  if (!labelled.length || labelled.length === runs.length) return new Set();
  return new Set(labelled.flat().map((i) => i.line));
}

/** Does the text hold a `[...]` (a `[` with a `]` after it)? Two searches, not `/\[[^\]]*\]/` read from every `[`. */
function bracketed(text: string): boolean {
  const open = text.indexOf("[");
  return open >= 0 && text.indexOf("]", open + 1) > 0;
}

/**
 * In a log of dated entries (dated headings, or `Date:` stamps), the lines of the newest entry: older entries'
 * remaining work is not counted. Null when the file is not such a log.
 */
function newestEntrySpan(o: Outline): { from: number; to: number; level: number } | null {
  const marks: Array<{ line: number; iso: string; level: number }> = [];
  for (const h of o.headings) {
    if (h.pseudo || h.level === 1) continue;
    const found = findDate(stripInlineMarkdown(h.text).slice(0, 48));
    if (found && !bracketed(h.text)) marks.push({ line: h.line, iso: found.iso, level: h.level });
  }
  if (marks.length < 2) {
    marks.length = 0;
    o.lines.forEach((line, i) => {
      if (o.inCode[i]) return;
      const m = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?:date|datum|fecha|data|дата|日付|날짜)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.+)$/i.exec(line);
      const found = m ? findDate(m[1]) : null;
      if (found) marks.push({ line: i, iso: found.iso, level: 7 });
    });
  }
  if (marks.length < 2 || new Set(marks.map((m) => m.iso)).size < 2) return null;
  const newest = marks.reduce((best, m) => (m.iso > best.iso ? m : best));
  const next = marks.find((m) => m.line > newest.line && m.level <= newest.level);
  return { from: newest.line, to: next?.line ?? o.lines.length, level: newest.level };
}

/** A heading that opens with a done word: "Completed Work", "✅ Done this session", "완료된 작업". */
const DONE_REPORT = new RegExp(`^${wordsPattern("done").source}`, "iu");

/**
 * Is the heading a sub-section of a report of finished work ("## Completed Work" > "### Not fixed (deferred)")? A
 * bold label ("**Next:**") inside a summary, a decisions or a done section is that section's, not a list of work.
 */
function underDoneSection(o: Outline, index: number): boolean {
  const self = o.headings[index];
  const level = self.level;
  for (let i = index - 1; i >= 0; i--) {
    const h = o.headings[i];
    if (h.pseudo || h.level >= level) continue;
    const text = cleanHeading(h.text);
    return DONE_REPORT.test(text) || (self.pseudo === true && NOT_REMAINING_WORK.test(text) && !isRemainingWorkHeading(text));
  }
  return false;
}

/** Items of every remaining-work section, outermost sections only, each item once (in a log, the newest entry's). */
function remainingWork(o: Outline): ParsedTask[] {
  const items: ParsedTask[] = [];
  const span = newestEntrySpan(o);
  const headingLines = new Set(o.headings.filter((h) => !h.pseudo).map((h) => h.line));
  let coveredUntil = -1;
  o.headings.forEach((h, index) => {
    // the H1 is the title, never a section of remaining work
    if (h.level === 1 || h.line < coveredUntil || !isRemainingWorkHeading(h.text) || underDoneSection(o, index)) return;
    // outside the newest entry, only a section of the document itself counts: an undated heading at the dated
    // headings' own level or above ("## Outstanding work" beside "## Recent fixes (date)" sections), never a list
    // nested in an older entry (nor anything in a log whose entries are marked by `Date:` lines)
    if (span && (h.line < span.from || h.line >= span.to) && !(span.level < 7 && h.level <= span.level && !findDate(stripInlineMarkdown(h.text)))) return;
    coveredUntil = sectionEnd(o, index);
    items.push(...sectionItems(o, index, headingLines));
  });
  return dedupeTasks(items);
}

/** The tasks of a Markdown body by the one task rule (an empty list when it has none). */
export function tasksByRule(o: Outline): ParsedTask[] {
  const boxes = checkboxes(o);
  return boxes.length > 0 ? boxes : remainingWork(o);
}

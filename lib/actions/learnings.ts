import "server-only";
/** Candidate learnings of a checkpoint, and the fuzzy comparison with lines already written down. */
import { squash, stripInlineMarkdown, trimEndWhere } from "../parse/heuristics/text";
import { proseOnly } from "../parse/heuristics/prose";

export interface LearningSection {
  canonical: string | null;
  heading: string;
  text: string;
}

export interface LearningText {
  section: string;
  text: string;
}

/**
 * Sections whose bullets and sentences are durable learnings: decisions, gotchas, failed and verified
 * approaches. The session's context ("the user wants...") is about that session, not the project: not offered.
 */
const LEARNING_CANONICAL = new Set(["decisions", "gotchas", "failed", "verified"]);
/** Headings that name one even when their canonical section is another ("Blockers / Gotchas"). */
const LEARNING_HEADING = /\b(?:decisions?|gotchas?|pitfalls?|caveats?|lessons?|learn(?:ed|ings?)|insights?|failed approach(?:es)?|verified approach(?:es)?)\b/i;
const NOT_LEARNINGS = new Set(["remaining", "next-steps", "key-files", "modified-files", "done", "context", "working-on"]);
const EMPTY = /^(?:none|n\/?a|nothing|tbd|todo|-|—|no(?:ne)? (?:yet|so far))\.?$/i;
const MAX_CANDIDATES = 200;

export function isLearningSection(section: LearningSection): boolean {
  if (section.canonical && LEARNING_CANONICAL.has(section.canonical)) return true;
  return LEARNING_HEADING.test(section.heading) && !NOT_LEARNINGS.has(section.canonical ?? "");
}

/** One line, trimmed, without a list marker or checkbox, without trailing periods. */
export function terse(text: string): string {
  const line = squash(text)
    .replace(/^(?:[-*+•]|\d+[.)])\s+/, "")
    .replace(/^\[[ xX~-]\]\s+/, "")
    .trim();
  return trimEndWhere(line, (c) => c === "." || /\s/.test(c)); // `[\s.]+$` was quadratic on ". . . . x"
}

function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'`(\[])/u).map((s) => s.trim()).filter(Boolean);
}

function tableCells(line: string): string[] | null {
  if (/^\s*\|.*\|\s*$/.test(line)) return line.trim().slice(1, -1).split("|").map((c) => c.trim());
  if (line.includes(" | ")) return line.split(" | ").map((c) => c.trim()); // an HTML table row, as text
  return null;
}

/** Split a section's text into bullets (one candidate each) and paragraph sentences. */
export function splitLearnings(text: string): string[] {
  const out: string[] = [];
  let paragraph: string[] = [];
  let bullet: string | null = null;
  let fence = false;
  const flush = () => {
    if (bullet !== null) out.push(bullet);
    bullet = null;
    if (paragraph.length) out.push(...sentences(paragraph.join(" ")));
    paragraph = [];
  };
  for (const raw of proseOnly(text).split(/\r?\n/)) {
    const line = raw.trimEnd(); // linear: `/\s+$/` is quadratic on a long run of spaces inside a line
    if (/^\s*(?:`{3,}|~{3,})/.test(line)) {
      flush();
      fence = !fence;
      continue;
    }
    if (fence) continue;
    if (!line.trim() || /^\s*#{1,6}\s/.test(line) || /^\s*(?:\*\*|__)[^*_]+(?:\*\*|__):?\s*$/.test(line)) {
      flush();
      continue;
    }
    if (/^\s*([-*_])(?:\s*\1){2,}\s*$/.test(line)) {
      flush(); // a thematic break
      continue;
    }
    if (line.includes("|") && /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) {
      out.pop(); // the row above was the table's header
      continue;
    }
    const cells = tableCells(line);
    if (cells) {
      flush();
      out.push(cells.filter(Boolean).join(" — "));
      continue;
    }
    const item = /^(\s*)(?:[-*+•]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      bullet = item[2];
      continue;
    }
    if (bullet !== null && /^\s+\S/.test(line)) bullet += ` ${line.trim()}`;
    else {
      if (bullet !== null) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out;
}

/** The candidate learnings of a checkpoint's sections, in order, each once. */
export function extractLearnings(sections: LearningSection[]): LearningText[] {
  const seen = new Set<string>();
  const out: LearningText[] = [];
  for (const section of sections) {
    if (!isLearningSection(section)) continue;
    for (const piece of splitLearnings(section.text)) {
      const text = terse(piece);
      const key = normaliseLearning(text);
      if (text.length < 12 || key.split(" ").length < 3 || EMPTY.test(text) || seen.has(key)) continue;
      seen.add(key);
      out.push({ section: squash(stripInlineMarkdown(section.heading)), text });
      if (out.length >= MAX_CANDIDATES) return out;
    }
  }
  return out;
}

/** Lower case, no Markdown, no link back to a checkpoint, no punctuation, single spaces. */
export function normaliseLearning(text: string): string {
  // the link back sits at the end: look at the end only (the expression is quadratic on long runs of spaces)
  const cut = Math.max(0, text.length - 512);
  const plain = stripInlineMarkdown(text.slice(0, cut) + text.slice(cut).replace(/\s*\(\s*\[checkpoint\]\([^)]*\)\s*\)\s*$/i, ""));
  return squash(
    plain
      .toLowerCase()
      .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, "")
      .replace(/[^\p{L}\p{N}]+/gu, " "),
  );
}

const STOP = new Set(["a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "is", "are", "be", "it", "its", "that", "this", "with", "as", "at", "by", "we", "so"]);

function tokenSet(text: string): Set<string> {
  const words = normaliseLearning(text).split(" ").filter(Boolean);
  const content = words.filter((w) => !STOP.has(w));
  return new Set(content.length ? content : words);
}

/** Token-set similarity (Dice): 1 for the same words in any order and case, 0 for nothing shared. */
export function similarity(a: string, b: string): number {
  const x = tokenSet(a);
  const y = tokenSet(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  return (2 * shared) / (x.size + y.size);
}

export const DUPLICATE_THRESHOLD = 0.8;

export interface ExistingLine {
  source: "PROJECT-NOTES.md" | "CLAUDE.md";
  /** 0-based line index in its file. */
  index: number;
  /** The line as written (without its line ending). */
  line: string;
}

/** Lines worth comparing with: not headings, not blank, not inside code fences. */
export function existingLines(text: string, source: ExistingLine["source"]): ExistingLine[] {
  const out: ExistingLine[] = [];
  let fence = false;
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    if (/^\s*(?:`{3,}|~{3,})/.test(line)) fence = !fence;
    else if (!fence && line.trim() && !/^\s*#{1,6}\s/.test(line) && normaliseLearning(line)) out.push({ source, index, line });
  });
  return out;
}

export interface DuplicateMatch extends ExistingLine {
  similarity: number;
}

/** The existing line most like the candidate, when it is a duplicate (same words; or one sentence of a longer line). */
export function findDuplicate(candidate: string, lines: ExistingLine[]): DuplicateMatch | null {
  const key = normaliseLearning(candidate);
  let best: DuplicateMatch | null = null;
  for (const existing of lines) {
    const parts = [existing.line, ...sentences(terse(existing.line))];
    for (const part of parts) {
      const same = normaliseLearning(part) === key ? 1 : similarity(candidate, part);
      if (same >= DUPLICATE_THRESHOLD && (!best || same > best.similarity)) best = { ...existing, similarity: same };
    }
  }
  return best;
}

/**
 * The existing line the text says again, once normalised (case, spacing, punctuation and Markdown markup do
 * not count): the whole line, or one sentence of it. Null when it says something new.
 */
export function findExact(text: string, lines: ExistingLine[]): ExistingLine | null {
  const key = normaliseLearning(text);
  if (!key) return null;
  for (const existing of lines) {
    if (normaliseLearning(existing.line) === key) return existing;
    if (sentences(terse(existing.line)).some((part) => normaliseLearning(part) === key)) return existing;
  }
  return null;
}

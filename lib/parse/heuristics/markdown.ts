/** A light Markdown outline: headings (ATX, setext `===`, bold pseudo-headings), code fences, sections. */
import type { ParsedSection } from "../types";
import { canonicalHeading } from "./headings";
import { squash, stripInlineMarkdown } from "./text";

export interface OutlineHeading {
  line: number;
  level: number;
  text: string;
  /** `**Decisions:**` on its own line (or with text after it): not a real Markdown heading. */
  pseudo: boolean;
  /** Text written after a bold label on the same line. */
  inlineText: string;
}

export interface Outline {
  lines: string[];
  inCode: boolean[];
  headings: OutlineHeading[];
}

const ATX_OPEN = /^ {0,3}(#{1,6})[ \t]+/;
const isBlank = (c: string | undefined) => c === " " || c === "\t";

/**
 * An ATX heading (`## Title ##`): its level and text. Read without `(.*?)(?:[ \t]+#+)?[ \t]*$`, which took time
 * quadratic in the runs of spaces of a long heading (issue 42); the same text: trailing blanks, then a closing run
 * of `#` after a blank, are not part of it.
 */
export function atxHeading(line: string): { level: number; text: string } | null {
  const open = ATX_OPEN.exec(line);
  if (!open || /[\u2028\u2029]/.test(line)) return null;
  const rest = line.slice(open[0].length);
  let end = rest.length;
  while (end > 0 && isBlank(rest[end - 1])) end--;
  let hashes = end;
  while (hashes > 0 && rest[hashes - 1] === "#") hashes--;
  if (hashes < end && hashes > 0 && isBlank(rest[hashes - 1])) {
    end = hashes;
    while (end > 0 && isBlank(rest[end - 1])) end--;
  }
  return { level: open[1].length, text: rest.slice(0, end) };
}
const BOLD_ALONE = /^\s*(?:\*\*|__)([^*_\n]{2,80}?)(?::\s*)?(?:\*\*|__)\s*:?\s*$/;
const BOLD_LABEL = /^\s*(?:\*\*|__)([^*_\n]{2,60}?)(?::\s*)?(?:\*\*|__)\s*:\s*(.+)$/;

/** Section words too generic to count as a bold pseudo-heading when text follows on the line. */
const METADATA_SECTIONS = new Set(["state", "context", "research"]);

const IGNORED_OPEN = /^\s*(<!--|<style\b|<script\b)/i;
const IGNORED_OPEN_CLOSE: Record<string, RegExp> = { "<!--": /-->/, "<style": /<\/style>/i, "<script": /<\/script>/i };

export function outline(markdown: string): Outline {
  const lines = markdown.split("\n");
  const inCode: boolean[] = [];
  const headings: OutlineHeading[] = [];
  let fence: string | null = null;
  let sawAtxBelowTitle = false;
  lines.forEach((line) => {
    if (/^ {0,3}#{2,6}\s/.test(line)) sawAtxBelowTitle = true;
  });
  // HTML comments and <style>/<script> blocks are not text: no heading, task or field comes from them
  let closing: RegExp | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!fence && (closing || IGNORED_OPEN.test(line))) {
      const open: RegExp = closing ?? IGNORED_OPEN_CLOSE[IGNORED_OPEN.exec(line)![1].toLowerCase()];
      const from: number = closing ? 0 : line.search(IGNORED_OPEN) + 4;
      closing = open.test(line.slice(from)) ? null : open;
      inCode.push(true);
      continue;
    }
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      inCode.push(true);
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      inCode.push(true);
      continue;
    }
    inCode.push(false);
    const atx = atxHeading(line);
    if (atx) {
      headings.push({ line: i, level: atx.level, text: atx.text.trim(), pseudo: false, inlineText: "" });
      continue;
    }
    if (/^=+\s*$/.test(line) && i > 0 && lines[i - 1].trim() && !inCode[i - 1] && headings[headings.length - 1]?.line !== i - 1) {
      headings.push({ line: i - 1, level: 1, text: lines[i - 1].trim(), pseudo: false, inlineText: "" });
      continue;
    }
    const alone = BOLD_ALONE.exec(line);
    if (alone && canonicalHeading(alone[1])) {
      headings.push({ line: i, level: 7, text: alone[1].trim(), pseudo: true, inlineText: "" });
      continue;
    }
    const label = BOLD_LABEL.exec(line);
    if (label && !sawAtxBelowTitle) {
      const canonical = canonicalHeading(label[1]);
      if (canonical && !METADATA_SECTIONS.has(canonical)) {
        headings.push({ line: i, level: 7, text: label[1].trim(), pseudo: true, inlineText: label[2].trim() });
      }
    }
  }
  headings.sort((a, b) => a.line - b.line);
  return { lines, inCode, headings };
}

/** Index (in `headings`) of the section a line belongs to: the nearest heading above it. */
export function headingIndexAt(o: Outline, line: number): number {
  let found = -1;
  for (let h = 0; h < o.headings.length; h++) {
    if (o.headings[h].line <= line) found = h;
    else break;
  }
  return found;
}

/** Last line (exclusive) of a heading's section: the next heading of the same or a higher level. */
export function sectionEnd(o: Outline, index: number): number {
  const own = o.headings[index];
  for (let h = index + 1; h < o.headings.length; h++) {
    const next = o.headings[h];
    if (next.level <= own.level || (own.pseudo && next.pseudo)) return next.line;
  }
  return o.lines.length;
}

/** Sections of a Markdown body, skipping the heading used as title. Text includes subsections. */
export function sectionsOf(o: Outline, titleLine: number | null): ParsedSection[] {
  const sections: ParsedSection[] = [];
  o.headings.forEach((h, index) => {
    if (h.line === titleLine) return;
    const body = o.lines.slice(h.line + 1, sectionEnd(o, index)).join("\n");
    const text = [h.inlineText, body].filter(Boolean).join("\n").trim();
    sections.push({ canonical: canonicalHeading(h.text), heading: squash(stripInlineMarkdown(h.text)), level: h.level, text });
  });
  return sections;
}

/** The first H1, or a leading heading that does not name a section. */
export function titleHeading(o: Outline): OutlineHeading | null {
  const real = o.headings.filter((h) => !h.pseudo);
  const h1s = real.filter((h) => h.level === 1);
  // An identifier-like H1 ("borg:checkpoint:x:2026...") wrapping a document with a real H1 inside.
  const h1 = h1s.find((h) => /\s/.test(h.text.trim())) ?? h1s[0];
  if (h1) return h1;
  const first = real[0];
  if (!first) return null;
  const before = o.lines.slice(0, first.line).filter((l, i) => l.trim() && !o.inCode[i]);
  if (before.length > 3) return null;
  return canonicalHeading(first.text) ? null : first;
}

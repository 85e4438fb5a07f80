/**
 * The extraction layer's view of a document's outline: its real headings, the pairs headings carry, the lines and
 * paragraphs under a heading, and whether a label describes the whole file (shared by title, status and commit).
 */
import { cleanHeading } from "./heuristics/headings";
import { headingPairs, type KeyValue } from "./heuristics/keyvalue";
import { sectionEnd, type Outline, type OutlineHeading } from "./heuristics/markdown";

export interface ExtractInput {
  outline: Outline;
  /** Pairs of the body (code fences already skipped). */
  pairs: KeyValue[];
  /** Pairs of the frontmatter, tried before the body. */
  frontmatter: KeyValue[];
  path: string;
}


/** Sentence shapes are looked for only in lines of ordinary length. */
export const MAX_PROSE_LINE = 2000;
/** How far down a header label may sit and still describe the whole file. */
export const HEADER_LINES = 80;
/** Sections whose labels describe the whole file (not one item of a list). */
const FILE_LEVEL_SECTION = /status|state|current|update|metadata|meta|summary|overview|info|header|session|handoff|checkpoint|context|stand|estado|état|状態|상태|状态/i;

export const realHeadings = (o: Outline) => o.headings.filter((h) => !h.pseudo);

/** Pairs every heading carries, in document order. */
export function allHeadingPairs(o: Outline): KeyValue[] {
  return realHeadings(o).flatMap((h) => headingPairs(h.text, h.line));
}

/** The first text line of a heading's section (for `## Branch` / `## Status` followed by the value). */
export function sectionFirstLine(o: Outline, heading: OutlineHeading): string | null {
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
export function sectionLead(o: Outline, heading: OutlineHeading): string {
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

/** Is a label about the whole file: in the header (before the first section), or in a status / metadata section? */
export function describesFile(o: Outline, p: KeyValue): boolean {
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
export function sectionLeadUntilHeading(o: Outline, heading: OutlineHeading): string {
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


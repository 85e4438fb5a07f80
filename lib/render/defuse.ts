/**
 * Markdown made safe to hand to the renderer in bounded time. micromark (remark) takes quadratic time on
 * some inline shapes (thousands of unmatched `*`, ticks of varying lengths, brackets, a table row of
 * thousands of cells) and recurses once per nesting level (a line of ten thousand `>`). A paragraph with
 * that many inline delimiters is not prose: it is shown as plain text, as written, which keeps the text and
 * the render linear. Ordinary paragraphs are left exactly as they are.
 */

/** Inline delimiters in one paragraph beyond which the paragraph is shown literally. */
export const MAX_DELIMITERS_PER_PARAGRAPH = 400;
/** Table cells (pipes) on one line beyond which the line is not a table row. */
export const MAX_PIPES_PER_LINE = 64;
/** Containers (blockquotes, list items) opened on one line beyond which the line is shown as written. */
export const MAX_QUOTE_DEPTH = 16;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;

function countDelimiters(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // * _ ` [ ] ~ < > | !
    if (c === 42 || c === 95 || c === 96 || c === 91 || c === 93 || c === 126 || c === 60 || c === 62 || c === 124 || c === 33) n++;
  }
  return n;
}

function countChar(line: string, char: string): number {
  let n = 0;
  for (let i = line.indexOf(char); i !== -1; i = line.indexOf(char, i + 1)) n++;
  return n;
}

/**
 * Containers a line opens at its start: blockquote markers and list markers (`> - 1. * >`). micromark nests
 * one level per marker and takes time far beyond linear on a line of thousands of them.
 */
function containerDepth(line: string): number {
  let depth = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "\t") {
      i++;
    } else if (c === ">") {
      depth++;
      i++;
    } else if ((c === "-" || c === "*" || c === "+") && (i + 1 === line.length || line[i + 1] === " " || line[i + 1] === "\t")) {
      depth++;
      i++;
    } else if (c >= "0" && c <= "9") {
      let j = i;
      while (j < line.length && j - i < 10 && line[j] >= "0" && line[j] <= "9") j++;
      if ((line[j] === "." || line[j] === ")") && (j + 1 === line.length || line[j + 1] === " " || line[j + 1] === "\t")) {
        depth++;
        i = j + 1;
      } else break;
    } else break;
    if (depth > MAX_QUOTE_DEPTH) break;
  }
  return depth;
}

/** A run of the text: Markdown to format, or a paragraph to show as plain text. */
export interface Segment {
  text: string;
  plain: boolean;
}

/**
 * The Markdown split into runs to format and pathological paragraphs to show as plain text (escaping their
 * delimiters would not do: micromark is slower still on a paragraph of backslash escapes). Linear in the
 * length; ordinary text comes back as one run, unchanged.
 */
export function splitHostile(markdown: string): Segment[] {
  if (markdown.length < 256) return [{ text: markdown, plain: false }]; // too short to hurt
  const lines = markdown.split("\n");
  const plainLine = new Uint8Array(lines.length);
  let fence: string | null = null;
  let start = -1; // first line of the current paragraph
  let delimiters = 0;
  let pathological = false;
  const flush = (end: number) => {
    if (start !== -1 && (pathological || delimiters > MAX_DELIMITERS_PER_PARAGRAPH)) plainLine.fill(1, start, end);
    start = -1;
    delimiters = 0;
    pathological = false;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      flush(i);
      fence = fenceMatch[1];
      continue;
    }
    if (!line.trim()) {
      flush(i);
      continue;
    }
    if (start === -1) start = i;
    delimiters += countDelimiters(line);
    // a setext underline right under text: micromark's cost grows fast with many in one run of lines
    if (SETEXT.test(line)) delimiters += MAX_DELIMITERS_PER_PARAGRAPH / 8;
    if (containerDepth(line) > MAX_QUOTE_DEPTH || countChar(line, "|") > MAX_PIPES_PER_LINE) pathological = true;
  }
  flush(lines.length);
  const segments: Segment[] = [];
  let from = 0;
  for (let i = 1; i <= lines.length; i++) {
    if (i < lines.length && plainLine[i] === plainLine[from]) continue;
    segments.push({ text: lines.slice(from, i).join("\n"), plain: plainLine[from] === 1 });
    from = i;
  }
  return segments;
}

/**
 * Where to cut a Markdown text so that the first part holds at most `max` characters and ends between
 * blocks (a blank line outside a code fence). 0 when no such place exists; with `anyLine`, the end of the
 * last line outside a fence instead (a long run of lines without a blank one is cut between lines).
 */
export function blockBoundaryBefore(markdown: string, max: number, anyLine = false): number {
  if (markdown.length <= max) return markdown.length;
  let fence: string | null = null;
  let best = 0;
  let lineBest = 0;
  let offset = 0;
  while (offset <= max) {
    const next = markdown.indexOf("\n", offset);
    const end = next === -1 ? markdown.length : next;
    const line = markdown.slice(offset, end);
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
    } else if (fenceMatch) {
      fence = fenceMatch[1];
    } else if (!line.trim() && offset <= max) {
      best = offset;
    } else if (offset > 0 && offset <= max && !/^\s*\|/.test(line)) {
      lineBest = offset; // never right before a table row: a table is kept whole
    }
    if (next === -1) break;
    offset = next + 1;
  }
  return best || (anyLine ? lineBest : 0);
}

/**
 * How much of one document the heuristic parsers read. Files may be up to 2 MB (lib/discover/limits), but
 * the heuristics do work per line and per heading: past these limits the rest of a document is kept in the
 * stored original (and shown there) but not parsed, so that one file can never hold up an index run or
 * the server that runs it. Real checkpoints stay far below (the largest of the corpus: 240 KB, 2,500 lines).
 */
export const PARSE_MAX_CHARS = 512 * 1024;
/** HTML holds far more structure per character (the largest HTML checkpoint of the corpus: 9 KB). */
export const HTML_PARSE_MAX_CHARS = 128 * 1024;
export const PARSE_MAX_LINES = 10_000;
/**
 * Data checkpoints bound their own input (lib/parse/data-load.ts): a JSON text cut short cannot be read, and
 * `JSON.parse` is linear and fast, so JSON is read whole up to 2 MB (the largest file discovery reads); YAML,
 * which the `yaml` package reads at well under 1 MB a second, up to 128 KB and PARSE_MAX_LINES lines, as HTML.
 * The largest data checkpoint of the corpus is 8 KB.
 */
export const DATA_JSON_MAX_CHARS = 2 * 1024 * 1024;
export const DATA_YAML_MAX_CHARS = 128 * 1024;
/** Items of one list, and keys of one mapping, a data checkpoint's reader looks at (real ones: a few dozen). */
export const DATA_MAX_ITEMS = 1_000;
/** Duplicate keys of one data file reported one by one; the rest are counted in one more problem. */
export const DUPLICATE_KEYS_LISTED = 10;
/** Problems kept for one file: the first ones, then one saying how many more there were. */
export const MAX_PROBLEMS_PER_FILE = 25;

export interface BoundedText {
  text: string;
  /** A problem to report when the text was cut, else null. */
  cut: string | null;
}

/** Characters in one run of spaces, tabs and punctuation that the parsers see at most. */
export const MAX_RUN = 128;

/**
 * Runs of spaces, tabs and punctuation (anything but letters, digits and line breaks) longer than MAX_RUN cut
 * down to it. Many line expressions (`[\s:.\-]+$`, `\s*$` after a lazy group) take time quadratic in the
 * length of such a run when something else follows it; with runs bounded, their work is linear. Real text
 * never has such runs (a table rule of 25 columns is shorter); the stored original keeps the text as written.
 */
export function boundRuns(text: string): string {
  return mayHoldLongRun(text) ? cutRuns(text) : text;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * `text.replace(/[^\p{L}\p{N}\n]{129,}/gu, (run) => run.slice(0, MAX_RUN))` in one pass: the expression, tried
 * from every position of a run just under the limit, read the run again each time (issue 42). Runs are counted
 * in code points, as the expression counted them.
 */
function cutRuns(text: string): string {
  const pieces: string[] = [];
  let kept = 0; // text before this index is in `pieces` (or cut)
  let runStart = -1;
  let runPoints = 0;
  let cutAt = -1; // the index after the run's MAX_RUN-th code point
  const closeRun = (end: number) => {
    if (runStart >= 0 && runPoints > MAX_RUN) {
      pieces.push(text.slice(kept, cutAt));
      kept = end;
    }
    runStart = -1;
    runPoints = 0;
  };
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    const isRun = code !== 10 && !(code < 128 ? (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) : LETTER_OR_DIGIT.test(String.fromCodePoint(code)));
    if (isRun) {
      if (runStart < 0) runStart = i;
      runPoints++;
      if (runPoints === MAX_RUN) cutAt = i + width;
    } else closeRun(i);
    i += width;
  }
  closeRun(text.length);
  pieces.push(text.slice(kept));
  return pieces.join("");
}

/**
 * Could the text hold such a run? Only if MAX_RUN + 1 characters in a row are none of an ASCII letter, digit or
 * line break (a cheap loop that spares the Unicode expression in nearly every document).
 */
function mayHoldLongRun(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) run = 0;
    else if (++run > MAX_RUN) return true;
  }
  return false;
}

/** The part of `text` the parsers read: whole lines, within both limits, whitespace runs bounded. */
export function boundedText(text: string, maxChars = PARSE_MAX_CHARS, maxLines = PARSE_MAX_LINES): BoundedText {
  const bounded = cutText(text, maxChars, maxLines);
  return { ...bounded, text: boundRuns(bounded.text) };
}

function cutText(text: string, maxChars: number, maxLines: number): BoundedText {
  let end = Math.min(text.length, maxChars);
  let lines = 0;
  let at = -1;
  while ((at = text.indexOf("\n", at + 1)) !== -1 && at < end) {
    if (++lines >= maxLines) {
      end = at;
      break;
    }
  }
  if (end >= text.length) return { text, cut: null };
  // cut at the end of the last whole line inside the limits (a single huge line is cut where it is)
  const lastBreak = text.lastIndexOf("\n", end);
  if (lastBreak > 0 && end !== at) end = lastBreak;
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  return {
    text: text.slice(0, end),
    cut: `document too large to read whole: the first ${kb(end)} of ${kb(text.length)} (at most ${maxLines.toLocaleString("en")} lines) were parsed; the rest is kept in the original view`,
  };
}

/** The first MAX_PROBLEMS_PER_FILE - 1 problems and, when there were more, one that counts the rest. */
export function capProblems(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS_PER_FILE) return problems;
  const kept = problems.slice(0, MAX_PROBLEMS_PER_FILE - 1);
  const more = problems.length - kept.length;
  return [...kept, `${more.toLocaleString("en")} more problems in this file (the first ${kept.length} are listed)`];
}

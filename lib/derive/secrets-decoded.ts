/**
 * Secrets written escaped. A token can hide from a scan of the raw bytes and still be stored or shown whole:
 * JSON and YAML decode `\u0070`, `\x70`, `\U00000070` (the parsers read them into titles, tasks and fields);
 * Markdown shows `&#112;`, `&lowbar;` and `\_` as the characters they stand for, drops tags
 * (`ghp_<b></b>abc…` reads `ghp_abc…`) and emphasis inside a word (`ghp_**abc**…`); zero-width characters
 * and soft hyphens vanish on screen. This builds one reading of a text with all of these decoded (twice over: a
 * JSON string may carry an HTML reference), keeps where each decoded character came from, and gives the lines
 * that changed to the same scanner as the raw text, then maps each finding back to a span of the raw text: so
 * redacting the raw text redacts what every parser and page would have decoded.
 *
 * Decoding is deliberately the union of the formats (a `\u` escape in Markdown is decoded too): a reading that
 * forms a token only adds a redaction, never hides one. Linear time, no regular expression over unbounded runs.
 */

/** A stretch of decoded text and the raw text it came from. */
interface Segment {
  /** Decoded offset of the first character. */
  d: number;
  /** Decoded length (0 for something removed: a tag, a zero-width character). */
  len: number;
  /** Raw span [r, rEnd). */
  r: number;
  rEnd: number;
  /** The decoded characters are the raw ones, one for one. */
  verbatim: boolean;
}

export interface DecodedReading {
  text: string;
  segments: Segment[];
}

/** ASCII punctuation a backslash escapes in Markdown, JSON and YAML. */
const PUNCT = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
const SIMPLE: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "", f: "", "0": "", a: "", v: "", e: "", N: "\u0085", L: "\u2028", P: "\u2029", " ": " " };

/**
 * Named character references that stand for ASCII characters (tokens are ASCII: a reference to any other
 * character cannot complete one) and for characters that vanish.
 */
const NAMED: Record<string, string> = {
  excl: "!", quot: '"', QUOT: '"', num: "#", dollar: "$", percnt: "%", amp: "&", AMP: "&", apos: "'", lpar: "(", rpar: ")",
  ast: "*", midast: "*", plus: "+", comma: ",", period: ".", sol: "/", colon: ":", semi: ";", lt: "<", LT: "<", equals: "=",
  gt: ">", GT: ">", quest: "?", commat: "@", lsqb: "[", lbrack: "[", bsol: "\\", rsqb: "]", rbrack: "]", Hat: "^", lowbar: "_",
  UnderBar: "_", grave: "`", DiacriticalGrave: "`", lcub: "{", lbrace: "{", verbar: "|", vert: "|", VerticalLine: "|",
  rcub: "}", rbrace: "}", Tab: "\t", NewLine: "\n", nbsp: "\u00a0", shy: "", zwj: "", zwnj: "", ZeroWidthSpace: "",
  NegativeVeryThinSpace: "", NegativeThinSpace: "", NegativeMediumSpace: "", NegativeThickSpace: "", NoBreak: "",
  InvisibleTimes: "", it: "", InvisibleComma: "", ic: "", af: "", ApplyFunction: "",
};

/** Characters a reader does not see (soft hyphen, zero-width spaces and joiners, word joiner, BOM): removed from the reading. */
const isInvisible = (c: number) => c === 0xad || (c >= 0x200b && c <= 0x200f) || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff;

/** Elements that start a new block: a tag of one of these separates the text around it (table cells, paragraphs). */
const BLOCK_TAGS = new Set(
  "address article aside blockquote br dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul".split(" "),
);

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: string | undefined) => c === undefined || c === " " || c === "\t" || c === "\n" || c === "\r";

/** `n` hex digits at `at`, or -1. */
function hexAt(text: string, at: number, n: number): number {
  if (at + n > text.length) return -1;
  for (let i = at; i < at + n; i++) if (!isHex(text.charCodeAt(i))) return -1;
  return parseInt(text.slice(at, at + n), 16);
}

function fromCodePoint(cp: number): string | null {
  return cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : null;
}

/** What a backslash escape at `at` decodes to, and its raw length; null when it is not one. */
function backslashAt(text: string, at: number): { out: string; len: number } | null {
  const next = text[at + 1];
  if (next === undefined) return null;
  if (next === "u") {
    const cp = hexAt(text, at + 2, 4);
    return cp < 0 ? null : { out: String.fromCharCode(cp), len: 6 };
  }
  if (next === "x") {
    const cp = hexAt(text, at + 2, 2);
    return cp < 0 ? null : { out: String.fromCharCode(cp), len: 4 };
  }
  if (next === "U") {
    const cp = hexAt(text, at + 2, 8);
    const out = cp < 0 ? null : fromCodePoint(cp);
    return out === null ? null : { out, len: 10 };
  }
  // YAML's folding of a double-quoted line: a backslash at the end of a line joins the next one, its indentation dropped
  if (next === "\n" || next === "\r") {
    let end = at + 2;
    if (next === "\r" && text[end] === "\n") end++;
    while (text[end] === " " || text[end] === "\t") end++;
    return { out: "", len: end - at };
  }
  if (PUNCT.has(next)) return { out: next, len: 2 };
  if (next in SIMPLE) return { out: SIMPLE[next], len: 2 };
  return null;
}

/** A character reference at `at` (`&#112;`, `&#x70;`, `&lowbar;`; numeric ones also without `;`): what it decodes to. */
function referenceAt(text: string, at: number): { out: string; len: number } | null {
  if (text[at + 1] === "#") {
    const hex = text[at + 2] === "x" || text[at + 2] === "X";
    let end = at + (hex ? 3 : 2);
    const digitsFrom = end;
    while (end < text.length && end - digitsFrom < 8 && (hex ? isHex(text.charCodeAt(end)) : text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57)) end++;
    if (end === digitsFrom) return null;
    const cp = parseInt(text.slice(digitsFrom, end), hex ? 16 : 10);
    const out = fromCodePoint(cp === 0 ? 0xfffd : cp);
    if (out === null) return null;
    if (text[end] === ";") end++;
    return { out, len: end - at };
  }
  let end = at + 1;
  while (end < text.length && end - at <= 32 && isAlnum(text.charCodeAt(end))) end++;
  if (text[end] !== ";" || end === at + 1) return null;
  const name = text.slice(at + 1, end);
  return name in NAMED ? { out: NAMED[name], len: end + 1 - at } : null;
}

/** A tag or comment at `at`: its raw length and whether it separates blocks; null when `<` starts none. */
function tagAt(text: string, at: number): { len: number; block: boolean } | null {
  if (text.startsWith("<!--", at)) {
    // a comment is hidden up to its end; the look-ahead is bounded (a run of `<!--` without an end stays linear)
    const close = text.slice(at + 4, at + 4096).indexOf("-->");
    return close === -1 ? null : { len: close + 7, block: false };
  }
  let i = at + 1;
  if (text[i] === "/") i++;
  const nameFrom = i;
  while (i < text.length && i - nameFrom < 32 && (isAlnum(text.charCodeAt(i)) || text[i] === "-")) i++;
  if (i === nameFrom || !/[A-Za-z]/.test(text[nameFrom])) return null;
  const name = text.slice(nameFrom, i).toLowerCase();
  // attributes up to `>`, on the same line, within a bounded distance, never across another `<`
  for (let j = i; j < text.length && j - at < 512; j++) {
    const c = text[j];
    if (c === ">") return { len: j + 1 - at, block: BLOCK_TAGS.has(name) };
    if (c === "<" || c === "\n") return null;
  }
  return null;
}

/** Emphasis or code marks inside a word (`ab**cd**ef`, `ab`cd`ef`): shown without them. */
function innerMarksAt(text: string, at: number): number {
  let end = at;
  while (end < text.length && end - at < 3 && (text[end] === "*" || text[end] === "`" || text[end] === "~")) end++;
  return !isSpace(text[at - 1]) && !isSpace(text[end]) && end > at ? end - at : 0;
}

/** One pass of decoding; null when nothing in the text changes. */
function decodeOnce(text: string): DecodedReading | null {
  const segments: Segment[] = [];
  let out = "";
  let verbatimFrom = 0;
  let changed = false;
  const flush = (to: number) => {
    if (to > verbatimFrom) {
      segments.push({ d: out.length, len: to - verbatimFrom, r: verbatimFrom, rEnd: to, verbatim: true });
      out += text.slice(verbatimFrom, to);
    }
  };
  const replace = (at: number, len: number, value: string) => {
    flush(at);
    segments.push({ d: out.length, len: value.length, r: at, rEnd: at + len, verbatim: false });
    out += value;
    verbatimFrom = at + len;
    changed = true;
  };
  const candidates = new RegExp(CANDIDATE.source, "g");
  for (let i = 0; i < text.length; ) {
    // jump to the next character that may start something to decode
    candidates.lastIndex = i;
    const next = candidates.exec(text);
    if (!next) break;
    i = next.index;
    const c = text[i];
    let hit: { out: string; len: number } | null = null;
    if (c === "\\") hit = backslashAt(text, i);
    else if (c === "&") hit = referenceAt(text, i);
    else if (c === "<") {
      const tag = tagAt(text, i);
      if (tag) hit = { out: tag.block ? "\n" : "", len: tag.len };
    } else if (c === "*" || c === "`" || c === "~") {
      const len = innerMarksAt(text, i);
      if (len) hit = { out: "", len };
    } else if (isInvisible(text.charCodeAt(i))) hit = { out: "", len: 1 };
    if (hit) {
      replace(i, hit.len, hit.out);
      i += hit.len;
    } else {
      i++;
    }
  }
  if (!changed) return null;
  flush(text.length);
  return { text: out, segments };
}

/** A character that may start something to decode. */
const CANDIDATE = /[\\&<*`~\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/;

/** Could anything in the text decode? A cheap test first: most documents have none of these characters. */
function mayDecode(text: string): boolean {
  return CANDIDATE.test(text);
}

/** The segment holding decoded offset `offset` (binary search). */
function segmentAt(segments: readonly Segment[], offset: number): Segment {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid].d <= offset) lo = mid;
    else hi = mid - 1;
  }
  // a removed segment (len 0) shares its offset with the next: take the one that holds characters
  while (lo + 1 < segments.length && segments[lo].len === 0 && segments[lo + 1].d === segments[lo].d) lo++;
  return segments[lo];
}

/** Raw span of the decoded span [start, end) of a reading. */
function rawSpan(reading: DecodedReading, start: number, end: number): [number, number] {
  const first = segmentAt(reading.segments, start);
  const last = segmentAt(reading.segments, Math.max(start, end - 1));
  const rawStart = first.verbatim ? first.r + (start - first.d) : first.r;
  const rawEnd = last.verbatim ? last.r + (end - 1 - last.d) + 1 : last.rEnd;
  return [rawStart, rawEnd];
}

/** A reading of a reading, mapped straight back to the first text. */
function compose(outer: DecodedReading, inner: DecodedReading): DecodedReading {
  const segments: Segment[] = [];
  for (const s of inner.segments) {
    if (s.verbatim) {
      // a verbatim stretch of the inner reading may cross several outer segments: split it along them
      let at = s.r;
      while (at < s.rEnd) {
        const o = segmentAt(outer.segments, at);
        const stop = Math.min(s.rEnd, o.d + Math.max(o.len, 1));
        const [r, rEnd] = rawSpan(outer, at, stop);
        segments.push({ d: s.d + (at - s.r), len: stop - at, r, rEnd, verbatim: o.verbatim });
        if (!o.verbatim && stop - at > 1) {
          // several decoded characters from one escape: each maps to the whole escape
          segments.pop();
          for (let k = at; k < stop; k++) segments.push({ d: s.d + (k - s.r), len: 1, r, rEnd, verbatim: false });
        }
        at = stop;
      }
    } else {
      const [r, rEnd] = s.rEnd > s.r ? rawSpan(outer, s.r, s.rEnd) : [segmentAt(outer.segments, s.r).r, segmentAt(outer.segments, s.r).r];
      segments.push({ d: s.d, len: s.len, r, rEnd, verbatim: false });
    }
  }
  return { text: inner.text, segments };
}

/** The text with escapes, references, tags, inner marks and invisible characters decoded (two rounds); null when nothing decodes. */
export function decodeForScan(text: string): DecodedReading | null {
  if (!mayDecode(text)) return null;
  let reading = decodeOnce(text);
  if (!reading) return null;
  const again = mayDecode(reading.text) ? decodeOnce(reading.text) : null;
  if (again) reading = compose(reading, again);
  return reading;
}

/**
 * The lines of a reading that something decoded on, with a line either side (a YAML fold joins two), as one
 * text to scan and a map back to the reading: the lines nothing decoded on were scanned raw already.
 */
function changedLines(reading: DecodedReading): { text: string; windows: { at: number; from: number; to: number }[] } {
  const t = reading.text;
  const windows: { at: number; from: number; to: number }[] = [];
  let text = "";
  let lastTo = -1;
  for (const s of reading.segments) {
    if (s.verbatim) continue;
    let from = t.lastIndexOf("\n", s.d - 1);
    from = from <= 0 ? 0 : t.lastIndexOf("\n", from - 1) + 1;
    let to = t.indexOf("\n", s.d + s.len);
    to = to === -1 ? t.length : t.indexOf("\n", to + 1) === -1 ? t.length : t.indexOf("\n", to + 1);
    if (from < lastTo) {
      // overlaps the previous window: extends it
      if (to <= lastTo) continue;
      text += t.slice(lastTo, to);
      windows[windows.length - 1].to = to;
    } else {
      if (text) text += "\n";
      windows.push({ at: text.length, from, to });
      text += t.slice(from, to);
    }
    lastTo = to;
  }
  return { text, windows };
}

/**
 * Spans of secrets that only the decoded text shows, as spans of the raw text. `scan` is scanSecrets' own span
 * finder (placeholders already left out, judged on the decoded value); `triggers` its cheap pre-filter.
 */
export async function decodedSpans<R>(
  raw: string,
  scan: (text: string) => Promise<{ rule: R; start: number; end: number }[]>,
  triggers: (text: string) => boolean,
): Promise<{ rule: R; start: number; end: number }[]> {
  const reading = decodeForScan(raw);
  if (!reading) return [];
  const { text, windows } = changedLines(reading);
  if (!text || !triggers(text)) return [];
  const spans: { rule: R; start: number; end: number }[] = [];
  for (const found of await scan(text)) {
    // the window holding the finding (a finding never crosses the "\n" between windows: it maps inside one)
    let w = windows.length - 1;
    while (w > 0 && windows[w].at > found.start) w--;
    const window = windows[w];
    const start = window.from + (found.start - window.at);
    const end = Math.min(window.to, window.from + (found.end - window.at));
    if (end <= start) continue;
    const [rawStart, rawEnd] = rawSpan(reading, start, end);
    if (rawEnd > rawStart) spans.push({ rule: found.rule, start: rawStart, end: rawEnd });
  }
  return spans;
}

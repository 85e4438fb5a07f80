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
  /** Something decoded to a character that may start another escape (`\u0026#112;`): worth a second round. */
  again?: boolean;
}

/** ASCII punctuation a backslash escapes in Markdown, JSON and YAML. */
const PUNCT = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

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


/** Elements that start a new block: a tag of one of these separates the text around it (table cells, paragraphs). */
const BLOCK_TAGS = new Set(
  "address article aside blockquote br dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul".split(" "),
);

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** A letter, digit, `_` or `-`: what tokens are made of (`**` between two of them is emphasis inside a word). */
const isTokenChar = (c: number) => isAlnum(c) || c === 95 || c === 45;
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
  // `\n`, `\t` and kin decode to white space or nothing visible: they can end a token, never join one (left as written)
  return PUNCT.has(next) ? { out: next, len: 2 } : null;
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


/**
 * Only what can make part of a token is decoded: a visible character next to one that is not white space, or a
 * removal between two (what decodes to white space, or stands between spaces, only separates: left as written).
 * Most escapes, references and tags of real documents are of the second kind; leaving them keeps the reading small.
 */
function canJoinToken(out: string, before: string | undefined, after: string | undefined): boolean {
  if (!out) return !isSpace(before) && !isSpace(after);
  return /\S/.test(out) && !(isSpace(before) && isSpace(after));
}

/** Something to decode: `len` raw characters at `at` that read as `out`. */
interface Hit {
  at: number;
  len: number;
  out: string;
}

/** A character that may start an escape, a reference, a tag, or be invisible. */
const CANDIDATE = /[\\&<\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/;
/** Emphasis or code marks between two characters of a token (its own search: `*` and backticks are everywhere in Markdown). */
const INNER_MARKS = /[A-Za-z0-9_-]([*`~]{1,3})(?=[A-Za-z0-9_-])/g;

/** The hits of a text in order, not overlapping: escapes, references, tags and invisible characters, then inner marks. */
function hitsOf(text: string): Hit[] {
  const hits: Hit[] = [];
  const candidates = new RegExp(CANDIDATE.source, "g");
  for (let m = candidates.exec(text); m; m = candidates.exec(text)) {
    const i = m.index;
    const c = text[i];
    let hit: { out: string; len: number } | null = null;
    if (c === "\\") hit = backslashAt(text, i);
    else if (c === "&") hit = referenceAt(text, i);
    else if (c === "<") {
      const tag = tagAt(text, i);
      if (tag) hit = { out: tag.block ? "\n" : "", len: tag.len };
    } else hit = { out: "", len: 1 };
    if (hit && canJoinToken(hit.out, text[i - 1], text[i + hit.len])) {
      hits.push({ at: i, len: hit.len, out: hit.out });
      candidates.lastIndex = i + hit.len;
    }
  }
  const marks: Hit[] = [];
  for (const m of text.matchAll(INNER_MARKS)) marks.push({ at: m.index + 1, len: m[1].length, out: "" });
  if (!marks.length) return hits;
  // merge the two ordered lists, dropping a mark inside an escape or a tag
  const merged: Hit[] = [];
  let a = 0;
  let b = 0;
  let end = 0;
  while (a < hits.length || b < marks.length) {
    const next = b >= marks.length || (a < hits.length && hits[a].at <= marks[b].at) ? hits[a++] : marks[b++];
    if (next.at < end) continue;
    merged.push(next);
    end = next.at + next.len;
  }
  return merged;
}

/** One pass of decoding; null when nothing in the text changes. */
function decodeOnce(text: string): DecodedReading | null {
  const hits = hitsOf(text);
  if (!hits.length) return null;
  const segments: Segment[] = [];
  let out = "";
  let from = 0;
  let again = false;
  for (const hit of hits) {
    if (hit.at > from) {
      segments.push({ d: out.length, len: hit.at - from, r: from, rEnd: hit.at, verbatim: true });
      out += text.slice(from, hit.at);
    }
    segments.push({ d: out.length, len: hit.out.length, r: hit.at, rEnd: hit.at + hit.len, verbatim: false });
    out += hit.out;
    // a decoded `&`, `\` or `<` may start another escape (`\u0026#112;`): worth a second round
    if (!again && /[\\&<]/.test(hit.out)) again = true;
    from = hit.at + hit.len;
  }
  if (from < text.length) {
    segments.push({ d: out.length, len: text.length - from, r: from, rEnd: text.length, verbatim: true });
    out += text.slice(from);
  }
  return { text: out, segments, again };
}

/** Could anything in the text decode? A cheap test first: most documents have none of these characters. */
function mayDecode(text: string): boolean {
  return CANDIDATE.test(text) || /[*`~]/.test(text);
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
  const again = reading.again ? decodeOnce(reading.text) : null;
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

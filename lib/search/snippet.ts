/**
 * Snippets and highlights built from plain text: the text is split into parts, and only the words
 * Cairn matched are marked. Nothing in a document can mark itself, and HTML is made by escaping first.
 */

export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface HighlightTerm {
  /** Normalised (lower case, no diacritics). */
  word: string;
  prefix: boolean;
}

/** What SQLite's unicode61 tokenizer treats as token characters (L*, N*, Co). */
export const WORD_PATTERN = /[\p{L}\p{N}\p{Co}]+/gu;

/**
 * Lower case without the diacritics of Latin-like scripts, close to what `remove_diacritics 2` folds
 * (é → e, Ü → u); marks of other scripts (ポ's handakuten) are kept, as SQLite keeps them.
 */
export function normalizeWord(word: string): string {
  return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
}

/** Long documents are only looked at up to here for a snippet. */
const SCAN_LIMIT = 512 * 1024;
/** Past this length, a text is read around the densest place of its matches only. */
const LONG_TEXT = 4 * 1024;
/** Matches looked for at most per word in a long text. */
const PLACES = 2_000;

/**
 * Where the matches of a long text are densest (offset of the first of the best run of matches within about
 * 200 characters), found with lower-case string searches (a word starting there); 0 without any.
 */
function densestPlace(text: string, terms: readonly HighlightTerm[]): number {
  const lower = (text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text).toLowerCase();
  const places: number[] = [];
  for (const term of terms) {
    if (!term.word) continue;
    let found = 0;
    for (let at = lower.indexOf(term.word); at >= 0 && found < PLACES; at = lower.indexOf(term.word, at + term.word.length)) {
      if (at > 0 && /[\p{L}\p{N}]/u.test(lower[at - 1])) continue;
      places.push(at);
      found++;
    }
  }
  if (places.length === 0) return 0;
  places.sort((a, b) => a - b);
  let best = places[0];
  let bestCount = 0;
  for (let i = 0, j = 0; i < places.length; i++) {
    while (places[i] - places[j] > 200) j++;
    if (i - j + 1 > bestCount) {
      bestCount = i - j + 1;
      best = places[j];
    }
  }
  return best;
}

interface Token {
  start: number;
  end: number;
  mark: boolean;
}

function matches(word: string, terms: readonly HighlightTerm[]): boolean {
  // plain ASCII needs no Unicode normalisation: the common case, and by far the cheapest
  // eslint-disable-next-line no-control-regex
  const normalized = /^[\x00-\x7f]*$/.test(word) ? word.toLowerCase() : normalizeWord(word);
  return terms.some((t) => (t.prefix ? normalized.startsWith(t.word) : normalized === t.word));
}

function tokensOf(text: string, terms: readonly HighlightTerm[]): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD_PATTERN)) {
    tokens.push({ start: m.index, end: m.index + m[0].length, mark: terms.length > 0 && matches(m[0], terms) });
  }
  return tokens;
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ");
}

function push(parts: SnippetPart[], text: string, mark: boolean): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.mark === mark) last.text += text;
  else parts.push({ text, mark });
}

/** Parts of `text` from `from` to `to`, with matched words marked. */
function partsBetween(text: string, tokens: Token[], from: number, to: number): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let cursor = from;
  for (const token of tokens) {
    if (token.end <= from || token.start >= to) continue;
    if (!token.mark) continue;
    push(parts, squash(text.slice(cursor, token.start)), false);
    push(parts, text.slice(token.start, token.end), true);
    cursor = token.end;
  }
  push(parts, squash(text.slice(cursor, to)), false);
  return parts;
}

/** The whole text with matched words marked (titles). */
export function highlightText(text: string | null, terms: readonly HighlightTerm[]): SnippetPart[] {
  if (!text) return [];
  return partsBetween(text, tokensOf(text, terms), 0, text.length);
}

/**
 * Markdown syntax out, text kept: `**Status:** done` reads "Status: done", a table row reads its cells
 * separated by " · ", headings, bullets, task boxes, quotes, fences and rules lose their markers, and a
 * link keeps its text. Words inside identifiers (snake_case, a*b) are left alone. The result is plain
 * text: it is escaped like any other when it becomes HTML.
 */
export function markdownToText(text: string): string {
  const lines: string[] = [];
  for (const raw of text.split("\n")) {
    let line = raw;
    // fences, table separators and horizontal rules carry no text
    if (/^\s*(```|~~~)/.test(line)) continue;
    if (/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)+\|?\s*$/.test(line) || /^\s*\|\s*:?-{2,}:?\s*\|\s*$/.test(line)) continue;
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    line = line
      .replace(/^\s{0,3}#{1,6}\s+/, "")
      .replace(/\s+#+\s*$/, "")
      .replace(/^\s*(>\s?)+/, "")
      .replace(/^\s*[-*+]\s+/, "")
      .replace(/^\s*\[[ xX~-]\]\s+/, "");
    // a table row (also one the snippet's window cut short)
    if (/^\s*\|/.test(line) && line.trim().length > 1) {
      line = line
        .trim()
        .replace(/^\|/, "")
        .replace(/\|$/, "")
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim())
        .filter(Boolean)
        .join(" · ");
    }
    lines.push(line);
  }
  return lines
    .join("\n")
    // a link's text holds no `[` (from each `[` of a run of them, `[^\]\n]+` read to the line's end: issue 42)
    .replace(/!\[([^[\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/\[([^[\]\n]+)\]\((?:[^)\n]*)\)/g, "$1")
    .replace(/\[([^[\]\n]+)\]\[[^\]\n]*\]/g, "$1")
    .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, "$1")
    .replace(/(?<![\p{L}\p{N}_])__(?=\S)([^\n]*?\S)__(?![\p{L}\p{N}_])/gu, "$1")
    .replace(/(?<![\p{L}\p{N}*\\])\*(?=[^\s*])([^*\n]*?[^\s*\\])\*(?![\p{L}\p{N}*])/gu, "$1")
    .replace(/(?<![\p{L}\p{N}_\\])_(?=[^\s_])([^_\n]*?[^\s_\\])_(?![\p{L}\p{N}_])/gu, "$1")
    .replace(/~~(?=\S)([^\n]*?\S)~~/g, "$1")
    .replace(/`+([^`\n]+?)`+/g, "$1")
    .replace(/<!--[\s\S]*?-->/g, " ");
}

/** Back to the start of the line when it is near, so that line-start syntax (a bullet, a heading) is seen as such. */
function lineStart(text: string, from: number): number {
  const newline = text.lastIndexOf("\n", from - 1);
  if (from - (newline + 1) <= 80) return newline + 1;
  // else keep an opening emphasis or code marker with its word
  while (from > 0 && /[*_~`[]/.test(text[from - 1])) from--;
  return from;
}

/** To the end of the line when it is near (a table row, an emphasis closed); else past a closing marker. */
function markerEnd(text: string, to: number): number {
  const newline = text.indexOf("\n", to);
  const end = newline < 0 ? text.length : newline;
  if (end - to <= 40) return end;
  while (to < text.length && /[*_~`\]]/.test(text[to])) to++;
  return to;
}

/**
 * A window of about `size` words around the densest run of matches, with an ellipsis where the text
 * was cut, as plain text (Markdown syntax removed, see markdownToText). Without any match, the
 * beginning of the text.
 */
export function buildSnippet(fullText: string, terms: readonly HighlightTerm[], size = 24): SnippetPart[] {
  if (fullText.length > LONG_TEXT) {
    // a long text is not read word by word: the densest place of its matches is found with plain string
    // searches, and only the text around it is read
    const place = densestPlace(fullText, terms);
    const from = place > 400 ? lineStart(fullText, place - 200) : 0;
    const slice = fullText.slice(from, from + LONG_TEXT);
    const parts = buildSnippet(slice, terms, size);
    if (from > 0 && !parts[0]?.text.startsWith("… ")) parts.unshift({ text: "… ", mark: false });
    if (!parts.at(-1)?.text.endsWith(" …") && fullText.slice(from + slice.length).trim()) push(parts, " …", false);
    return mergeParts(parts);
  }
  const text = fullText.length > SCAN_LIMIT ? fullText.slice(0, SCAN_LIMIT) : fullText;
  const tokens = tokensOf(text, terms);
  if (tokens.length === 0) {
    const start = squash(markdownToText(text.slice(0, 2_000)).trim());
    return start ? [{ text: start.slice(0, 200), mark: false }] : [];
  }
  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].mark) count++;
    if (i >= size && tokens[i - size].mark) count--;
    const start = Math.max(0, i - size + 1);
    if (count > bestCount) {
      bestCount = count;
      best = start;
    }
  }
  if (bestCount > 0) {
    // the first match of the window a third of the way in, so that it has context on both sides
    const first = tokens.findIndex((t, i) => i >= best && t.mark);
    best = Math.max(0, first - Math.floor(size / 3));
    if (best < 4) best = 0;
  }
  const lastIndex = Math.min(tokens.length - 1, best + size - 1);
  const from = best === 0 ? 0 : lineStart(text, tokens[best].start);
  const to = lastIndex === tokens.length - 1 && text === fullText ? text.length : markerEnd(text, tokens[lastIndex].end);
  // the window is found in the raw text (syntax is not words), then read as text and marked again
  const piece = markdownToText(text.slice(from, to));
  const parts = partsBetween(piece, tokensOf(piece, terms), 0, piece.length);
  if (parts.length) {
    parts[0].text = parts[0].text.replace(/^\s+/, "");
    const tail = parts[parts.length - 1];
    tail.text = tail.text.replace(/\s+$/, "");
  }
  if (from > 0) parts.unshift({ text: "… ", mark: false });
  if (to < fullText.length && fullText.slice(to).trim()) push(parts, " …", false);
  return mergeParts(parts.filter((p) => p.text !== ""));
}

function mergeParts(parts: SnippetPart[]): SnippetPart[] {
  const merged: SnippetPart[] = [];
  for (const p of parts) push(merged, p.text, p.mark);
  return merged;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Escape first, then mark: safe to inject. */
export function partsToHtml(parts: readonly SnippetPart[]): string {
  return parts.map((p) => (p.mark ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text))).join("");
}

export function partsToText(parts: readonly SnippetPart[]): string {
  return parts.map((p) => p.text).join("");
}

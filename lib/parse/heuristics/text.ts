/** Small text helpers every family shares. */

/** Strip a byte-order mark and turn CRLF / CR line endings into LF. */
export function normaliseText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Collapse runs of whitespace into one space and trim. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Where `char` next occurs at or after a position, remembered so that a scan asking again and again
 * (a megabyte of `[` without one `]`) still reads the text once: linear, never quadratic.
 */
function nextFinder(text: string, char: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1 || (found >= from && found !== -2)) return found;
    found = text.indexOf(char, from);
    return found;
  };
}

/**
 * One linear pass doing what `text.replace(re, "$1")` does for the three link shapes:
 * `![label](url)` (label may be empty), `[label](url)` and `[[label]]`. The regular expressions
 * (`\[([^\]]*)\]\([^)]*\)`) took quadratic time on unclosed brackets.
 */
function stripLinkShape(text: string, shape: "image" | "link" | "wiki"): string {
  const opener = shape === "image" ? "![" : shape === "wiki" ? "[[" : "[";
  if (!text.includes(opener)) return text;
  const close = nextFinder(text, "]");
  const paren = nextFinder(text, ")");
  let out = "";
  let copied = 0;
  let i = text.indexOf(opener);
  while (i !== -1) {
    const labelStart = i + opener.length;
    const j = close(labelStart);
    if (j === -1) break; // no `]` anywhere after: nothing further can match
    let end = -1;
    if (shape === "wiki") {
      if (j > labelStart && text[j + 1] === "]") end = j + 2;
    } else if ((shape === "image" || j > labelStart) && text[j + 1] === "(") {
      const k = paren(j + 2);
      if (k === -1) break; // no `)` anywhere after
      end = k + 1;
    }
    if (end === -1) {
      i = text.indexOf(opener, i + 1);
      continue;
    }
    out += text.slice(copied, i) + text.slice(labelStart, j);
    copied = end;
    i = text.indexOf(opener, end);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Texts stripped lately: a heading or a line is stripped again by each field's reader (about six times a document). */
const stripped = new Map<string, string>();
/** Every step of the stripping needs one of these characters. */
const INLINE_MARK = /[[*_`~]/;

/** Remove Markdown emphasis, code ticks and links, keeping the visible words. Linear in the text's length. */
export function stripInlineMarkdown(text: string): string {
  // nothing to remove without one of these characters (each step below needs one): most headings and lines
  if (!INLINE_MARK.test(text)) return text;
  const known = stripped.get(text);
  if (known !== undefined) return known;
  const out = stripInlineMarks(text);
  if (stripped.size >= 4000) stripped.clear();
  if (text.length <= 1000) stripped.set(text, out);
  return out;
}

function stripInlineMarks(text: string): string {
  let out = stripLinkShape(stripLinkShape(stripLinkShape(text, "image"), "link"), "wiki");
  if (out.includes("**") || out.includes("__")) out = out.replace(/(\*\*|__)(.+?)\1/g, "$2");
  if (out.includes("*")) out = out.replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, "$1$2");
  if (out.includes("_")) out = out.replace(/(^|[^\w])_(?!\s)([^_\n]+?)_(?!\w)/g, "$1$2");
  if (out.includes("`")) out = out.replace(/`+([^`]*)`+/g, "$1");
  if (out.includes("~~")) out = out.replace(/~~(.+?)~~/g, "$1");
  return out;
}

/**
 * `text` without the trailing characters `strip` accepts; linear (an expression like `[\s.]+$` takes
 * quadratic time on a long run of those characters followed by something else).
 */
export function trimEndWhere(text: string, strip: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && strip(text[end - 1])) end--;
  return text.slice(0, end);
}

const SPACE = /\s/;
/** Is `char` whitespace (what `\s` matches)? ASCII answered without the expression (it is asked per character). */
export function isSpaceChar(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(char);
}

/**
 * `text.split(/\s+[X]\s+/)` for a set of one-character separators X (`·|•`), without the expression: it tried every
 * split of each whitespace run (quadratic in a run's length, issue 42). The separator takes the whole runs around it.
 */
export function splitSpaced(text: string, separators: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let k = 1; k < text.length - 1; k++) {
    if (!separators.includes(text[k]) || !isSpaceChar(text[k - 1]) || !isSpaceChar(text[k + 1])) continue;
    let before = k - 1;
    while (before > from && isSpaceChar(text[before - 1])) before--;
    if (before < from || (before === from && !isSpaceChar(text[from]))) continue;
    let after = k + 1;
    while (isSpaceChar(text[after])) after++;
    parts.push(text.slice(from, before));
    from = after;
    k = after - 1;
  }
  parts.push(text.slice(from));
  return parts;
}

/** The last path segment. */
export function baseName(path: string): string {
  const parts = path.replace(/\\/g, "/").split("/");
  return parts[parts.length - 1] ?? path;
}

/** The file name without its last extension. */
export function fileStem(path: string): string {
  return baseName(path).replace(/\.[^.]+$/, "");
}

/** Lower-cased path with forward slashes, for glob-like matching. */
export function lowerPath(path: string): string {
  return path.replace(/\\/g, "/").toLowerCase();
}

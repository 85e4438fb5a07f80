import "server-only";
import { parse } from "parse5";
import { isMap, isScalar, parseDocument, type Pair, type Scalar, type YAMLMap } from "yaml";
import { allElements, attr, type HtmlNode } from "../parse/html-dom";

/** Where a status value sits in the file's bytes: [start, end) of the value alone, without quotes. */
export interface ByteRange {
  start: number;
  end: number;
  value: string;
}

export type StatusFormat = "html" | "frontmatter-md";

export type Located = { ok: true; ranges: ByteRange[] } | { ok: false; reason: string };

/** Decode without loss, so that character offsets can be turned back into byte offsets. */
function decode(bytes: Buffer): string | null {
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) ? text : null;
}

function byteRange(text: string, start: number, end: number): ByteRange {
  const byteStart = Buffer.byteLength(text.slice(0, start), "utf8");
  return { start: byteStart, end: byteStart + Buffer.byteLength(text.slice(start, end), "utf8"), value: text.slice(start, end) };
}

const CONTENT_ATTR = /^content[ \t\r\n\f]*=[ \t\r\n\f]*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))$/i;

/** Every `<meta name="jacked:status" content="...">` value (as the parser reads them: any case, outside comments). */
function locateHtml(text: string): Located {
  const root = parse(text, { sourceCodeLocationInfo: true }) as HtmlNode;
  const ranges: ByteRange[] = [];
  for (const el of allElements(root)) {
    if (el.tagName !== "meta" || (attr(el, "name") ?? "").trim().toLowerCase() !== "jacked:status") continue;
    const loc = el.sourceCodeLocation?.attrs?.content;
    if (!loc) return { ok: false, reason: "the jacked:status meta tag has no content attribute" };
    const source = text.slice(loc.startOffset, loc.endOffset);
    const m = CONTENT_ATTR.exec(source);
    if (!m) return { ok: false, reason: "the jacked:status meta tag is written in a way Cairn cannot edit safely" };
    const value = m[1] ?? m[2] ?? m[3] ?? "";
    const quoted = m[1] !== undefined || m[2] !== undefined;
    const valueEnd = loc.endOffset - (quoted ? 1 : 0);
    ranges.push(byteRange(text, valueEnd - value.length, valueEnd));
  }
  return ranges.length ? { ok: true, ranges } : { ok: false, reason: "no jacked:status meta tag" };
}

const OPEN = /^---(?:ya?ml)?[ \t]*\r?$/i;
const CLOSE = /^(?:---|\.\.\.)[ \t]*\r?$/;

function lastPair(map: YAMLMap, key: string): Pair | undefined {
  let found: Pair | undefined;
  for (const item of map.items) if (isScalar(item.key) && String(item.key.value) === key) found = item;
  return found;
}

/** The value fmString would take: a non-empty string, a number or a boolean. */
function usable(pair: Pair | undefined): pair is Pair<unknown, Scalar> {
  if (!pair || !isScalar(pair.value)) return false;
  const value = pair.value.value;
  return (typeof value === "string" && value.trim() !== "") || typeof value === "number" || typeof value === "boolean";
}

/** The frontmatter `status:` (else `state:`) value the parser reads, nested `metadata:` first. */
function locateFrontmatter(text: string): Located {
  const bom = text.startsWith("\uFEFF") ? 1 : 0;
  const lines = text.slice(bom).split("\n");
  if (!OPEN.test(lines[0] ?? "")) return { ok: false, reason: "no frontmatter" };
  const close = lines.findIndex((line, i) => i > 0 && CLOSE.test(line));
  if (close < 0) return { ok: false, reason: "the frontmatter is never closed" };
  const blockStart = bom + lines[0].length + 1;
  const blockEnd = bom + lines.slice(0, close).reduce((n, line) => n + line.length + 1, 0);
  const block = text.slice(blockStart, blockEnd);
  const doc = parseDocument(block, { uniqueKeys: false, strict: false });
  if (doc.errors.length) return { ok: false, reason: "the frontmatter is not valid YAML" };
  if (!isMap(doc.contents)) return { ok: false, reason: "the frontmatter is not a key/value map" };
  const top = doc.contents;
  const metadataPair = lastPair(top, "metadata");
  const nested = metadataPair && isMap(metadataPair.value) ? metadataPair.value : null;
  for (const key of ["status", "state"]) {
    const pair = (nested && lastPair(nested, key)) || lastPair(top, key);
    if (!pair) continue;
    if (!usable(pair)) {
      if (pair.value && !isScalar(pair.value)) return { ok: false, reason: `the frontmatter ${key} is not a single value` };
      continue;
    }
    const node = pair.value as Scalar;
    const [start, end] = node.range ?? [0, 0];
    const source = block.slice(start, end);
    if (/[\r\n]/.test(source)) return { ok: false, reason: `the frontmatter ${key} spans several lines` };
    const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
    if (!quoted && node.type !== "PLAIN") return { ok: false, reason: `the frontmatter ${key} is written in a way Cairn cannot edit safely` };
    const from = blockStart + start + (quoted ? 1 : 0);
    const to = blockStart + end - (quoted ? 1 : 0);
    return { ok: true, ranges: [byteRange(text, from, to)] };
  }
  return { ok: false, reason: "the frontmatter has no status" };
}

/** Find the status value(s) in a checkpoint's bytes. */
export function locateStatus(bytes: Buffer, format: StatusFormat): Located {
  const text = decode(bytes);
  if (text === null) return { ok: false, reason: "the file is not valid UTF-8" };
  return format === "html" ? locateHtml(text) : locateFrontmatter(text);
}

/** Replace only the bytes of each range with `value`; everything else (BOM, line endings, the rest) stays byte for byte. */
export function replaceRanges(bytes: Buffer, ranges: ByteRange[], value: string): Buffer {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let at = 0;
  for (const range of sorted) {
    if (range.start < at) throw new Error("overlapping status ranges");
    parts.push(bytes.subarray(at, range.start), Buffer.from(value, "utf8"));
    at = range.end;
  }
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}

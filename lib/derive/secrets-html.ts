/**
 * Secrets in HTML as a reader sees them. A token can hide from a scan of the raw bytes by being written with
 * character references (`gh&#112;_…`) or split by tags (`ghp_ab<span></span>cd…`), and the page then shows
 * it whole. This reads the document as a browser does (parse5), scans its decoded text, and maps each finding
 * back to a span of the raw text, so that redacting the raw file redacts what is shown.
 */
import type { DefaultTreeAdapterMap } from "parse5";
import { parseHtmlLocated } from "../parse/html-dom";

type Node = DefaultTreeAdapterMap["node"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

/** A span of the raw document, already checked (on the decoded value) not to be a placeholder. */
export interface RawSpan<R> {
  rule: R;
  start: number;
  end: number;
}

/** A piece of decoded text and where it sits in the raw document. */
interface Piece {
  decoded: string;
  rawStart: number;
  rawEnd: number;
  /** The decoded text is the raw text verbatim at rawStart (no character references): offsets map one to one. */
  verbatim: boolean;
  attribute: boolean;
}

export function isHtmlPath(filePath: string): boolean {
  return /\.x?html?$/i.test(filePath);
}

/** Text nodes and attribute values, in document order; iterative (a document may nest very deep). */
function piecesOf(html: string): Piece[] {
  const document = parseHtmlLocated(html) as Node;
  const pieces: Piece[] = [];
  const stack: Node[] = [document];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeName === "#text") {
      const text = node as DefaultTreeAdapterMap["textNode"];
      const loc = text.sourceCodeLocation;
      if (loc) {
        const raw = html.slice(loc.startOffset, loc.endOffset);
        pieces.push({ decoded: text.value, rawStart: loc.startOffset, rawEnd: loc.endOffset, verbatim: raw === text.value, attribute: false });
      }
      continue;
    }
    if ("attrs" in node && node.sourceCodeLocation) {
      const attrLocs = (node.sourceCodeLocation as { attrs?: Record<string, { startOffset: number; endOffset: number }> }).attrs ?? {};
      for (const attr of node.attrs) {
        const loc = attrLocs[attr.name];
        if (!loc || !attr.value) continue;
        const raw = html.slice(loc.startOffset, loc.endOffset);
        const at = raw.indexOf(attr.value, attr.name.length);
        pieces.push(
          at === -1
            ? { decoded: attr.value, rawStart: loc.startOffset, rawEnd: loc.endOffset, verbatim: false, attribute: true }
            : { decoded: attr.value, rawStart: loc.startOffset + at, rawEnd: loc.startOffset + at + attr.value.length, verbatim: true, attribute: true },
        );
      }
    }
    // children pushed one by one, last first (a spread of a node's children overflows the stack past ~100,000 of them)
    if (node.nodeName === "template" && "content" in node) stack.push((node as DefaultTreeAdapterMap["template"]).content);
    if ("childNodes" in node) {
      const children = (node as ParentNode).childNodes;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  pieces.sort((a, b) => a.rawStart - b.rawStart);
  return pieces;
}

/** Raw offset of a decoded offset inside a piece: exact when verbatim, else the piece's edge. */
function rawOffset(piece: Piece, offset: number, edge: "start" | "end"): number {
  if (piece.verbatim) return piece.rawStart + offset;
  return edge === "start" ? piece.rawStart : piece.rawEnd;
}

interface Joined {
  text: string;
  /** Decoded start offset of each piece in `text`. */
  starts: number[];
}

function join(pieces: Piece[], separator: string): Joined {
  const starts: number[] = [];
  let text = "";
  for (const piece of pieces) {
    if (text) text += separator;
    starts.push(text.length);
    text += piece.decoded;
  }
  return { text, starts };
}

function pieceAt(joined: Joined, offset: number): number {
  let lo = 0;
  let hi = joined.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (joined.starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Character references common in prose; any other one may be hiding a character of a token. */
const COMMON_REFERENCE = /^&(?:amp|lt|gt|quot|apos|nbsp|[mn]dash|hellip|[lr][sd]quo|copy|reg|trade|middot|bull|[lr]arr|times|deg|check|#(?:32|160|8212|8211|8217|8220|8221|8230|39|x27|xa0);)/i;

/**
 * Would a scan of the raw text miss something a reader sees? A cheap test that spares parsing (the index reads
 * thousands of HTML checkpoints): no unusual character reference, and the text without its tags gives the
 * scanner no reason to look (`triggers`).
 */
function mayHide(html: string, triggers: (text: string) => boolean): boolean {
  for (let at = html.indexOf("&"); at !== -1; at = html.indexOf("&", at + 1)) {
    if (/[#A-Za-z]/.test(html[at + 1] ?? "") && !COMMON_REFERENCE.test(html.slice(at, at + 12))) return true;
  }
  return triggers(stripTags(html));
}

/** The text without its tags, in one pass (`/<[^>]*>/g` is quadratic on a run of `<` without `>`). */
function stripTags(html: string): string {
  let out = "";
  let from = 0;
  for (let open = html.indexOf("<"); open !== -1; open = html.indexOf("<", from)) {
    const close = html.indexOf(">", open + 1);
    if (close === -1) break;
    out += html.slice(from, open);
    from = close + 1;
  }
  return out + html.slice(from);
}

/**
 * Secrets in the decoded text of an HTML document, as spans of the raw text. `scan` finds spans in plain
 * text and rejects placeholders (it is scanSecrets' own span finder). Two readings are scanned: pieces joined
 * as they run (tokens split by tags) and pieces kept apart (tokens next to other text in a table cell).
 */
export async function decodedHtmlSpans<R>(
  html: string,
  scan: (text: string) => Promise<{ rule: R; start: number; end: number }[]>,
  triggers: (text: string) => boolean,
): Promise<RawSpan<R>[]> {
  if (!mayHide(html, triggers)) return [];
  let pieces: Piece[];
  try {
    pieces = piecesOf(html);
  } catch {
    return [];
  }
  if (pieces.length === 0) return [];
  const spans: RawSpan<R>[] = [];
  // text as it runs (a token split by tags), then every piece apart (attribute values, table cells)
  for (const [separator, from] of [["", pieces.filter((p) => !p.attribute)], ["\n", pieces]] as const) {
    if (from.length === 0) continue;
    const joined = join(from, separator);
    for (const found of await scan(joined.text)) {
      const first = pieceAt(joined, found.start);
      const last = pieceAt(joined, Math.max(found.start, found.end - 1));
      const start = rawOffset(from[first], found.start - joined.starts[first], "start");
      const end = rawOffset(from[last], found.end - joined.starts[last], "end");
      if (end > start) spans.push({ rule: found.rule, start, end });
    }
  }
  return spans;
}

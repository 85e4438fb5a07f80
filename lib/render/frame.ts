import "server-only";
import { parse, serialize, type DefaultTreeAdapterMap } from "parse5";

/**
 * The HTML of an original checkpoint for a sandboxed `srcdoc` frame. The document is parsed (parse5, as a
 * browser with scripting off would, which is what the frame is) and the policy is put first in the real
 * head: text that only looks like a head (`<!-- <head> -->`, `<textarea><head>`) cannot push it aside.
 * Nothing in the file can load anything: the policy blocks every network load (the file's own inline CSS
 * still applies), and the elements that reach the network outside CSP (`<link>`: prefetch, preconnect,
 * dns-prefetch) or navigate the frame (`<meta http-equiv=refresh>`) are dropped.
 */

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

export const FRAME_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:; form-action 'none'; base-uri 'none'";

const isElement = (node: Node): node is Element => "tagName" in node;

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function dropped(element: Element): boolean {
  if (element.tagName === "link") return true;
  if (element.tagName === "meta") {
    const equiv = attribute(element, "http-equiv")?.trim().toLowerCase();
    return equiv === "refresh" || equiv === "set-cookie";
  }
  return false;
}

function element(tagName: string, attrs: Record<string, string>, parentNode: ParentNode): Element {
  return {
    nodeName: tagName,
    tagName,
    attrs: Object.entries(attrs).map(([name, value]) => ({ name, value })),
    namespaceURI: "http://www.w3.org/1999/xhtml" as Element["namespaceURI"],
    childNodes: [],
    parentNode,
  };
}

/** Every element, without recursion (a document may nest a hundred thousand levels deep). */
function removeDropped(root: ParentNode): void {
  const stack: ParentNode[] = [root];
  while (stack.length) {
    const parent = stack.pop()!;
    parent.childNodes = parent.childNodes.filter((child) => !(isElement(child) && dropped(child)));
    for (const child of parent.childNodes) {
      if (isElement(child)) {
        stack.push(child);
        if (child.tagName === "template" && "content" in child) stack.push((child as DefaultTreeAdapterMap["template"]).content);
      }
    }
  }
}

function findChild(parent: ParentNode, tagName: string): Element | undefined {
  return parent.childNodes.find((n): n is Element => isElement(n) && n.tagName === tagName);
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

const POLICY_META = `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`;

/** Elements that start a line of their own, and how many lines of space they take besides their text (margins). */
const BLOCK_SPACE: Record<string, number> = {
  p: 0.8, div: 0, section: 0.4, article: 0.4, header: 0.4, footer: 0.4, main: 0, aside: 0.4, nav: 0.2, ul: 0.8, ol: 0.8,
  li: 0.1, dl: 0.8, dt: 0, dd: 0, table: 0.8, tr: 0.4, blockquote: 1, pre: 1.2, h1: 2.2, h2: 1.8, h3: 1.4, h4: 1.2,
  h5: 1, h6: 1, hr: 1, br: 0, form: 0.4, fieldset: 1, details: 0.4, summary: 0, figure: 1, figcaption: 0.2, label: 0,
};
/** Text characters on one line of a page's text column, and the height of a line, in CSS pixels. */
const CHARS_PER_LINE = 95;
const LINE_PX = 24;
/** Frame heights: never smaller than this, and the body's margins and a little slack on top. */
export const FRAME_MIN_PX = 200;
const FRAME_SLACK_PX = 64;

/**
 * How tall the page is, estimated from its text (the frame runs no script, so it cannot tell its height to
 * Cairn): lines of text at a reading width, plus the space of headings, paragraphs, rows and pictures.
 */
function estimateHeight(root: ParentNode): number {
  let lines = 0;
  let chars = 0;
  const endLine = () => {
    if (chars > 0) lines += Math.ceil(chars / CHARS_PER_LINE);
    chars = 0;
  };
  // [node, inside a <pre>]: preformatted text keeps its line breaks
  const stack: Array<[Node, boolean]> = [[root, false]];
  while (stack.length) {
    const [node, pre] = stack.pop()!;
    if (node.nodeName === "#text") {
      const value = (node as DefaultTreeAdapterMap["textNode"]).value;
      if (pre) {
        const rows = value.split("\n");
        for (const row of rows.slice(0, -1)) {
          chars += row.length;
          endLine();
          lines += chars === 0 && !row ? 1 : 0;
        }
        chars += rows[rows.length - 1].length;
      } else chars += value.replace(/\s+/g, " ").trim().length;
      continue;
    }
    if (!isElement(node)) {
      if ("childNodes" in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push([node.childNodes[i], pre]);
      continue;
    }
    const tag = node.tagName;
    if (tag === "head" || tag === "style" || tag === "script" || tag === "template" || tag === "noscript") continue;
    if (tag === "img" || tag === "svg" || tag === "video" || tag === "canvas" || tag === "iframe") {
      endLine();
      const height = Number(attribute(node, "height"));
      lines += Number.isFinite(height) && height > 0 ? Math.min(height, 800) / LINE_PX : 8;
      continue;
    }
    const space = BLOCK_SPACE[tag];
    if (space !== undefined) {
      endLine();
      lines += space;
    }
    const inPre = pre || tag === "pre" || tag === "textarea";
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push([node.childNodes[i], inPre]);
  }
  endLine();
  return Math.max(FRAME_MIN_PX, Math.round(lines * LINE_PX * 1.05 + FRAME_SLACK_PX));
}

/** The frame's document and the height its content needs, estimated (see estimateHeight). */
export function framedOriginal(html: string): { srcDoc: string; height: number } {
  try {
    const document = parse(html, { scriptingEnabled: false });
    removeDropped(document);
    const root = findChild(document, "html");
    const head = root && findChild(root, "head");
    if (!head) throw new Error("no head");
    const height = estimateHeight(document);
    const first = [
      element("meta", { "http-equiv": "Content-Security-Policy", content: FRAME_POLICY }, head),
      element("meta", { "http-equiv": "x-dns-prefetch-control", content: "off" }, head),
      element("base", { target: "_blank" }, head),
    ];
    head.childNodes.unshift(...first);
    return { srcDoc: serialize(document), height };
  } catch {
    // too deep to serialise, or not parseable: the source as text, under the same policy
    const lines = html.split("\n").length;
    return {
      srcDoc: `<!DOCTYPE html><html><head>${POLICY_META}</head><body><pre>${escapeText(html)}</pre></body></html>`,
      height: Math.max(FRAME_MIN_PX, Math.round(lines * 18 + FRAME_SLACK_PX)),
    };
  }
}

export function originalHtmlForFrame(html: string): string {
  return framedOriginal(html).srcDoc;
}

/** Tiny read-only helpers over a parse5 tree (no regex on markup). */
import { parse, type DefaultTreeAdapterMap } from "parse5";

export type HtmlNode = DefaultTreeAdapterMap["node"];
export type HtmlElement = DefaultTreeAdapterMap["element"];

/**
 * The last page parsed, kept for the next call with the same text: the index reads a page up to three times (the
 * secret scan for what a reader sees, its parser for the record, then lib/index/terms for the search text), and
 * parse5 is most of a page's cost (~0.3 ms per KB). The trees are only ever read (every helper here is read-only,
 * and the secret scan reads its nodes' places), so sharing one is safe. Held weakly: the tree lives to the end of
 * the task that parsed it (the scan, the parse and the search text of one document run in one), never longer.
 */
let last: { html: string; root: WeakRef<HtmlNode>; located: boolean } | null = null;

export function parseHtml(html: string): HtmlNode {
  const kept = last && last.html === html ? last.root.deref() : undefined;
  if (kept) return kept;
  const root = parse(html) as HtmlNode;
  last = { html, root: new WeakRef(root), located: false };
  return root;
}

/**
 * The page with each node's place in the text (`sourceCodeLocation`), as a browser with scripting off reads it
 * (lib/derive/secrets-html.ts maps what a reader sees back to the raw text). Scripting changes how a `<noscript>`
 * element is read and nothing else: a page without one gets the same tree as parseHtml (with places added), and
 * parseHtml then serves it.
 */
export function parseHtmlLocated(html: string): HtmlNode {
  const kept = last && last.located && last.html === html ? last.root.deref() : undefined;
  if (kept) return kept;
  const root = parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false }) as HtmlNode;
  if (!/<noscript/i.test(html)) last = { html, root: new WeakRef(root), located: true };
  return root;
}

export function isElement(node: HtmlNode): node is HtmlElement {
  return "tagName" in node;
}

function childrenOf(node: HtmlNode): HtmlNode[] {
  const children = "childNodes" in node ? (node.childNodes as HtmlNode[]) : [];
  if (isElement(node) && node.tagName === "template" && "content" in node) {
    return [...children, ...((node as DefaultTreeAdapterMap["template"]).content.childNodes as HtmlNode[])];
  }
  return children;
}

export function attr(el: HtmlElement, name: string): string | null {
  return el.attrs.find((a) => a.name === name)?.value ?? null;
}

export function hasClass(el: HtmlElement, cls: string): boolean {
  return (attr(el, "class") ?? "").split(/\s+/).includes(cls);
}

/**
 * The elements of the last page parsed, once asked for: its parser looks for the page's tags several times, and
 * one walk serves them all. Held weakly, as the page is (a WeakMap from page to elements kept every page's
 * tree past the young generation's collections: +30 MB at the peak of a cold index).
 */
let lastElements: { root: WeakRef<HtmlNode>; elements: WeakRef<readonly HtmlElement[]> } | null = null;

/** Every element under a node, in document order. */
export function allElements(root: HtmlNode): readonly HtmlElement[] {
  const page = root.nodeName === "#document";
  const known = page && lastElements?.root.deref() === root ? lastElements.elements.deref() : undefined;
  if (known) return known;
  const out: HtmlElement[] = [];
  const walk = (node: HtmlNode) => {
    for (const child of childrenOf(node)) {
      if (isElement(child)) out.push(child);
      walk(child);
    }
  };
  walk(root);
  if (page) lastElements = { root: new WeakRef(root), elements: new WeakRef(out) };
  return out;
}

export function byTag(root: HtmlNode, ...tags: string[]): HtmlElement[] {
  return allElements(root).filter((el) => tags.includes(el.tagName));
}

const BLOCK = new Set(["p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "br", "ul", "ol", "table", "section", "aside", "pre", "blockquote", "dt", "dd"]);

/** Elements whose content is never visible text. */
const TEXTLESS = new Set(["script", "style", "template", "head"]);

/** Visible text of a node: block elements become line breaks, scripts and styles are skipped. */
export function textOf(node: HtmlNode): string {
  let raw = "";
  const walk = (n: HtmlNode) => {
    if (n.nodeName === "#text" && "value" in n) {
      raw += String(n.value);
      return;
    }
    if (!isElement(n)) {
      if (n.nodeName === "#document" || n.nodeName === "#document-fragment") for (const child of childrenOf(n)) walk(child);
      return;
    }
    const tag = n.tagName;
    if (TEXTLESS.has(tag)) return;
    const block = BLOCK.has(tag);
    if (block) raw += "\n";
    if (tag === "input" && attr(n, "type") === "checkbox") raw += n.attrs.some((a) => a.name === "checked") ? "[x] " : "[ ] ";
    else if (tag === "li") raw += "- ";
    else if (tag === "td" || tag === "th") raw += " | ";
    for (const child of childrenOf(n)) walk(child);
    if (block) raw += "\n";
  };
  walk(node);
  return tidyLines(raw);
}

/** One line of visible text: runs of spaces and tabs as one space, no cell separator first, trimmed. */
function tidyLine(line: string): string {
  if (!line.includes("  ") && !line.includes("\t") && !line.startsWith(" | ")) return line.trim();
  return line.replace(/[ \t]+/g, " ").replace(/^ \| /, "").trim();
}

/** Each line tidied, no two empty lines in a row, no empty line first; trimmed. One pass, no arrays. */
function tidyLines(raw: string): string {
  if (raw.trim() === "") return "";
  let out = "";
  let kept = false;
  let previous = "";
  for (let from = 0, i = 0; from <= raw.length; i++) {
    const end = raw.indexOf("\n", from);
    const line = tidyLine(raw.slice(from, end === -1 ? raw.length : end));
    if (line || (i > 0 && previous)) {
      out += kept ? `\n${line}` : line;
      kept = true;
    }
    previous = line;
    if (end === -1) break;
    from = end + 1;
  }
  return out.trim();
}

/** Whitespace other than single spaces. */
const LOOSE_SPACE = /[^\S ]| {2}/;

const HEADING_TAGS: Record<string, string> = { h1: "#", h2: "##", h3: "###", h4: "####", h5: "#####", h6: "######" };

/**
 * The page as light Markdown (headings, list items, code spans, bold labels, paragraphs), so that the shared
 * extraction layer reads a plain HTML checkpoint's fields as it reads a Markdown one. Scripts and styles are skipped.
 */
export function markdownOf(node: HtmlNode): string {
  if (lastMarkdown && lastMarkdown.node.deref() === node) return lastMarkdown.markdown;
  let raw = "";
  const walk = (n: HtmlNode) => {
    if (n.nodeName === "#text" && "value" in n) {
      const value = String(n.value);
      // whitespace runs as one space (a text with single spaces only is kept as it is: no copy)
      raw += LOOSE_SPACE.test(value) ? value.replace(/\s+/g, " ") : value;
      return;
    }
    if (!isElement(n) && n.nodeName !== "#document" && n.nodeName !== "#document-fragment") return;
    if (isElement(n) && TEXTLESS.has(n.tagName)) return;
    const tag = isElement(n) ? n.tagName : "";
    const heading = HEADING_TAGS[tag];
    const block = BLOCK.has(tag);
    if (heading) raw += `\n${heading} `;
    else if (tag === "li") raw += "\n- ";
    else if (block) raw += "\n";
    if (tag === "input" && isElement(n) && attr(n, "type") === "checkbox") raw += n.attrs.some((a) => a.name === "checked") ? "[x] " : "[ ] ";
    const wrap = tag === "code" ? "`" : tag === "strong" || tag === "b" ? "**" : "";
    raw += wrap;
    for (const child of childrenOf(n)) walk(child);
    raw += wrap;
    if (heading || block) raw += "\n";
  };
  walk(node);
  const markdown = raw
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  lastMarkdown = { node: new WeakRef(node), markdown };
  return markdown;
}

/** The last page's Markdown, asked for by its parser and again for its search text (the page held weakly). */
let lastMarkdown: { node: WeakRef<HtmlNode>; markdown: string } | null = null;

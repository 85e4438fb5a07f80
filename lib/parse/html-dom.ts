/** Tiny read-only helpers over a parse5 tree (no regex on markup). */
import { parse, type DefaultTreeAdapterMap } from "parse5";

export type HtmlNode = DefaultTreeAdapterMap["node"];
export type HtmlElement = DefaultTreeAdapterMap["element"];

/**
 * The last page parsed, kept for the next call with the same text: the index reads a page twice (its parser for
 * the record, then lib/index/terms for the search text), and parse5 is most of a page's cost (~0.3 ms per KB).
 * The trees are only ever read (every helper here is read-only), so sharing one is safe. Held weakly: the tree
 * lives to the end of the synchronous stretch that parsed it (both reads happen in one), never longer.
 */
let last: { html: string; root: WeakRef<HtmlNode> } | null = null;

export function parseHtml(html: string): HtmlNode {
  const kept = last && last.html === html ? last.root.deref() : undefined;
  if (kept) return kept;
  const root = parse(html) as HtmlNode;
  last = { html, root: new WeakRef(root) };
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

/** Every element under a node, in document order. */
export function allElements(root: HtmlNode): HtmlElement[] {
  const out: HtmlElement[] = [];
  const walk = (node: HtmlNode) => {
    for (const child of childrenOf(node)) {
      if (isElement(child)) out.push(child);
      walk(child);
    }
  };
  walk(root);
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
  const parts: string[] = [];
  const walk = (n: HtmlNode) => {
    if (n.nodeName === "#text" && "value" in n) {
      parts.push(String(n.value));
      return;
    }
    if (!isElement(n)) {
      if (n.nodeName === "#document" || n.nodeName === "#document-fragment") for (const child of childrenOf(n)) walk(child);
      return;
    }
    const tag = n.tagName;
    if (TEXTLESS.has(tag)) return;
    const block = BLOCK.has(tag);
    if (block) parts.push("\n");
    if (tag === "input" && attr(n, "type") === "checkbox") parts.push(n.attrs.some((a) => a.name === "checked") ? "[x] " : "[ ] ");
    else if (tag === "li") parts.push("- ");
    else if (tag === "td" || tag === "th") parts.push(" | ");
    for (const child of childrenOf(n)) walk(child);
    if (block) parts.push("\n");
  };
  walk(node);
  return parts
    .join("")
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").replace(/^ \| /, "").trim())
    .filter((l, i, all) => l || (i > 0 && all[i - 1]))
    .join("\n")
    .trim();
}

const HEADING_TAGS: Record<string, string> = { h1: "#", h2: "##", h3: "###", h4: "####", h5: "#####", h6: "######" };

/**
 * The page as light Markdown (headings, list items, code spans, bold labels, paragraphs), so that the shared
 * extraction layer reads a plain HTML checkpoint's fields as it reads a Markdown one. Scripts and styles are skipped.
 */
export function markdownOf(node: HtmlNode): string {
  const parts: string[] = [];
  const walk = (n: HtmlNode) => {
    if (n.nodeName === "#text" && "value" in n) {
      parts.push(String(n.value).replace(/\s+/g, " "));
      return;
    }
    if (!isElement(n) && n.nodeName !== "#document" && n.nodeName !== "#document-fragment") return;
    if (isElement(n) && ["script", "style", "template", "head"].includes(n.tagName)) return;
    const tag = isElement(n) ? n.tagName : "";
    const heading = HEADING_TAGS[tag];
    const block = BLOCK.has(tag);
    if (heading) parts.push(`\n${heading} `);
    else if (tag === "li") parts.push("\n- ");
    else if (block) parts.push("\n");
    if (tag === "input" && isElement(n) && attr(n, "type") === "checkbox") parts.push(n.attrs.some((a) => a.name === "checked") ? "[x] " : "[ ] ");
    const wrap = tag === "code" ? "`" : tag === "strong" || tag === "b" ? "**" : "";
    parts.push(wrap);
    for (const child of childrenOf(n)) walk(child);
    parts.push(wrap);
    if (heading || block) parts.push("\n");
  };
  walk(node);
  return parts
    .join("")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

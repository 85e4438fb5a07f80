import "server-only";
import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

/**
 * Markdown from checkpoint files, rendered for display: GitHub-flavoured, raw HTML dropped, sanitised
 * (no scripts, no event handlers, no javascript: links), and no remote images (a checkpoint must not
 * be able to tell anyone that it was opened).
 */

function altText(node: Element): string {
  const alt = node.properties?.alt;
  return typeof alt === "string" && alt.trim() ? alt.trim() : "image";
}

function replaceImages(children: (RootContent | ElementContent)[]): void {
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type !== "element") continue;
    if (child.tagName === "img") {
      children[i] = {
        type: "element",
        tagName: "span",
        properties: { className: ["md-image"] },
        children: [{ type: "text", value: `[${altText(child)}]` }],
      };
      continue;
    }
    replaceImages(child.children);
  }
}

function rehypeNoImages() {
  return (tree: Root) => replaceImages(tree.children);
}

/** External links open outside Cairn and tell the target nothing. */
function markLinks(children: (RootContent | ElementContent)[]): void {
  for (const child of children) {
    if (child.type !== "element") continue;
    if (child.tagName === "a" && typeof child.properties?.href === "string" && /^https?:/i.test(child.properties.href)) {
      child.properties.rel = ["noopener", "noreferrer", "nofollow"];
      child.properties.target = "_blank";
    }
    markLinks(child.children);
  }
}

function rehypeExternalLinks() {
  return (tree: Root) => markLinks(tree.children);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, defaultSchema)
  .use(rehypeNoImages)
  .use(rehypeExternalLinks)
  .use(rehypeStringify)
  .freeze();

/** Sanitised HTML for a Markdown text. */
export function renderMarkdown(markdown: string): string {
  if (!markdown.trim()) return "";
  return String(processor.processSync(markdown));
}

/** A leading YAML frontmatter block, split from the body so it is not rendered as a heading. */
export function splitFrontmatter(text: string): { frontmatter: string | null; body: string } {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { frontmatter: null, body: text };
  return { frontmatter: match[1], body: text.slice(match[0].length) };
}

/**
 * The HTML of an original checkpoint for a sandboxed `srcdoc` frame: a Content-Security-Policy that
 * blocks every network load (the file's own inline CSS still applies), and nothing else changed.
 */
export function originalHtmlForFrame(html: string): string {
  const csp =
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'">` +
    `<base target="_blank">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + csp + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + csp + html.slice(doctype[0].length);
  return csp + html;
}

import "server-only";
import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { RenderCache } from "./cache";
import { blockBoundaryBefore, splitHostile } from "./defuse";

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

/**
 * A file's headings one level down (`#` becomes <h2>, …; <h6> stays): the page around it has the one <h1>, its
 * own title, and the file's sections sit under the page's headings.
 */
function demoteHeadings(children: (RootContent | ElementContent)[]): void {
  for (const child of children) {
    if (child.type !== "element") continue;
    const level = /^h([1-6])$/.exec(child.tagName)?.[1];
    if (level) child.tagName = `h${Math.min(6, Number(level) + 1)}`;
    demoteHeadings(child.children);
  }
}

function rehypeDemoteHeadings() {
  return (tree: Root) => demoteHeadings(tree.children);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, defaultSchema)
  .use(rehypeNoImages)
  .use(rehypeExternalLinks)
  .use(rehypeDemoteHeadings)
  .use(rehypeStringify)
  .freeze();

/** Characters of Markdown formatted per page view (real checkpoints: 99 in 100 are under 31 KB). */
export const FORMAT_BUDGET_CHARS = 32 * 1024;
/** What one render counts against the budget at least, however short its text. */
const MIN_RENDER_COST = 512;
/** Characters shown as plain text per page view at most, past the formatting budget. */
export const PLAIN_MAX_CHARS = 128 * 1024;

/**
 * What one page view may still format. micromark formats a few hundred KB a second at best: a page shares
 * one budget across everything it renders, and what does not fit is shown as plain text instead, so a huge
 * checkpoint costs a bounded time to view (and nothing the second time: results are cached).
 */
export interface RenderBudget {
  /** Characters of Markdown that may still be formatted. */
  left: number;
  /** Characters that may still be shown as plain text. */
  plainLeft: number;
}

export function renderBudget(chars = FORMAT_BUDGET_CHARS, plainChars = PLAIN_MAX_CHARS): RenderBudget {
  return { left: chars, plainLeft: plainChars };
}

/** Has this page view shown all the plain text it may? Then the rest is left out, with a note. */
export function budgetSpent(budget: RenderBudget): boolean {
  return budget.plainLeft <= 0;
}

const cache = new RenderCache();

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function kb(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1024))} KB`;
}

/** A text shown as written (escaped, never formatted), as much of it as the page's plain budget allows. */
export function plainTextHtml(text: string, budget: RenderBudget = renderBudget()): string {
  if (!text.trim()) return "";
  const room = Math.max(0, budget.plainLeft);
  const shown = text.length > room ? text.slice(0, room) : text;
  budget.plainLeft -= shown.length;
  const rest = text.length - shown.length;
  if (!shown) return `<p class="md-cut">${kb(rest)} not shown here.</p>`;
  const more = rest > 0 ? `<p class="md-cut">… ${kb(rest)} more not shown here.</p>` : "";
  return `<pre class="md-plain">${escapeHtml(shown)}</pre>${more}`;
}

/** Markdown formatted in one go at most: between pieces the page's render gives way to other requests. */
export const CHUNK_CHARS = 4 * 1024;

/**
 * A render as a sequence of steps: it yields between pieces of at most CHUNK_CHARS (cut between blocks), so
 * that the page can let other requests run in between (renderMarkdownYielding) while scripts and tests run
 * it straight through (renderMarkdown).
 */
export type Steps<T> = Generator<void, T, void>;

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runStepsYielding<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await giveWay();
  }
}

function* formatSteps(markdown: string): Steps<string> {
  let html = "";
  for (const segment of splitHostile(markdown)) {
    if (segment.plain) {
      html += `<p class="md-plain">${escapeHtml(segment.text)}</p>`;
      continue;
    }
    let rest = segment.text;
    while (rest) {
      const cut = blockBoundaryBefore(rest, CHUNK_CHARS, true) || rest.length;
      const piece = rest.slice(0, cut);
      rest = rest.slice(cut);
      try {
        html += String(processor.processSync(piece));
      } catch {
        html += `<pre class="md-plain">${escapeHtml(piece)}</pre>`; // a nesting too deep for the renderer
      }
      if (rest) yield;
    }
  }
  return html;
}

/**
 * Sanitised HTML for a Markdown text, within the budget: a text larger than what the budget has left is shown
 * as plain text. Pathological paragraphs are shown as plain text (./defuse), and a render that fails (a
 * nesting too deep for the renderer) falls back to plain text.
 */
export function* renderMarkdownSteps(markdown: string, budget: RenderBudget = renderBudget()): Steps<string> {
  if (!markdown.trim()) return "";
  const key = RenderCache.key("md", markdown);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // each call costs at least a small block: ten thousand one-line sections do not make ten thousand renders
  const cost = Math.max(markdown.length, MIN_RENDER_COST);
  if (cost > budget.left) return plainTextHtml(markdown, budget);
  budget.left -= cost;
  const html = yield* formatSteps(markdown);
  cache.set(key, html);
  return html;
}

export function renderMarkdown(markdown: string, budget: RenderBudget = renderBudget()): string {
  return runSteps(renderMarkdownSteps(markdown, budget));
}

export function renderMarkdownYielding(markdown: string, budget: RenderBudget = renderBudget()): Promise<string> {
  return runStepsYielding(renderMarkdownSteps(markdown, budget));
}

export interface PartialRender {
  html: string;
  /** Characters formatted; the rest (if any) is in `html` as plain text, or not shown. */
  formatted: number;
  /** Characters of the text shown at all. */
  shown: number;
  total: number;
}

/**
 * A long Markdown text rendered as far as the budget goes (cut between blocks), the rest as plain text:
 * the original view of a huge checkpoint.
 */
export function* renderMarkdownPrefixSteps(markdown: string, budget: RenderBudget = renderBudget()): Steps<PartialRender> {
  const total = markdown.length;
  const cut = blockBoundaryBefore(markdown, budget.left);
  if (cut >= total) {
    const html = yield* renderMarkdownSteps(markdown, budget);
    return { html, formatted: total, shown: total, total };
  }
  const head = markdown.slice(0, cut);
  const tail = markdown.slice(cut);
  const room = budget.plainLeft;
  const html = (yield* renderMarkdownSteps(head, budget)) + plainTextHtml(tail, budget);
  return { html, formatted: cut, shown: cut + Math.min(tail.length, Math.max(0, room)), total };
}

/** A leading YAML frontmatter block, split from the body so it is not rendered as a heading. */
export function splitFrontmatter(text: string): { frontmatter: string | null; body: string } {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { frontmatter: null, body: text };
  return { frontmatter: match[1], body: text.slice(match[0].length) };
}

export { originalHtmlForFrame } from "./frame";

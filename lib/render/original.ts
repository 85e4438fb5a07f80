import "server-only";
import type { DocumentRow } from "../../db/schema";
import { RenderCache } from "./cache";
import { framedOriginal } from "./frame";
import { PLAIN_MAX_CHARS, renderBudget, renderMarkdownPrefixSteps, runSteps, runStepsYielding, splitFrontmatter, type RenderBudget, type Steps } from "./markdown";

/** HTML originals are framed up to this size; past it the frame shows the beginning of the file. */
export const FRAME_MAX_CHARS = 512 * 1024;

export type OriginalProps =
  /** `height`: the CSS pixels the page needs, estimated on the server (the frame runs no script to tell). */
  | { kind: "html"; srcDoc: string; height: number; source: string; note: string | null }
  | { kind: "markdown"; html: string; frontmatter: string | null; source: string; note: string | null };

const frames = new RenderCache(64, 32 * 1024 * 1024);
const heights = new RenderCache(256, 1024 * 1024);

function size(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1024))} KB`;
}

/** The source shown beside the rendering (in a closed <details>), at most PLAIN_MAX_CHARS of it. */
function sourceOf(text: string): string {
  return text.length > PLAIN_MAX_CHARS ? `${text.slice(0, PLAIN_MAX_CHARS)}\n\n… ${size(text.length - PLAIN_MAX_CHARS)} more not shown.` : text;
}

function framed(html: string): { srcDoc: string; height: number } {
  const key = RenderCache.key("frame", html);
  const hit = frames.get(key);
  const height = heights.get(key);
  if (hit !== undefined && height !== undefined) return { srcDoc: hit, height: Number(height) };
  const frame = framedOriginal(html);
  frames.set(key, frame.srcDoc);
  heights.set(key, String(frame.height));
  return frame;
}

/**
 * The original view of a document, from what the index stored (never the file): HTML for a sandboxed frame,
 * or Markdown rendered and sanitised. Huge documents are rendered in part, with a note that says so.
 */
function* originalSteps(doc: Pick<DocumentRow, "format" | "original">, budget: RenderBudget): Steps<OriginalProps> {
  const text = doc.original;
  if (doc.format === "html") {
    const cut = text.length > FRAME_MAX_CHARS;
    const note = cut ? `This file is ${size(text.length)}: the frame shows its first ${size(FRAME_MAX_CHARS)}.` : null;
    return { kind: "html", ...framed(cut ? text.slice(0, FRAME_MAX_CHARS) : text), source: sourceOf(text), note };
  }
  const { frontmatter, body } = splitFrontmatter(text);
  const render = yield* renderMarkdownPrefixSteps(body, budget);
  let note: string | null = null;
  if (render.formatted < render.total) {
    note =
      render.shown < render.total
        ? `This file is ${size(render.total)}: the first ${size(render.formatted)} are formatted, the next ${size(render.shown - render.formatted)} shown as plain text, and the rest is not shown.`
        : `This file is ${size(render.total)}: the first ${size(render.formatted)} are formatted and the rest is shown as plain text.`;
  }
  return { kind: "markdown", html: render.html, frontmatter, source: sourceOf(text), note };
}

export function originalView(doc: Pick<DocumentRow, "format" | "original">, budget: RenderBudget = renderBudget()): OriginalProps {
  return runSteps(originalSteps(doc, budget));
}

/** The same, giving way to other requests between pieces of the render: what the page uses. */
export function originalViewYielding(doc: Pick<DocumentRow, "format" | "original">, budget: RenderBudget = renderBudget()): Promise<OriginalProps> {
  return runStepsYielding(originalSteps(doc, budget));
}

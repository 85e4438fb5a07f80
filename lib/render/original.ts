import "server-only";
import type { DocumentRow } from "../../db/schema";
import { originalHtmlForFrame, renderMarkdown, splitFrontmatter } from "./markdown";

export type OriginalProps =
  | { kind: "html"; srcDoc: string; source: string }
  | { kind: "markdown"; html: string; frontmatter: string | null; source: string };

/** The original view of a document: HTML for a sandboxed frame, or Markdown rendered and sanitised. */
export function originalView(doc: Pick<DocumentRow, "format" | "original">): OriginalProps {
  if (doc.format === "html") return { kind: "html", srcDoc: originalHtmlForFrame(doc.original), source: doc.original };
  const { frontmatter, body } = splitFrontmatter(doc.original);
  return { kind: "markdown", html: renderMarkdown(body), frontmatter, source: doc.original };
}

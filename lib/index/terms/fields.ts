/**
 * What the search reads of a document, each word once, in the fields it is weighted by: the title; the
 * branch and paths (the file's own, the repository's name, every file it names); next steps and remaining
 * work; decisions and gotchas; and everything else (the preamble under the title, every other section,
 * tables, frontmatter and key/value lines, an HTML page's visible text, a data file's keys and values; a convention
 * unit's companion files).
 *
 * A Markdown file is split line by line on its own outline, so a subsection is read once (under the
 * field of its nearest heading that names one), not again inside its parent.
 */
import { basename } from "node:path";
import { markdownOf, parseHtml } from "../../parse/html-dom";
import { canonicalHeading } from "../../parse/heuristics/headings";
import { outline, titleHeading } from "../../parse/heuristics/markdown";
import type { CanonicalSection, ParsedDocument } from "../../parse/types";
import { companionSearchText } from "../companion-text";
import { analyze } from "./analyze";

export const SEARCH_FIELDS = ["title", "paths", "next", "decisions", "body"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchFields = Record<SearchField, string>;

const FIELD_OF: Partial<Record<CanonicalSection, SearchField>> = {
  "next-steps": "next",
  remaining: "next",
  "working-on": "next",
  blockers: "next",
  decisions: "decisions",
  gotchas: "decisions",
};

/** Pages are read up to here for search (an HTML page of several MB is mostly markup). */
const MAX_TEXT = 2 * 1024 * 1024;

function isHtml(doc: ParsedDocument, path: string): boolean {
  return doc.format === "html" || /\.html?$/i.test(path);
}

/** The readable text of a document: Markdown as written, an HTML page as light Markdown, data as written. */
export function readableText(doc: ParsedDocument, text: string, path: string): string {
  const capped = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  return isHtml(doc, path) ? markdownOf(parseHtml(capped)) : capped;
}

/** Lines of a Markdown text sorted into fields; the title heading's line is left out when it is the title. */
function splitMarkdown(markdown: string, title: string | null): Record<"next" | "decisions" | "body", string[]> {
  const o = outline(markdown);
  const out = { next: [] as string[], decisions: [] as string[], body: [] as string[] };
  const titleLine = titleHeading(o)?.line ?? null;
  const fieldAt = new Map<number, SearchField>();
  const stack: { level: number; field: SearchField | null }[] = [];
  for (const heading of o.headings) {
    while (stack.length && stack[stack.length - 1].level >= heading.level) stack.pop();
    const canonical = canonicalHeading(heading.text);
    const field = (canonical && FIELD_OF[canonical]) || (canonical ? null : stack[stack.length - 1]?.field ?? null);
    stack.push({ level: heading.level, field });
    fieldAt.set(heading.line, field ?? "body");
  }
  let field: SearchField = "body";
  o.lines.forEach((line, i) => {
    const starts = fieldAt.get(i);
    if (starts !== undefined) field = starts;
    if (i === titleLine && title && line.includes(title)) return;
    if (!line.trim()) return;
    (out[field as "next" | "decisions" | "body"] ?? out.body).push(line);
  });
  return out;
}

export interface DocumentSearchText {
  /** Readable text of the whole document, each part once: stored as the body (snippets, exact search). */
  body: string;
  /** Each field's terms (analyzed), for the ranked index. */
  terms: SearchFields;
}

export function searchText(doc: ParsedDocument, redacted: string, path: string, repoPath?: string | null): DocumentSearchText {
  const readable = readableText(doc, redacted, path);
  const paths = [path, repoPath ? basename(repoPath) : "", doc.branch ?? "", doc.project ?? "", ...doc.references.map((r) => r.path)].filter(Boolean).join("\n");
  const fields =
    doc.format === "data"
      ? { next: sectionsText(doc, "next"), decisions: sectionsText(doc, "decisions"), body: [readable] }
      : splitMarkdown(readable, doc.title);
  // a convention unit's companions (plan.md, research.md...: redacted and capped) are searched as its body
  const companions = companionSearchText(doc);
  if (companions) fields.body.push(companions);
  return {
    body: companions ? `${readable}\n\n${companions}` : readable,
    terms: {
      title: analyze(doc.title ?? ""),
      paths: analyze(paths),
      next: analyze(fields.next.join("\n")),
      decisions: analyze(fields.decisions.join("\n")),
      body: analyze(fields.body.join("\n")),
    },
  };
}

/** A data file's sections of one field (its keys named them): their values are in its text too. */
function sectionsText(doc: ParsedDocument, field: SearchField): string[] {
  return doc.sections.filter((s) => s.canonical && FIELD_OF[s.canonical] === field).map((s) => s.text);
}

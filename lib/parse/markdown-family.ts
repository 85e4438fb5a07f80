/** The common path of every Markdown family: normalise, split frontmatter, read the body, apply frontmatter. */
import type { Format, Kind, ParseInput, ParsedDocument } from "./types";
import { fmList, fmString, flattenFrontmatter, readFrontmatter, type FrontmatterBlock } from "./heuristics/frontmatter-block";
import { frontmatterPairs } from "./heuristics/keyvalue";
import { normaliseStatus } from "./heuristics/status";
import { normaliseText } from "./heuristics/text";
import { addReference, readMarkdown, type MarkdownRead } from "./markdown-document";

export interface FamilyOptions {
  format: Format;
  kind?: Kind;
  hasTasks?: boolean;
}

export interface FamilyRead extends MarkdownRead {
  frontmatter: FrontmatterBlock;
  problems: string[];
  /** The normalised body (frontmatter removed). */
  body: string;
}

/** Epoch seconds / milliseconds written as a number. */
function epochToIso(value: string | null): string | null {
  if (!value || !/^\d{10}(\d{3})?$/.test(value)) return null;
  const millis = value.length === 13 ? Number(value) : Number(value) * 1000;
  return new Date(millis).toISOString();
}

/** Frontmatter fields that every family understands, applied over what the body said. */
function applyFrontmatter(doc: ParsedDocument, data: Record<string, unknown>, problems: string[]): void {
  // title, status, branch, commit and dates come through the extraction layer (frontmatter pairs first)
  const status = normaliseStatus(fmString(data, "status", "state"));
  if (status && !status.status) problems.push(`unknown status "${status.raw}"`);
  const project = fmString(data, "project", "project_path", "repo", "repository");
  if (project) doc.project = project;
  const dirty = fmString(data, "dirty_files");
  if (dirty && /^\d+$/.test(dirty)) doc.dirtySaved = Number(dirty);
  for (const key of ["plans_in_progress", "research_files"] as const) {
    const paths = fmList(data, key);
    paths.forEach((p) => addReference(doc.references, p, key === "research_files" ? "research" : "plan"));
    if (paths.length) doc.meta[key === "research_files" ? "researchFiles" : "plansInProgress"] = paths;
  }
}

/** Read a Markdown file of any family. Returns null for an empty file. */
export function readMarkdownFile(input: ParseInput, options: FamilyOptions): FamilyRead | null {
  const text = normaliseText(input.text);
  if (!text.trim()) return null;
  const frontmatter = readFrontmatter(text);
  const data = flattenFrontmatter(frontmatter.data);
  const pairs = frontmatterPairs(data).map((p) => {
    const epoch = epochToIso(p.value);
    return epoch ? { ...p, value: epoch } : p;
  });
  const read = readMarkdown({
    format: options.format,
    kind: options.kind,
    path: input.path,
    body: frontmatter.body,
    frontmatter: pairs,
    hasTasks: options.hasTasks,
  });
  const problems = [...frontmatter.problems];
  if (data) {
    applyFrontmatter(read.document, data, problems);
    read.document.meta.frontmatter = data;
  } else if (frontmatter.raw !== null) {
    read.document.meta.frontmatterRaw = frontmatter.raw;
  }
  return { ...read, frontmatter, problems, body: frontmatter.body };
}

export const EMPTY_FILE = { document: null, problems: ["file is empty"] };

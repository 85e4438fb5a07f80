/** Shared reading of a Markdown checkpoint body through the heuristics: every Markdown family starts here. */
import { emptyDocument } from "./types";
import type { CanonicalSection, Format, Kind, ParsedDocument, ParsedReference, ReferenceRole } from "./types";
import { canonicalHeading } from "./heuristics/headings";
import { extractKeyValues, type KeyValue } from "./heuristics/keyvalue";
import { outline, sectionsOf, titleHeading, type Outline } from "./heuristics/markdown";
import { gitStatusPath, pathsInLine } from "./heuristics/paths";
import { supersededNotice } from "./heuristics/status";
import { readCheckbox } from "./heuristics/tasks";
import { tasksByRule } from "./heuristics/task-rule";
import { extractFields, titleText } from "./extract";

export interface MarkdownReadOptions {
  format: Format;
  kind?: Kind;
  path: string;
  /** Body text, already normalised, frontmatter removed. */
  body: string;
  /** Frontmatter keys as pairs: tried before the body. */
  frontmatter?: KeyValue[];
  /** Does the family keep a task list? (false => tasks null) */
  hasTasks?: boolean;
}

export interface MarkdownRead {
  document: ParsedDocument;
  outline: Outline;
  pairs: KeyValue[];
  titleLine: number | null;
}

const ROLE_BY_SECTION: Partial<Record<CanonicalSection, ReferenceRole>> = {
  "key-files": "key",
  "modified-files": "modified",
  research: "research",
};
const ROLE_RANK: Record<ReferenceRole, number> = { key: 4, modified: 3, plan: 2, research: 2, mentioned: 1 };
/** Heading text as a title: plain words, without one of the exact template labels ("Checkpoint: X" -> "X"). */
export function cleanTitle(text: string | null | undefined): string | null {
  return titleText(text?.replace(/\s*\[checkpoint\]\s*$/i, ""));
}

/** Merge a reference into the list, keeping the strongest role per path. */
export function addReference(refs: ParsedReference[], path: string, role: ReferenceRole): void {
  const existing = refs.find((r) => r.path === path);
  if (!existing) refs.push({ path, role });
  else if (ROLE_RANK[role] > ROLE_RANK[existing.role]) existing.role = role;
}

/** Read a Markdown body into a document with the shared extraction layer and the one task rule. */
export function readMarkdown(options: MarkdownReadOptions): MarkdownRead {
  const doc = emptyDocument(options.format, options.kind ?? "checkpoint");
  const o = outline(options.body);
  const title = titleHeading(o);
  const titleLine = title?.line ?? null;
  doc.sections = sectionsOf(o, titleLine);
  const pairs = extractKeyValues(o.lines, o.inCode);

  const fields = extractFields({ outline: o, pairs, frontmatter: options.frontmatter ?? [], path: options.path });
  doc.title = fields.title;
  doc.status = fields.status;
  doc.statusRaw = fields.statusRaw;
  doc.branch = fields.branch;
  doc.headSha = fields.headSha;
  doc.project = fields.project;
  doc.savedAt = fields.savedAt;
  doc.savedAtSource = fields.savedAtSource;
  if (fields.savedDay) doc.meta.savedDate = fields.savedDay;
  doc.fieldSources = { ...fields.sources };
  const superseded = supersededNotice(options.body);
  if (superseded) {
    doc.status = "superseded";
    doc.statusRaw = superseded;
    doc.fieldSources.status = "blockquote:superseded";
  }

  // the section of each heading, worked out once per heading (not once per line: linear in the document)
  const sectionOfHeading: (CanonicalSection | null)[] = [];
  o.headings.forEach((heading, h) => {
    const canonical = canonicalHeading(heading.text);
    sectionOfHeading.push(canonical ?? (heading.level <= 2 || h === 0 ? null : sectionOfHeading[h - 1]));
  });
  const realHeadingLines = new Set(o.headings.filter((h) => !h.pseudo).map((h) => h.line));
  let headingCursor = -1;
  const canonicalAt = (line: number): CanonicalSection | null => {
    // lines are asked in order: the nearest heading above moves forward only
    while (headingCursor + 1 < o.headings.length && o.headings[headingCursor + 1].line <= line) headingCursor++;
    return headingCursor >= 0 ? sectionOfHeading[headingCursor] : null;
  };
  if (options.hasTasks !== false) {
    const tasks = tasksByRule(o);
    doc.tasks = tasks;
    if (tasks.length) doc.fieldSources.tasks = tasks.length && o.lines.some((l, i) => !o.inCode[i] && readCheckbox(l)) ? "checkboxes" : "remaining-work";
  }

  o.lines.forEach((line, index) => {
    if (o.inCode[index] || realHeadingLines.has(index)) return;
    const canonical = canonicalAt(index);
    const role = (canonical && ROLE_BY_SECTION[canonical]) ?? "mentioned";
    const status = canonical === "modified-files" ? gitStatusPath(line) : null;
    if (status) addReference(doc.references, status, role);
    for (const path of pathsInLine(line)) addReference(doc.references, path, role);
  });
  return { document: doc, outline: o, pairs, titleLine };
}

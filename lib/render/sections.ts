import "server-only";
import type { ReferencedFileRow, SectionRow } from "../../db/schema";
import { outline } from "../parse/heuristics/markdown";
import { squash, stripInlineMarkdown } from "../parse/heuristics/text";
import { CANONICAL_SECTIONS } from "../parse/types";
import { budgetSpent, renderBudget, renderMarkdownSteps, runSteps, runStepsYielding, type RenderBudget, type Steps } from "./markdown";

/** One section of the normalised view, ready to draw. */
export type SectionBlock =
  | { type: "text"; key: string; heading: string; canonical: string | null; html: string }
  /** The remaining-work section: the checklist, plus whatever prose the section held besides its list. */
  | { type: "checklist"; key: string; heading: string; canonical: string | null; html: string }
  /** Key or modified files: the referenced files marked present or missing, with the note written beside each. */
  | { type: "files"; key: string; heading: string; canonical: string | null; role: "key" | "modified"; files: FileEntry[] };

export interface FileEntry {
  path: string;
  /** false: referenced_files.existsNow === false; null: not checked (outside a repository). */
  present: boolean | null;
  note: string;
}

const ORDER = new Map<string, number>(CANONICAL_SECTIONS.map((c, i) => [c, i]));
const LIST_LINE = /^\s*(?:[-*+]|\d+[.)])\s+/;
/** The sections whose list the task checklist replaces (the first one present). */
export const CHECKLIST_HOMES = ["remaining", "next-steps"];

function rank(section: Pick<SectionRow, "canonical">): number {
  return section.canonical ? (ORDER.get(section.canonical) ?? CANONICAL_SECTIONS.length) : CANONICAL_SECTIONS.length;
}

/** Sections in the canonical order of lib/parse/types (stable: unknown sections keep their order, last). */
export function canonicalOrder<T extends Pick<SectionRow, "canonical" | "position">>(sections: readonly T[]): T[] {
  return [...sections].sort((a, b) => rank(a) - rank(b) || a.position - b.position);
}

/**
 * The sections the normalised view draws, each with the text it shows, so that each fact is shown once. A section's
 * stored text holds its sub-sections (`## Current State Summary` holds `### Decisions Made`, `### Immediate Next
 * Steps`, …), which are also sections of their own. A sub-section that names a canonical section of its own (other
 * than its parent's) is drawn in its place in the fixed order and cut out of its parent's text; any other
 * sub-section stays inside its parent's text and is not drawn again.
 */
export function shownSections<T extends Pick<SectionRow, "canonical" | "position" | "level" | "heading" | "text">>(
  sections: readonly T[],
): Array<{ section: T; text: string }> {
  const rows = [...sections].sort((a, b) => a.position - b.position);
  const parent: number[] = [];
  const blockOf: number[] = [];
  const subtreeEnd: number[] = rows.map(() => rows.length);
  const stack: number[] = [];
  rows.forEach((row, i) => {
    while (stack.length && rows[stack[stack.length - 1]].level >= row.level) subtreeEnd[stack.pop()!] = i;
    const p = stack.length ? stack[stack.length - 1] : -1;
    parent.push(p);
    const drawn = p < 0 || (row.canonical !== null && row.canonical !== rows[blockOf[p]].canonical);
    blockOf.push(drawn ? i : blockOf[p]);
    stack.push(i);
  });
  const shown: Array<{ section: T; text: string }> = [];
  rows.forEach((row, i) => {
    if (blockOf[i] !== i) return;
    const cuts = Array.from({ length: subtreeEnd[i] - i - 1 }, (_, k) => i + 1 + k).filter((d) => blockOf[d] === d);
    shown.push({ section: row, text: cuts.length ? withoutSubsections(row.text, rows, i, subtreeEnd, cuts) : row.text });
  });
  return shown;
}

/** A section's text without the sub-sections drawn on their own: found by their headings, in document order. */
function withoutSubsections(
  text: string,
  rows: readonly Pick<SectionRow, "heading">[],
  index: number,
  subtreeEnd: readonly number[],
  cuts: readonly number[],
): string {
  const local = outline(text);
  const keys = local.headings.map((h) => squash(stripInlineMarkdown(h.text)));
  const lineOf = new Map<number, number>();
  let cursor = 0;
  for (let d = index + 1; d < subtreeEnd[index]; d++) {
    // the next heading with this text; one not found (written otherwise) is left in place, never searched twice
    let at = cursor;
    while (at < keys.length && keys[at] !== rows[d].heading) at++;
    if (at === keys.length) continue;
    lineOf.set(d, local.headings[at].line);
    cursor = at + 1;
  }
  const dropped = new Array<boolean>(local.lines.length).fill(false);
  for (const c of cuts) {
    const from = lineOf.get(c);
    if (from === undefined) continue;
    let to = local.lines.length;
    for (let d = subtreeEnd[c]; d < subtreeEnd[index]; d++) {
      const line = lineOf.get(d);
      if (line !== undefined) {
        to = line;
        break;
      }
    }
    for (let l = from; l < to; l++) dropped[l] = true;
  }
  return local.lines
    .filter((_, l) => !dropped[l])
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** `**Status:** in progress`, `**Next steps**: …`: a line that opens with a bold label. */
const LABEL_LINE = /^ ?(?:\*\*|__)[^*_\n]{1,80}?(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:)/;
/** A row of a table as the HTML reader writes it: cells joined by " | ". */
const PIPE_ROW = / \| /;

function cellsOf(line: string): string[] {
  return line.split(" | ").map((c) => c.trim());
}

/**
 * A section's text made readable as Markdown: consecutive bold-label lines (`**Status:** …` then `**Next steps:** …`,
 * as CLAUDE.md session entries are written) each start a paragraph of their own instead of running together, and
 * the tables the HTML reader wrote as `cell | cell` rows (one or no blank line between rows, the same number of
 * cells) become Markdown tables. Code fences are left alone.
 */
export function readableText(text: string, fromHtml = false): string {
  if (!text.includes("**") && !text.includes("__") && !(fromHtml && text.includes(" | "))) return text;
  const o = outline(text);
  const out: string[] = [];
  for (let i = 0; i < o.lines.length; i++) {
    const line = o.lines[i];
    if (o.inCode[i]) {
      out.push(line);
      continue;
    }
    if (fromHtml && PIPE_ROW.test(line) && !line.trimStart().startsWith("|")) {
      const rows = [line];
      let j = i + 1;
      for (;;) {
        const next = o.lines[j]?.trim() === "" ? j + 1 : j;
        const row = o.lines[next];
        if (row === undefined || o.inCode[next] || !PIPE_ROW.test(row) || cellsOf(row).length !== cellsOf(line).length) break;
        rows.push(row);
        j = next + 1;
      }
      if (rows.length >= 2) {
        const cells = rows.map((r) => cellsOf(r).map((c) => c.replace(/\|/g, "\\|")));
        if (out.length && out[out.length - 1].trim()) out.push("");
        out.push(`| ${cells[0].join(" | ")} |`, `|${cells[0].map(() => " --- ").join("|")}|`, ...cells.slice(1).map((c) => `| ${c.join(" | ")} |`), "");
        i = j - 1;
        continue;
      }
    }
    const previous = out[out.length - 1];
    if (LABEL_LINE.test(line) && previous !== undefined && previous.trim() && !o.inCode[i - 1]) out.push("");
    out.push(line);
  }
  return out.join("\n");
}

/** A checklist section's text without its list lines: what the section holds besides the tasks. */
export function proseOf(text: string): string {
  return text.split("\n").filter((l) => !LIST_LINE.test(l)).join("\n").trim();
}

/** Sections shown at most (a document may hold thousands of headings). */
export const MAX_SECTIONS = 200;
/** File entries shown per section at most (a document may list thousands of paths). */
export const MAX_FILE_ENTRIES = 500;

/** Trim the characters of `set` from both ends; linear (a regular expression like `[\s|:*]+$` is not). */
function trimChars(text: string, leading: string, trailing = leading): string {
  let start = 0;
  let end = text.length;
  while (start < end && leading.includes(text[start])) start++;
  while (end > start && trailing.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

/** What the author wrote beside a path on its line ("src/app.ts | worth reading first" -> "worth reading first"). */
function noteFor(path: string, lines: readonly string[]): string {
  const line = lines.find((l) => l.includes(path));
  if (!line) return "";
  const rest = trimChars(line.replace(path, "").replace(/`+/g, "").slice(0, 400), " \t|:*-—–>", " \t|:*");
  return trimChars(rest.replace(/\s*\|\s*/g, " · "), "-—–:· \t").trim();
}

function files(refs: ReferencedFileRow[], role: "key" | "modified", text: string): FileEntry[] {
  const seen = new Set<string>();
  const lines = text ? text.split("\n") : [];
  return refs
    .filter((r) => r.role === role && !seen.has(r.path) && seen.add(r.path))
    .slice(0, MAX_FILE_ENTRIES)
    .map((r) => ({ path: r.path, present: r.existsNow === null ? null : r.existsNow, note: noteFor(r.path, lines) }));
}

export interface ViewOptions {
  hasTasks: boolean;
  references: ReferencedFileRow[];
  /** The sections were read from an HTML page: their tables are `cell | cell` rows (see readableText). */
  fromHtml?: boolean;
  /** The sections are a data checkpoint's values (JSON, YAML): text, never HTML (`<b>` shows as written). */
  fromData?: boolean;
  budget?: RenderBudget;
}

/** A data value as Markdown text: its markup characters escaped, so that no tag in it is ever parsed. */
export function dataText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Sections in the canonical order of lib/parse/types (stable: unknown sections keep their order, last),
 * under the headings the author wrote. The task list replaces the list of the first remaining / next-steps
 * section, or comes first when no section holds it.
 */
function* sectionBlocksSteps(
  sections: SectionRow[],
  opts: ViewOptions,
): Steps<{ blocks: SectionBlock[]; checklistPlaced: boolean }> {
  const budget = opts.budget ?? renderBudget();
  const ordered = canonicalOrder(shownSections(sections).map(({ section, text }) => ({ ...section, text })));
  const prose = (text: string) => (opts.fromData ? dataText(text) : readableText(text, opts.fromHtml));
  const home = opts.hasTasks ? CHECKLIST_HOMES.map((c) => ordered.find((s) => s.canonical === c)).find(Boolean) : undefined;
  const blocks: SectionBlock[] = [];
  for (const [index, s] of ordered.entries()) {
    if (blocks.length) yield;
    if (index >= MAX_SECTIONS || budgetSpent(budget)) {
      const rest = ordered.length - index;
      const html = `<p class="md-cut">${rest.toLocaleString("en")} more section${rest === 1 ? "" : "s"} not shown here: this file is too large to show whole. The original view shows its beginning as written.</p>`;
      blocks.push({ key: "more", heading: "More sections", canonical: null, type: "text", html });
      break;
    }
    const key = `s${s.id}`;
    const base = { key, heading: s.heading, canonical: s.canonical };
    if (s === home) {
      blocks.push({ ...base, type: "checklist", html: yield* renderMarkdownSteps(prose(proseOf(s.text)), budget) });
      continue;
    }
    const role = s.canonical === "key-files" ? "key" : s.canonical === "modified-files" ? "modified" : null;
    if (role) {
      const entries = files(opts.references, role, s.text);
      if (entries.length) {
        blocks.push({ ...base, type: "files", role, files: entries });
        continue;
      }
    }
    blocks.push({ ...base, type: "text", html: yield* renderMarkdownSteps(prose(s.text), budget) });
  }
  return { blocks, checklistPlaced: !!home };
}

export function sectionBlocks(
  sections: SectionRow[],
  opts: ViewOptions,
): { blocks: SectionBlock[]; checklistPlaced: boolean } {
  return runSteps(sectionBlocksSteps(sections, opts));
}

/** Key files the page could not place in a section of their own. */
export function unplacedKeyFiles(blocks: SectionBlock[], references: ReferencedFileRow[]): FileEntry[] {
  if (blocks.some((b) => b.type === "files" && b.role === "key")) return [];
  return files(references, "key", "");
}

/** The normalised view of a document: its blocks, and the key files no section of its own holds. */
export function normalisedView(sections: SectionRow[], opts: ViewOptions) {
  const { blocks, checklistPlaced } = sectionBlocks(sections, opts);
  return { blocks, checklistPlaced, extraKeyFiles: unplacedKeyFiles(blocks, opts.references) };
}

/** The same, giving way to other requests between pieces of the render: what the page uses. */
export async function normalisedViewYielding(sections: SectionRow[], opts: ViewOptions) {
  const { blocks, checklistPlaced } = await runStepsYielding(sectionBlocksSteps(sections, opts));
  return { blocks, checklistPlaced, extraKeyFiles: unplacedKeyFiles(blocks, opts.references) };
}

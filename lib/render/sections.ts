import "server-only";
import type { ReferencedFileRow, SectionRow } from "../../db/schema";
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

/**
 * Sections in the canonical order of lib/parse/types (stable: unknown sections keep their order, last),
 * under the headings the author wrote. The task list replaces the list of the first remaining / next-steps
 * section, or comes first when no section holds it.
 */
function* sectionBlocksSteps(
  sections: SectionRow[],
  opts: { hasTasks: boolean; references: ReferencedFileRow[]; budget?: RenderBudget },
): Steps<{ blocks: SectionBlock[]; checklistPlaced: boolean }> {
  const budget = opts.budget ?? renderBudget();
  const ordered = canonicalOrder(sections);
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
      blocks.push({ ...base, type: "checklist", html: yield* renderMarkdownSteps(proseOf(s.text), budget) });
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
    blocks.push({ ...base, type: "text", html: yield* renderMarkdownSteps(s.text, budget) });
  }
  return { blocks, checklistPlaced: !!home };
}

export function sectionBlocks(
  sections: SectionRow[],
  opts: { hasTasks: boolean; references: ReferencedFileRow[]; budget?: RenderBudget },
): { blocks: SectionBlock[]; checklistPlaced: boolean } {
  return runSteps(sectionBlocksSteps(sections, opts));
}

/** Key files the page could not place in a section of their own. */
export function unplacedKeyFiles(blocks: SectionBlock[], references: ReferencedFileRow[]): FileEntry[] {
  if (blocks.some((b) => b.type === "files" && b.role === "key")) return [];
  return files(references, "key", "");
}

/** The normalised view of a document: its blocks, and the key files no section of its own holds. */
export function normalisedView(sections: SectionRow[], opts: { hasTasks: boolean; references: ReferencedFileRow[] }) {
  const { blocks, checklistPlaced } = sectionBlocks(sections, opts);
  return { blocks, checklistPlaced, extraKeyFiles: unplacedKeyFiles(blocks, opts.references) };
}

/** The same, giving way to other requests between pieces of the render: what the page uses. */
export async function normalisedViewYielding(sections: SectionRow[], opts: { hasTasks: boolean; references: ReferencedFileRow[] }) {
  const { blocks, checklistPlaced } = await runStepsYielding(sectionBlocksSteps(sections, opts));
  return { blocks, checklistPlaced, extraKeyFiles: unplacedKeyFiles(blocks, opts.references) };
}

/**
 * Titles that say what the work is (issue 39): a snapshot whose heading names only its kind and date ("Last session —
 * 2026-12-05, 05:24 (UTC)", "Active Context") is titled by its work section's first item ("What we just did",
 * "Working on", "Current focus"); the kind and date are shown beside it, never as the title. Pure.
 */
import type { ParsedDocument } from "../types";
import { squash, stripInlineMarkdown } from "./text";

/** Words a heading uses to name the file's kind, its date or its place, not the work. */
const KIND_WORDS = new Set(
  (
    "last latest previous current this today session sessions handoff handover hand off over active context progress checkpoint checkpoints resume " +
    "briefing brief state status notes note summary update updates log journal memory bank project the of a an for and at on in utc gmt am pm " +
    "laptop desktop machine save saved wip"
  ).split(" "),
);
const CALENDAR = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*$/i;
const MAX_TITLE = 90;

/** The title names no work: only kind words, dates, times and punctuation. */
export function isKindOnlyTitle(title: string | null | undefined): boolean {
  if (!title?.trim()) return true;
  const words = title
    .toLowerCase()
    .replace(/\d+/g, " ")
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words.every((word) => KIND_WORDS.has(word) || CALENDAR.test(word));
}

/** The first item of a section: its first bullet or line of text, plain, cut at a word near MAX_TITLE. */
export function firstItem(text: string): string | null {
  let fenced = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || !line || /^(#|\||<!--|---|===)/.test(line)) continue;
    const plain = squash(stripInlineMarkdown(line.replace(/^(?:[-*+]|\d+[.)])\s+(?:\[[ xX~-]\]\s+)?/, "")))
      .replace(/[:;,.]+$/, "")
      .trim();
    if (plain.length < 3 || isKindOnlyTitle(plain)) continue;
    if (plain.length <= MAX_TITLE) return plain;
    const cut = plain.slice(0, MAX_TITLE);
    const space = cut.lastIndexOf(" ");
    return `${(space > MAX_TITLE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
  }
  return null;
}

/** Sections that say what the work is; the document's own order decides (its first such section leads). */
const WORK_SECTIONS: ReadonlySet<string> = new Set(["working-on", "done", "state"]);

/**
 * When the document's title names only its kind and date, the work it is about, in `meta.workTitle` (the queue and
 * pages show it as the title, the kind and date beside it). The record's `title` stays the file's own heading (the
 * public record and the labelled corpora read it so). Returns the work title, or null.
 */
export function titleFromWork(doc: ParsedDocument): string | null {
  if (!isKindOnlyTitle(doc.title)) return null;
  for (const section of doc.sections) {
    if (!section.canonical || !WORK_SECTIONS.has(section.canonical) || !section.text.trim()) continue;
    const item = firstItem(section.text);
    if (!item) continue;
    doc.meta.workTitle = item;
    return item;
  }
  return null;
}

/** `meta.workTitle` of a stored record, or null. */
export function workTitleOf(meta: Record<string, unknown> | null | undefined): string | null {
  return typeof meta?.workTitle === "string" && meta.workTitle.trim() ? meta.workTitle : null;
}

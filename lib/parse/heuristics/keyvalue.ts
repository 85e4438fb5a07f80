/** Key/value lines in all the styles agents write them. */
import { isSpaceChar, splitSpaced, squash, stripInlineMarkdown, trimEndWhere } from "./text";
import { labelPattern } from "./words";

export interface KeyValue {
  /** Lower-cased key without Markdown or emoji. */
  key: string;
  /** Value as plain text (Markdown emphasis and code ticks removed). */
  value: string;
  /** Value as written. */
  rawValue: string;
  line: number;
  /** How it was written: a bold label, a plain `key:` line, a table row, a blockquote, a heading, a frontmatter key. */
  style: PairStyle;
}

export type PairStyle = "label" | "key" | "table" | "blockquote" | "heading" | "section" | "frontmatter";

const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

function cleanKey(key: string): string {
  return squash(stripInlineMarkdown(key).replace(EMOJI, " ")).replace(/[:：]$/, "").trim().toLowerCase();
}

function cleanValue(value: string): string {
  // marks trimmed from both ends by a loop (`[*_`\s]+$` read each run of them again from every position in it)
  const text = squash(stripInlineMarkdown(value.trim()));
  const mark = (c: string | undefined) => c === "*" || c === "_" || c === "`" || isSpaceChar(c);
  let from = 0;
  while (from < text.length && mark(text[from])) from++;
  return trimEndWhere(text.slice(from), mark).trim();
}

/** One "Key: value" fragment in any emphasis style, or null. */
function readPair(fragment: string): { key: string; value: string; bold: boolean } | null {
  const f = fragment.trim().replace(/^>\s*/, "").replace(/^(?:[-*+]|\d+[.)])\s+/, "");
  const patterns = [
    /^(?:\*\*|__)([^*_]{1,40}?)[:：]\s*(?:\*\*|__)\s*(.*)$/, // **Key:** value
    /^(?:\*\*|__)([^*_]{1,40}?)(?:\*\*|__)\s*[:：]\s*(.*)$/, // **Key**: value
    /^`([^`]{1,40})`\s*[:：]\s*(.*)$/, // `Key`: value
    /^\*?_?([\p{L}][\p{L}\p{N} ._/()'-]{0,38}?)\s*[:：]\s+(.*)$/u, // Key: value, *Key: value*
  ];
  for (const p of patterns) {
    const m = p.exec(f);
    if (m) {
      const value = trimEndWhere(m[2], (c) => c === "*" || c === "_").trim();
      if (/^\/\//.test(value)) return null; // "https://..." split at the scheme
      return { key: m[1], value, bold: p !== patterns[3] };
    }
  }
  return null;
}

/** Split one line holding several pairs (`A: x · B: y`, `A: x | B: y`, `A: x  B: y`). */
function fragments(line: string): string[] {
  const inner = line.trim().replace(/^[*_](?![*_])(.*)[*_]$/, "$1");
  const bySeparator = splitSpaced(inner, "·|•");
  if (bySeparator.length > 1) return bySeparator;
  // a run is tried from its start only (from inside a run the same run ends at the same place)
  const byDoubleSpace = inner.split(/(?<!\s)\s{2,}(?=(?:\*\*)?[\p{L}][\p{L} ]{0,24}(?:\*\*)?:)/u);
  return byDoubleSpace;
}

/** Two-column table rows `| Branch | main |`. */
function tableRow(line: string): { key: string; value: string } | null {
  // split at its pipes rather than matched: `\s*([^|]*?)\s*` took time quadratic in a cell's spaces (issue 42)
  const row = line.trim();
  if (!row.startsWith("|") || !row.endsWith("|")) return null;
  const cells = row.split("|");
  if (cells.length !== 4) return null;
  const key = cells[1].trim();
  if (key.length < 1 || key.length > 40 || /^[-:\s]+$/.test(key)) return null;
  return { key, value: cells[2].trim() };
}

/** All key/value pairs in the given lines (code fences already marked). */
export function extractKeyValues(lines: string[], inCode?: boolean[]): KeyValue[] {
  const found: KeyValue[] = [];
  lines.forEach((line, index) => {
    if (inCode?.[index] || !line.includes(":") && !line.includes("|")) return;
    if (/^\s*#/.test(line)) return;
    const isHeaderRow = /^\s*\|[\s|:-]+\|\s*$/.test(lines[index + 1] ?? "");
    const row = isHeaderRow ? null : tableRow(line);
    if (isHeaderRow && /^\s*\|/.test(line)) return;
    const pairs = row ? [{ ...row, bold: false }] : fragments(line).map(readPair).filter((p): p is { key: string; value: string; bold: boolean } => !!p);
    const style: PairStyle = row ? "table" : /^\s*>/.test(line) ? "blockquote" : "label";
    for (const pair of pairs) {
      const key = cleanKey(pair.key);
      if (!key || key.split(" ").length > 5) continue;
      found.push({ key, value: cleanValue(pair.value), rawValue: pair.value.trim(), line: index, style: style === "label" && !pair.bold ? "key" : style });
    }
  });
  return found;
}

/** Pairs a heading carries (`## Status: DONE`, `# Handoff — 2026-06-29 · branch: feat/x`). */
export function headingPairs(text: string, line: number): KeyValue[] {
  const found: KeyValue[] = [];
  for (const fragment of splitSpaced(text, "·|•—–")) {
    const m = /^(?:\*\*|__)?([\p{L}][\p{L}\p{N} ._/()'-]{0,38}?)(?:\*\*|__)?\s*[:：]\s*(.+)$/u.exec(fragment.trim());
    if (!m || /^\/\//.test(m[2])) continue;
    const key = cleanKey(m[1]);
    if (!key || key.split(" ").length > 5) continue;
    found.push({ key, value: cleanValue(m[2]), rawValue: m[2].trim(), line, style: "heading" });
  }
  return found;
}

/** Frontmatter keys as pairs: `saved_at` and `savedAt` both read as "saved at". */
export function frontmatterPairs(data: Record<string, unknown> | null): KeyValue[] {
  if (!data) return [];
  const found: KeyValue[] = [];
  for (const [rawKey, value] of Object.entries(data)) {
    if (value === null || value === undefined || typeof value === "object" && !(value instanceof Date)) continue;
    const text = value instanceof Date ? value.toISOString() : String(value).trim();
    const key = rawKey.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
    if (key && text) found.push({ key, value: text, rawValue: text, line: -1, style: "frontmatter" });
  }
  return found;
}

/** Where a pair came from, as `fieldSources` names it: `frontmatter:head`, `label:branch`, `heading:status`. */
export function pairSource(pair: KeyValue): string {
  return `${pair.style}:${pair.key.replace(/\s+/g, "-")}`;
}

/** The first pair whose key matches, optionally requiring a non-empty value. */
export function findValue(pairs: KeyValue[], key: RegExp, nonEmpty = true): KeyValue | null {
  return pairs.find((p) => key.test(p.key) && (!nonEmpty || p.value.length > 0)) ?? null;
}

/** Keys for each field: the vocabulary table's labels, plus the English "<something> status" shape. */
const STATUS_SHAPE = /^(?!(?:ci|build|test|tests|deploy|deployment|git|pr|review|phase|server|api|db|database|repo|branch)\b)[\p{L}\d]+ status$/u;
const STATUS_LABEL = labelPattern("statusLabels");

export const KEYS = {
  branch: labelPattern("branchLabels"),
  /** Save or update stamps. */
  date: labelPattern("dateLabels"),
  /** When the session started: used only when no save stamp exists. */
  started: /^(?:started|started at|session started|start|start time|began|begun|session start)$/,
  status: { test: (key: string) => STATUS_LABEL.test(key) || STATUS_SHAPE.test(key) },
  head: labelPattern(["headLabels", "commitLabels"]),
  /** A bare commit key: HEAD only where it describes the whole file. */
  commit: labelPattern("commitLabels"),
  /** The stage the work is at ("Phase: DONE"). */
  phase: labelPattern("phaseLabels"),
  project: /^(?:project|project path|project root|repo|repository|workspace|projekt|projet|projeto|proyecto|progetto|프로젝트|פרויקט)$/,
  title: /^(?:title|topic|subject|titel|titre|título|titolo|제목|כותרת)$/,
};

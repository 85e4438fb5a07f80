/**
 * Reading a convention's own fields: bold labels (`**Feature Branch**: \`002-x\``, `**功能分支**：`, `Status: Draft`),
 * titles without their template prefix ("Feature Specification: X" -> "X"), the newest of the dates a value
 * holds ("Created: May 18, 2026 (Updated: June 2, 2026)"), and small bounded JSON companions.
 */
import { findDates } from "../heuristics/dates";
import { isSpaceChar, squash, stripInlineMarkdown } from "../heuristics/text";

/** A status label in the languages templates are translated to (`**Status**`, `**状态**`, `**ステータス**`). */
export const STATUS_LABEL = /^(?:status|state|状态|狀態|状態|ステータス|상태|estado|statut|stand|статус)$/i;

export interface LabelValue {
  value: string;
  /** 1-based line. */
  line: number;
  /** Where the value as written sits in its line: [start, end) in characters (before Markdown is stripped). */
  span: [number, number];
}

/**
 * The first `**Label**: value` (or `**Label:** value`, `- **Label**: value`, `Label: value` at a line's start,
 * full-width colon too) among the first `maxLines` lines outside code fences, whose label matches `labels`.
 */
export function labelValue(text: string, labels: RegExp, maxLines = 60): LabelValue | null {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").slice(0, maxLines);
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    // a label sits at a line's start: a hostile line (a megabyte of spaces) is read no further than this
    const line = lines[i].slice(0, 4000);
    if (/^\s{0,3}(?:```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    // several labels on one line: "**Branch**: `x` | **Date**: 2026-01-02"
    for (const [at, part] of pipeParts(line)) {
      const found = labelAt(part);
      if (!found || !labels.test(found.label)) continue;
      const written = found.rest.trimEnd();
      const value = squash(stripInlineMarkdown(found.rest.length - written.length >= 2 ? written : found.rest).replace(/^[`"'“]+|[`"'”]+$/g, ""));
      if (value) return { value, line: i + 1, span: [at + found.start, at + found.start + written.length] };
    }
  }
  return null;
}

const LABEL_MAX = 40;
/** What may stand before a label: indent, a list marker, a quote, an opening bold (each at most once, in order). */
const LABEL_LEAD = /^\s*(?:[-*+]\s+)?(?:>\s*)?(?:\*\*|__)?\s*/;
const isColon = (c: string | undefined) => c === ":" || c === "：";
const isSpace = isSpaceChar;

/**
 * `**Label**: value` read without a pattern that can backtrack (issue 42: adjacent optional whitespace around a
 * label class that matches spaces took seconds on a line of 128-space runs). The label ends at the part's first
 * colon (a label holds none); what stands before it is the lead, the label (1-40 characters, no `*`, `_` or `|`)
 * and a closing bold; after it, a closing bold, then the value. `label` is trimmed; `start` is where the value starts.
 */
export function labelAt(part: string): { label: string; start: number; rest: string } | null {
  let colon = -1;
  for (let k = 0; k < part.length; k++) {
    if (isColon(part[k])) {
      colon = k;
      break;
    }
  }
  if (colon < 1) return null;
  const lead = LABEL_LEAD.exec(part)![0].length;
  if (lead > colon) return null;
  let end = colon;
  while (end > lead && isSpace(part[end - 1])) end--;
  const closed = end - 2 >= lead && (part.slice(end - 2, end) === "**" || part.slice(end - 2, end) === "__");
  if (closed) {
    end -= 2;
    while (end > lead && isSpace(part[end - 1])) end--;
  }
  const label = part.slice(lead, end);
  if (label.length < 1 || label.length > LABEL_MAX || /[*_|:：]/.test(label)) return null;
  let start = colon + 1;
  if (!closed) {
    // `**Label:** value`: the bold closes after the colon
    let k = start;
    while (isSpace(part[k])) k++;
    if (part.startsWith("**", k) || part.startsWith("__", k)) start = k + 2;
  }
  while (isSpace(part[start])) start++;
  return { label: label.trim(), start, rest: part.slice(start) };
}

/** A line's parts between ` | ` separators (whitespace on both sides of the pipe), each with where it starts. */
function pipeParts(line: string): Array<[number, string]> {
  if (!line.includes("|")) return [[0, line]];
  const parts: Array<[number, string]> = [];
  let from = 0;
  let search = 0;
  for (let bar = line.indexOf("|", search); bar !== -1; bar = line.indexOf("|", search)) {
    if (bar > from && isSpace(line[bar - 1]) && isSpace(line[bar + 1])) {
      let before = bar - 1;
      while (before > from && isSpace(line[before - 1])) before--;
      let after = bar + 1;
      while (isSpace(line[after])) after++;
      parts.push([from, line.slice(from, before)]);
      from = after;
      search = after;
    } else search = bar + 1;
  }
  parts.push([from, line.slice(from)]);
  return parts;
}

/** Template words written before a unit's title ("Feature Specification:", "Implementation Plan:", "Change:", translated). */
const TITLE_PREFIX =
  /^(?:feature specification|feature spec|specification|spec|implementation plan|plan|change|change proposal|proposal|track specification|track spec|track plan|track|requirements(?: document)?|design(?: document)?|功能规格(?:说明(?:书)?)?|功能规范|功能說明|功能規格(?:說明(?:書)?)?|特性规格(?:说明)?|规格说明(?:书)?|实施计划|实现计划|機能仕様(?:書)?|仕様書|実装計画|기능 (?:명세|사양)(?:서)?|구현 계획|especificaci[oó]n(?: de (?:la )?(?:funcionalidad|caracter[ií]stica))?|especifica[çc][ãa]o(?: d[ao] (?:funcionalidade|feature))?|sp[ée]cification(?: de (?:la )?fonctionnalit[ée])?|feature-spezifikation|spezifikation)\s*[:：—–-]\s*/i;

/** A unit's title as written, without its template prefix; null for a placeholder (`[FEATURE NAME]`) or nothing. */
export function unitTitle(written: string | null | undefined): string | null {
  if (!written) return null;
  // a phase's or track's commit written into its heading ("[checkpoint: 300b4c3]") is no part of the title
  const clean = squash(stripInlineMarkdown(written.replace(/(?<!\s)\s*\[(?:checkpoint|commit|sha)\s*:[^\]]*\]\s*/gi, " "))).replace(TITLE_PREFIX, "").trim();
  if (!clean || /^\[[^\]]*\]$|^<[^>]*>$|^\{[^}]*\}$|^\$\w+$/.test(clean)) return null;
  return clean;
}

/** The H1 of a Markdown text (outside code fences), or null. */
export function firstHeading(text: string | null | undefined): string | null {
  if (!text) return null;
  let fence = false;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n").slice(0, 200)) {
    if (/^\s{0,3}(?:```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    const title = h1Text(line);
    if (title) return title;
  }
  return null;
}

/**
 * The text of a `# Title #` line, as `^#\s+(.+?)\s*#*\s*$` read it, from both ends (the pattern's lazy text
 * between whitespace runs backtracked on a line of space runs, issue 42).
 */
function h1Text(line: string): string | null {
  const open = /^#\s+/.exec(line);
  if (!open || /[\r\u2028\u2029]/.test(line)) return null;
  let text = line.slice(open[0].length);
  if (!text) {
    // the pattern gave its text the last whitespace character of the opening run
    return open[0].length > 2 ? open[0].slice(-1) : null;
  }
  const whole = text;
  text = text.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  text = text.slice(0, end).trimEnd();
  return text || whole.slice(0, 1);
}

/** The newest date a value holds ("2026-05-18 (Updated: 2026-06-02)" -> 2026-06-02), as ISO, or null. */
export function newestDate(value: string | null | undefined): string | null {
  const dates = findDates(value ?? "").map((d) => d.iso);
  return dates.length ? dates.sort().at(-1)! : null;
}

const MAX_JSON_CHARS = 256 * 1024;
const MAX_JSON_DEPTH = 32;

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== "object") return depth;
  let max = depth;
  for (const v of Object.values(value as Record<string, unknown>)) {
    max = Math.max(max, depthOf(v, depth + 1));
    if (max > MAX_JSON_DEPTH) break;
  }
  return max;
}

/** A companion JSON object (metadata.json, spec.json), bounded in size and depth; null when absent or unreadable. */
export function readJsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text || text.length > MAX_JSON_CHARS) return null;
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value) || depthOf(value) > MAX_JSON_DEPTH) return null;
    return value as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A string (or number) field of a JSON object, first of `keys` present. */
export function jsonString(data: Record<string, unknown> | null, ...keys: string[]): string | null {
  if (!data) return null;
  for (const key of keys) {
    const v = data[key];
    if (typeof v === "string" && v.trim()) return v.trim();
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
  }
  return null;
}

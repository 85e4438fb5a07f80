/**
 * Reading a convention's own fields: bold labels (`**Feature Branch**: \`002-x\``, `**功能分支**：`, `Status: Draft`),
 * titles without their template prefix ("Feature Specification: X" -> "X"), the newest of the dates a value
 * holds ("Created: May 18, 2026 (Updated: June 2, 2026)"), and small bounded JSON companions.
 */
import { findDates } from "../heuristics/dates";
import { squash, stripInlineMarkdown } from "../heuristics/text";

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
    let offset = 0;
    for (const part of line.split(/(\s+\|\s+)/)) {
      const at = offset;
      offset += part.length;
      const m = /^(\s*(?:[-*+]\s+)?(?:>\s*)?(?:\*\*|__)?\s*([^*_:：|]{1,40}?)\s*(?:(?:\*\*|__)\s*[:：]|[:：]\s*(?:\*\*|__)|[:：])\s*)(.*)$/.exec(part);
      if (!m || !labels.test(m[2].trim())) continue;
      const value = squash(stripInlineMarkdown(m[3].replace(/\s{2,}$/, "")).replace(/^[`"'“]+|[`"'”]+$/g, ""));
      const written = m[3].replace(/\s+$/, "");
      if (value) return { value, line: i + 1, span: [at + m[1].length, at + m[1].length + written.length] };
    }
  }
  return null;
}

/** Template words written before a unit's title ("Feature Specification:", "Implementation Plan:", "Change:", translated). */
const TITLE_PREFIX =
  /^(?:feature specification|feature spec|specification|spec|implementation plan|plan|change|change proposal|proposal|track specification|track spec|track plan|track|requirements(?: document)?|design(?: document)?|功能规格(?:说明(?:书)?)?|功能规范|功能說明|功能規格(?:說明(?:書)?)?|特性规格(?:说明)?|规格说明(?:书)?|实施计划|实现计划|機能仕様(?:書)?|仕様書|実装計画|기능 (?:명세|사양)(?:서)?|구현 계획|especificaci[oó]n(?: de (?:la )?(?:funcionalidad|caracter[ií]stica))?|especifica[çc][ãa]o(?: d[ao] (?:funcionalidade|feature))?|sp[ée]cification(?: de (?:la )?fonctionnalit[ée])?|feature-spezifikation|spezifikation)\s*[:：—–-]\s*/i;

/** A unit's title as written, without its template prefix; null for a placeholder (`[FEATURE NAME]`) or nothing. */
export function unitTitle(written: string | null | undefined): string | null {
  if (!written) return null;
  // a phase's or track's commit written into its heading ("[checkpoint: 300b4c3]") is no part of the title
  const clean = squash(stripInlineMarkdown(written.replace(/\s*\[(?:checkpoint|commit|sha)\s*:[^\]]*\]\s*/gi, " "))).replace(TITLE_PREFIX, "").trim();
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
    const m = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) return m[1];
  }
  return null;
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

/** Key/value lines in all the styles agents write them. */
import { squash, stripInlineMarkdown } from "./text";

export interface KeyValue {
  /** Lower-cased key without Markdown or emoji. */
  key: string;
  /** Value as plain text (Markdown emphasis and code ticks removed). */
  value: string;
  /** Value as written. */
  rawValue: string;
  line: number;
}

const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

function cleanKey(key: string): string {
  return squash(stripInlineMarkdown(key).replace(EMOJI, " ")).replace(/[:：]$/, "").trim().toLowerCase();
}

function cleanValue(value: string): string {
  return squash(stripInlineMarkdown(value.trim()))
    .replace(/^[*_`\s]+|[*_`\s]+$/g, "")
    .trim();
}

/** One "Key: value" fragment in any emphasis style, or null. */
function readPair(fragment: string): { key: string; value: string } | null {
  const f = fragment.trim().replace(/^(?:[-*+]|\d+[.)])\s+/, "").replace(/^>\s*/, "");
  const patterns = [
    /^(?:\*\*|__)([^*_]{1,40}?)[:：]\s*(?:\*\*|__)\s*(.*)$/, // **Key:** value
    /^(?:\*\*|__)([^*_]{1,40}?)(?:\*\*|__)\s*[:：]\s*(.*)$/, // **Key**: value
    /^`([^`]{1,40})`\s*[:：]\s*(.*)$/, // `Key`: value
    /^\*?_?([\p{L}][\p{L}\p{N} ._/()'-]{0,38}?)\s*[:：]\s+(.*)$/u, // Key: value, *Key: value*
  ];
  for (const p of patterns) {
    const m = p.exec(f);
    if (m) {
      const value = m[2].replace(/[*_]+$/, "").trim();
      if (/^\/\//.test(value)) return null; // "https://..." split at the scheme
      return { key: m[1], value };
    }
  }
  return null;
}

/** Split one line holding several pairs (`A: x · B: y`, `A: x | B: y`, `A: x  B: y`). */
function fragments(line: string): string[] {
  const inner = line.trim().replace(/^[*_](?![*_])(.*)[*_]$/, "$1");
  const bySeparator = inner.split(/\s+[·|•]\s+/);
  if (bySeparator.length > 1) return bySeparator;
  const byDoubleSpace = inner.split(/\s{2,}(?=(?:\*\*)?[\p{L}][\p{L} ]{0,24}(?:\*\*)?:)/u);
  return byDoubleSpace;
}

/** Two-column table rows `| Branch | main |`. */
function tableRow(line: string): { key: string; value: string } | null {
  const m = /^\s*\|\s*([^|]{1,40}?)\s*\|\s*([^|]*?)\s*\|\s*$/.exec(line);
  if (!m || /^[-:\s]+$/.test(m[1])) return null;
  return { key: m[1], value: m[2] };
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
    const pairs = row ? [row] : fragments(line).map(readPair).filter((p): p is { key: string; value: string } => !!p);
    for (const pair of pairs) {
      const key = cleanKey(pair.key);
      if (!key || key.split(" ").length > 5) continue;
      found.push({ key, value: cleanValue(pair.value), rawValue: pair.value.trim(), line: index });
    }
  });
  return found;
}

/** The first pair whose key matches, optionally requiring a non-empty value. */
export function findValue(pairs: KeyValue[], key: RegExp, nonEmpty = true): KeyValue | null {
  return pairs.find((p) => key.test(p.key) && (!nonEmpty || p.value.length > 0)) ?? null;
}

export const KEYS = {
  branch: /^(?:(?:current|git|working|active|feature|base) )?branch(?: name)?$|^branche$|^zweig$|^브랜치$|^ענף$|^gałąź$|^ramo$|^rama$/,
  date: /^(?:date|datum|data|fecha|날짜|תאריך|saved|saved at|save time|created|created at|creation date|timestamp|time|updated|last updated|updated at|generated|generated at|ended|ended at|started|session date|modified|last modified|last run|last run at|when|written|갱신|저장|업데이트|최종 수정|最終更新|更新日|更新日時|日付|作成日|日期|更新时间|更新日期|保存时间|zapisano|aktualisiert|gespeichert|criado|creado|salvato|sauvegardé)$/,
  status: /^(?:status|current status|session status|overall status|state|estado|stato|statut|상태|סטטוס|סטאטוס)$/,
  head: /^(?:head|head sha|head commit|sha|commit|last commit|latest commit|git head|current commit|base commit)$/,
  project: /^(?:project|project path|project root|repo|repository|workspace|projekt|projet|projeto|proyecto|progetto|프로젝트|פרויקט)$/,
  title: /^(?:title|topic|subject|titel|titre|título|titolo|제목|כותרת)$/,
};

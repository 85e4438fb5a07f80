/**
 * Matchers built from the vocabulary table (`lib/parse/vocabulary.ts`): the words each field is said with, in
 * every language the table has a row for. A phrase matches case-insensitively; in scripts written with spaces it
 * must stand as whole words, in Chinese, Japanese and Korean it may sit inside a longer run.
 */
import { VOCABULARY, type LanguageWords } from "../vocabulary";

export type VocabularyField = Exclude<keyof LanguageWords, "language">;

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** One phrase as a pattern: whole words where its script has spaces. */
function phrasePattern(phrase: string): string {
  const p = phrase.trim().toLowerCase();
  const first = p[0] ?? "";
  const last = p[p.length - 1] ?? "";
  const before = WORD_CHAR.test(first) && !UNSPACED.test(first) ? "(?<![\\p{L}\\p{N}\\p{M}])" : "";
  const after = WORD_CHAR.test(last) && !UNSPACED.test(last) ? "(?![\\p{L}\\p{N}\\p{M}])" : "";
  return `${before}${escape(p).replace(/ /g, "\\s+")}${after}`;
}

/** Every phrase of a field, optionally leaving some languages out (English sentence shapes live in code). */
export function phrases(field: VocabularyField, options: { except?: string[] } = {}): string[] {
  const rows = VOCABULARY.filter((row) => !options.except?.includes(row.language));
  // longest first, so "in progress" is tried before "in"
  return [...new Set(rows.flatMap((row) => row[field] ?? []))].sort((a, b) => b.length - a.length);
}

const cache = new Map<string, RegExp>();

function build(key: string, make: () => string): RegExp {
  let re = cache.get(key);
  if (!re) {
    re = new RegExp(make(), "iu");
    cache.set(key, re);
  }
  return re;
}

/** Any phrase of the fields, anywhere in a text. */
export function wordsPattern(fields: VocabularyField | VocabularyField[], options: { except?: string[] } = {}): RegExp {
  const list = Array.isArray(fields) ? fields : [fields];
  return build(`words:${list.join(",")}:${options.except?.join(",") ?? ""}`, () => {
    const all = list.flatMap((f) => phrases(f, options));
    return all.length ? `(?:${all.map(phrasePattern).join("|")})` : "(?!)";
  });
}

/** A key that is exactly one of the fields' labels (keys are already lower-cased, spaces squashed). */
export function labelPattern(fields: VocabularyField | VocabularyField[]): RegExp {
  const list = Array.isArray(fields) ? fields : [fields];
  return build(`label:${list.join(",")}`, () => `^(?:${list.flatMap((f) => phrases(f)).map((p) => escape(p.toLowerCase())).join("|")})$`);
}

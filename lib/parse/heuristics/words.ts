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

const BEFORE = "(?<![\\p{L}\\p{N}\\p{M}])";
const AFTER = "(?![\\p{L}\\p{N}\\p{M}])";

/** Must a phrase stand as whole words at its start and at its end? (Only where its script is written with spaces.) */
function boundaries(phrase: string): { before: boolean; after: boolean } {
  const first = phrase[0] ?? "";
  const last = phrase[phrase.length - 1] ?? "";
  return {
    before: WORD_CHAR.test(first) && !UNSPACED.test(first),
    after: WORD_CHAR.test(last) && !UNSPACED.test(last),
  };
}

type Trie = Map<string, Trie>;
const END = "";

/**
 * Phrases as one alternation factored by their common beginnings ("in progress|in review" -> "in\\s+(?:progress|review)"):
 * the engine then tries one branch per character instead of every phrase at every position of the text. Longer
 * phrases are still tried first (a phrase that ends where a longer one goes on is an optional tail).
 */
function trieSource(list: string[]): string {
  const root: Trie = new Map();
  for (const phrase of list) {
    let node = root;
    for (const ch of [...phrase, END]) {
      let next = node.get(ch);
      if (!next) node.set(ch, (next = new Map()));
      node = next;
    }
  }
  const emit = (node: Trie): string => {
    const branches = [...node].filter(([ch]) => ch !== END).map(([ch, sub]) => (ch === " " ? "\\s+" : escape(ch)) + emit(sub));
    if (branches.length === 0) return "";
    const body = branches.length === 1 && !node.has(END) ? branches[0] : `(?:${branches.join("|")})`;
    return node.has(END) ? `${body}?` : body;
  };
  return emit(root);
}

/**
 * Phrases as one pattern, each matched case-insensitively and as whole words where its script has spaces. The
 * phrases are grouped by the word boundaries they need, so each boundary is checked once per position.
 */
function phrasesPattern(list: string[]): string {
  const groups = new Map<string, string[]>();
  for (const raw of list) {
    const phrase = raw.trim().toLowerCase();
    if (!phrase) continue;
    const { before, after } = boundaries(phrase);
    const key = `${before ? BEFORE : ""}|${after ? AFTER : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), phrase]);
  }
  if (groups.size === 0) return "(?!)";
  const parts = [...groups].map(([key, group]) => {
    const [before, after] = key.split("|");
    return `${before}${trieSource(group)}${after}`;
  });
  return `(?:${parts.join("|")})`;
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
    return phrasesPattern(list.flatMap((f) => phrases(f, options)));
  });
}

/** A key that is exactly one of the fields' labels (keys are already lower-cased, spaces squashed). */
export function labelPattern(fields: VocabularyField | VocabularyField[]): RegExp {
  const list = Array.isArray(fields) ? fields : [fields];
  return build(`label:${list.join(",")}`, () => `^(?:${list.flatMap((f) => phrases(f)).map((p) => escape(p.toLowerCase())).join("|")})$`);
}

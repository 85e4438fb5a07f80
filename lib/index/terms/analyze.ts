/**
 * The search analyzer: text in, the terms the ranked search compares out. One function for the index and
 * for the query, so both sides always agree.
 *
 * - Words are runs of letters and digits; `snake_case` and `camelCase` words also give their parts.
 * - Latin words lose their diacritics and are stemmed with the Porter stemmer for English (the corpora's
 *   other Latin-script languages mostly pluralise with -s too, and one stemmer keeps a query and a file
 *   in two languages comparable); Cyrillic words with the Snowball Russian stemmer, Arabic with an Arabic
 *   one (@orama/stemmers: one small module per language, where a package of every language cost 74 ms
 *   to load in each command).
 * - Chinese, Japanese and Korean runs, written without spaces, become overlapping pairs of characters
 *   (bigrams, as Lucene's CJK analyzer does), so any two characters of a query find the same two in a file.
 * - Stop words (Snowball's lists for the languages the corpora show, by script) are dropped.
 */
import { stemmer as arabicStem } from "@orama/stemmers/arabic";
import { stemmer as englishStem } from "@orama/stemmers/english";
import { stemmer as russianStem } from "@orama/stemmers/russian";
import { QUERY_STOP_WORDS, STOP_WORDS } from "./stop-words";

type Script = "latin" | "cyrillic" | "arabic" | "cjk" | "other";

/** A run of letters and digits (and private-use characters, as the FTS tokenizer keeps them). */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ARABIC = /\p{Script=Arabic}/u;
/** Longer words are not stemmed (hashes, base64, minified names): they are kept as written. */
const MAX_STEMMED = 40;
/** Longer tokens are dropped from the ranked index altogether (the exact index still holds them). */
const MAX_TOKEN = 64;

const stemmers: Record<"latin" | "cyrillic" | "arabic", (word: string) => string> = {
  latin: englishStem,
  cyrillic: russianStem,
  arabic: arabicStem,
};

function scriptOf(word: string): Script {
  if (CJK.test(word)) return "cjk";
  if (LATIN.test(word)) return "latin";
  if (CYRILLIC.test(word)) return "cyrillic";
  if (ARABIC.test(word)) return "arabic";
  return "other";
}

function fold(word: string): string {
  return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC");
}

/** Parts of an identifier: `paymentRetryQueue` -> payment, retry, queue; `retry_count` comes split already. */
function camelParts(word: string): string[] {
  if (!/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(word)) return [];
  return word.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter((p) => p.length > 1);
}

const stemCache = new Map<string, string | null>();

/** The comparable form of one word (already lower case), or null for a stop word or noise. */
export function termOf(word: string, forQuery = false): string | null {
  if (forQuery && QUERY_STOP_WORDS.has(word)) return null;
  const known = stemCache.get(word);
  if (known !== undefined) return known;
  const script = scriptOf(word);
  let term: string | null = word;
  if (script === "latin") term = fold(word);
  if (term.length > MAX_TOKEN) term = null;
  else if (STOP_WORDS.has(term) || (forQuery && QUERY_STOP_WORDS.has(term))) term = null;
  else if (script === "latin" && term.length < 2) term = null;
  else if ((script === "latin" || script === "cyrillic" || script === "arabic") && term.length <= MAX_STEMMED && !/\d/.test(term)) {
    term = stemmers[script](term) || term;
  }
  if (stemCache.size > 50_000) stemCache.clear();
  if (!forQuery) stemCache.set(word, term);
  return term;
}

/** Overlapping character pairs of a CJK run ("支付重试" -> 支付 付重 重试); a lone character stands alone. */
export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** Calls `emit` with every term of the text, in order. */
function eachTerm(text: string, emit: (term: string, word: string) => void, forQuery = false): void {
  for (const match of text.matchAll(WORD)) {
    const pairs = forQuery ? runTerms(match[0], true) : indexedRunTerms(match[0]);
    for (let i = 0; i < pairs.length; i += 2) emit(pairs[i], pairs[i + 1]);
  }
}

/** The terms of each run of letters and digits indexed lately (documents repeat their words): term, word, term, word... */
const runCache = new Map<string, readonly string[]>();

function indexedRunTerms(raw: string): readonly string[] {
  const known = runCache.get(raw);
  if (known) return known;
  const pairs = runTerms(raw, false);
  if (runCache.size > 50_000) runCache.clear();
  if (raw.length <= 100) runCache.set(raw, pairs);
  return pairs;
}

/** The terms of one run of letters and digits, each with the word it came from: term, word, term, word... */
function runTerms(raw: string, forQuery: boolean): string[] {
  const pairs: string[] = [];
  const emit = (term: string, word: string) => pairs.push(term, word);
  if (CJK.test(raw)) {
    // a run may mix scripts ("API网关"): the CJK runs become pairs, the rest are words
    let last = 0;
    for (const run of raw.matchAll(CJK_RUN)) {
      const before = raw.slice(last, run.index);
      if (before) wordTerms(before, emit, forQuery);
      for (const pair of bigrams(run[0])) emit(pair, run[0]);
      last = run.index! + run[0].length;
    }
    const after = raw.slice(last);
    if (after) wordTerms(after, emit, forQuery);
    return pairs;
  }
  wordTerms(raw, emit, forQuery);
  return pairs;
}

function wordTerms(raw: string, emit: (term: string, word: string) => void, forQuery: boolean): void {
  const lower = raw.toLowerCase();
  const whole = termOf(lower, forQuery);
  if (whole) emit(whole, raw);
  for (const part of camelParts(raw)) {
    const term = termOf(part.toLowerCase(), forQuery);
    if (term && term !== whole) emit(term, part);
  }
}

/** The text's terms joined by spaces: what the ranked index stores for one field. */
export function analyze(text: string, maxChars = 1_000_000): string {
  const out: string[] = [];
  eachTerm(text.length > maxChars ? text.slice(0, maxChars) : text, (term) => out.push(term));
  return out.join(" ");
}

/** A query word and the terms it stands for (one, or a CJK run's pairs). */
export interface QueryTerm {
  word: string;
  term: string;
}

/** The distinct terms of a query, in order, each with the word it came from. */
export function queryTerms(text: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  eachTerm(text, (term, word) => {
    if (seen.has(term)) return;
    seen.add(term);
    out.push({ term, word });
  }, true);
  return out;
}

/** Is this word dropped as a stop word (in its script's lists)? */
export function isStopWord(word: string): boolean {
  return termOf(word.toLowerCase(), true) === null;
}

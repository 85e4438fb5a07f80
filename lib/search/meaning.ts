/**
 * Which questions are also searched by meaning (issue 38): plain words only. Exact forms stay lexical: quoted
 * phrases, `field:` scopes and filters, file paths, commit shas, and words that look like identifiers (snake_case,
 * camelCase, dotted or slashed names, words with digits), which a person types because they remember them exactly.
 * A single content word is a keyword looked up as typed: a meaning needs at least two (so "zebraquokka" finds
 * nothing rather than whatever the model places nearest).
 */
import type { ParsedQuery } from "./query";
import { isStopWord } from "../index/terms/analyze";

const IDENTIFIER = /[_./\\:#@$]|[a-z][A-Z]|\d/;

export function meaningEligible(parsed: ParsedQuery, words: string[] | null = parsed.plainWords ?? null): boolean {
  if (!words || words.length === 0) return false;
  if (parsed.filePaths.length || parsed.shas.length) return false;
  if (words.filter((w) => !isStopWord(w)).length < 2) return false;
  return words.every((w) => !IDENTIFIER.test(w));
}

/** The query text to embed: the plain words as typed. */
export function meaningText(parsed: ParsedQuery): string | null {
  return meaningEligible(parsed) ? (parsed.plainWords ?? []).join(" ") : null;
}

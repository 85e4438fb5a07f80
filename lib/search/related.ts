/** Related words for a query's terms (query expansion). Filled in by the expansion step; none for now. */
import type { QueryTerm } from "../index/terms/analyze";

export interface RelatedTerm {
  /** The related word as shown. */
  word: string;
  /** Its analyzed term. */
  term: string;
  /** The typed word it stands for. */
  for: string;
}

export function relatedTerms(terms: QueryTerm[]): RelatedTerm[] {
  void terms;
  return [];
}

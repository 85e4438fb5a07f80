import type { Facet } from "../search/facets";
import type { Explanation } from "../search/ranked";
import type { HitLike } from "../search/response";
import type { HighlightTerm } from "../search/snippet";

/** A document found by a search, before its wide row is read. */
export interface Candidate {
  facet: Facet;
  rank: number | null;
  matchedBy: HitLike["matchedBy"];
  /** A question's hit: the words it holds (lib/search/ranked.ts). */
  explanation?: Explanation;
}

export interface Found {
  total: number;
  /** The candidates of the requested page, in order. */
  page: Candidate[];
  /** Words to mark besides the typed ones (a question's stems and related words). */
  highlight?: HighlightTerm[];
}

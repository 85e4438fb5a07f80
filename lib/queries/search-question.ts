import "server-only";
import type { CairnDb } from "../../db/client";
import type { SearchFilters } from "../search/filters";
import { facetIndex, filterRestriction } from "../search/facets";
import type { ParsedQuery } from "../search/query";
import { FEW, explain, questionTerms, rankQuestion } from "../search/ranked";
import type { HighlightTerm } from "../search/snippet";
import type { Candidate, Found } from "./search-types";

/**
 * Plain words ranked as a question (lib/search/ranked.ts): within the filters, every word first, then some of
 * them when those are few. Null when every word is a stop word: the exact search answers then.
 */
export function questionPage(
  db: CairnDb,
  parsed: ParsedQuery,
  filters: SearchFilters,
  offset: number,
  limit: number,
  caps: { rank: number; count: number },
  notes: string[],
): Found | null {
  const terms = questionTerms(parsed.plainWords ?? []);
  if (!terms) return null;
  const facets = facetIndex(db);
  const restriction = Object.keys(filters).length === 0 ? { inList: false, json: facets.duplicateRowids } : filterRestriction(db, facets, filters);
  if (!restriction) return { total: 0, page: [] };
  const answer = rankQuestion(db, terms, parsed.match, restriction, facets.list.length, { offset, limit, rankCap: caps.rank });
  const found = answer.total;
  const slice = answer.hits;
  const explanations = explain(db, answer, slice.map((h) => h.rowid));
  const page = slice.flatMap((hit): Candidate[] => {
    const facet = facets.byRowid.get(hit.rowid);
    return facet ? [{ facet, rank: -hit.score, matchedBy: "text", explanation: explanations.get(hit.rowid) }] : [];
  });
  if (answer.allCount < FEW && found > answer.allCount) {
    notes.push(
      answer.allCount === 0
        ? "no document holds every word: these hold some of them, the most telling words first"
        : `${answer.allCount} document${answer.allCount === 1 ? " holds" : "s hold"} every word; the rest hold some of them`,
    );
  }
  const highlight: HighlightTerm[] = [
    ...terms.filter((t) => /^[\p{Script=Latin}\p{Script=Cyrillic}\d]+$/u.test(t.term)).map((t) => ({ word: t.term, prefix: true })),
    ...answer.related.map((r) => ({ word: r.term, prefix: true })),
  ];
  if (found > caps.count) notes.push(`more than ${caps.count.toLocaleString("en-US")} documents match: the total is capped there`);
  if (found > caps.rank) {
    notes.push(`${found > caps.count ? "so many" : found.toLocaleString("en-US")} documents match: the best of the ${caps.rank.toLocaleString("en-US")} indexed last come first; add words or a filter to narrow`);
  }
  return { total: Math.min(found, caps.count), page, highlight };
}

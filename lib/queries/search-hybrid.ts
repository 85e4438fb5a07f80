import "server-only";
/**
 * Hybrid ranking (issue 38): the question's lexical list (lib/queries/search-question.ts) and the documents whose
 * passages are nearest its meaning (lib/embed/vector-search.ts), fused by reciprocal rank. A document found by
 * both carries its words and the passage; one found by meaning alone says "similar meaning" and shows the passage.
 * Exact forms never come here (lib/search/meaning.ts decides).
 */
import type { CairnDb } from "../../db/client";
import { nearestDocuments } from "../embed/vector-search";
import type { SearchFilters } from "../search/filters";
import { facetFilter, facetIndex } from "../search/facets";
import type { ParsedQuery } from "../search/query";
import { questionPage } from "./search-question";
import type { Candidate, Found } from "./search-types";

export interface MeaningQuery {
  model: string;
  vector: Float32Array;
  /** Measuring (scripts/bench/meaning-eval.ts): the fusion's settings, else the defaults below. */
  tuning?: { k?: number; lexicalWeight?: number; minSimilarity?: number; allWordsFirst?: boolean };
}

/*
 * The fusion's settings, measured on the search bench with the built-in model (scripts/bench/meaning-eval.ts,
 * BENCHMARKS.md "Meaning search"): plain RRF (k 60, equal weights) lost to words alone (blind hit@5 0.76 against
 * 0.85): the model is weaker than the words on most questions, and passages in other languages than the question
 * attract it. Words weighted 4 to 1, k 20, passages below 0.3 left out: 0.87, and no kind below words alone.
 */
/** Reciprocal rank fusion's constant. */
export const RRF_K = Number(process.env.CAIRN_RANK_RRF_K ?? 20);
/** The lexical list's weight in the fusion (the meaning list's is 1). */
export const LEXICAL_WEIGHT = Number(process.env.CAIRN_RANK_LEXICAL_WEIGHT ?? 4);
/** Below this cosine similarity a passage is not offered as "similar meaning". */
export const MIN_SIMILARITY = Number(process.env.CAIRN_RANK_MIN_SIMILARITY ?? 0.3);
/** Documents holding every typed word stay above the others (the fusion orders each group). */
export const ALL_WORDS_FIRST = process.env.CAIRN_RANK_ALL_WORDS_FIRST === "1";
/** How deep each list is read before fusing. */
const DEPTH = 50;

/** Fuses ranked lists of ids: sum of weight / (k + rank), rank from 1; ties keep the first list's order. */
export function reciprocalRankFusion(lists: Array<{ ids: number[]; weight: number }>, k = RRF_K): number[] {
  const score = new Map<number, number>();
  const firstSeen = new Map<number, number>();
  let order = 0;
  for (const { ids, weight } of lists) {
    ids.forEach((id, i) => {
      score.set(id, (score.get(id) ?? 0) + weight / (k + i + 1));
      if (!firstSeen.has(id)) firstSeen.set(id, order++);
    });
  }
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || firstSeen.get(a)! - firstSeen.get(b)!);
}

export function hybridPage(
  db: CairnDb,
  parsed: ParsedQuery,
  filters: SearchFilters,
  offset: number,
  limit: number,
  caps: { rank: number; count: number },
  notes: string[],
  meaning: MeaningQuery,
): Found | null {
  const depth = Math.max(DEPTH, offset + limit);
  const lexical = questionPage(db, parsed, filters, 0, depth, caps, notes);
  const facets = facetIndex(db);
  const keep = facetFilter(db, filters);
  const tuning = meaning.tuning ?? {};
  const near = nearestDocuments(db, meaning.model, meaning.vector, depth, (rowid) => keep(facets.byRowid.get(rowid))).filter(
    (h) => h.score >= (tuning.minSimilarity ?? MIN_SIMILARITY),
  );
  if (near.length === 0) return lexical;
  const lexicalPage = lexical?.page ?? [];
  const byRowid = new Map<number, Candidate>(lexicalPage.map((c) => [c.facet.rowid, c]));
  const nearBy = new Map(near.map((h) => [h.rowid, h]));
  const fused = reciprocalRankFusion([
    { ids: lexicalPage.map((c) => c.facet.rowid), weight: tuning.lexicalWeight ?? LEXICAL_WEIGHT },
    { ids: near.map((h) => h.rowid), weight: 1 },
  ], tuning.k ?? RRF_K);
  const all = fused.flatMap((rowid, i): Candidate[] => {
    const hit = nearBy.get(rowid);
    const similar = hit ? { kind: hit.kind, passage: hit.passage, score: Math.round(hit.score * 1000) / 1000 } : undefined;
    const lexicalHit = byRowid.get(rowid);
    if (lexicalHit) return [{ ...lexicalHit, rank: -(fused.length - i), explanation: lexicalHit.explanation && similar ? { ...lexicalHit.explanation, similar } : lexicalHit.explanation }];
    const facet = facets.byRowid.get(rowid);
    return facet ? [{ facet, rank: -(fused.length - i), matchedBy: "text", explanation: { words: [], related: [], allWords: false, similar } }] : [];
  });
  if (tuning.allWordsFirst ?? ALL_WORDS_FIRST) all.sort((a, b) => Number(b.explanation?.allWords ?? false) - Number(a.explanation?.allWords ?? false));
  const meaningOnly = near.filter((h) => !byRowid.has(h.rowid)).length;
  if (lexical && lexical.total === 0) notes.length = 0;
  if (meaningOnly > 0) notes.push(`${meaningOnly} found by similar meaning, without the words typed`);
  return { total: (lexical?.total ?? 0) + meaningOnly, page: all.slice(offset, offset + limit), highlight: lexical?.highlight };
}

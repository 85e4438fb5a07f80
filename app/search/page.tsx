import type { Metadata } from "next";
import { readDb } from "@/lib/queries/db";
import { searchDocuments, searchFacets } from "@/lib/queries/search";
import { filtersOf, searchRequestForPage } from "@/lib/search/params";
import { toSearchResponse } from "@/lib/search/response";
import { isActive, queryStringOf, type SearchState } from "./state";
import { SearchView } from "./search-view";

export const metadata: Metadata = { title: "Search" };

/** Deep-linkable: q, the filters and the grouping come from the URL, and the first results are rendered here. */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const db = await readDb();
  const { request, dropped } = searchRequestForPage(await searchParams);
  const state: SearchState = { q: request.q, ...filtersOf(request), group: request.group };
  const response = isActive(state)
    ? toSearchResponse(searchDocuments(db, request.q, { ...filtersOf(request), limit: request.limit, offset: request.offset }), request.group)
    : null;
  return <SearchView key={queryStringOf(state)} initialState={state} initialResponse={response} facets={searchFacets(db)} dropped={dropped} />;
}

/** The search page's state and its URL form: pure, for the server page and the client view alike. */
import { searchQueryString, type SearchParamName } from "@/lib/search/url";

/** What the page's controls hold; the URL says the same (see searchQueryString). */
export interface SearchState {
  q: string;
  repo?: string;
  branch?: string;
  status?: string;
  format?: string;
  kind?: string;
  level?: string;
  from?: string;
  to?: string;
  group: "flat" | "repo";
}

export const DEBOUNCE_MS = 150;
const FILTER_NAMES = ["repo", "branch", "status", "format", "kind", "level", "from", "to"] as const;

export function isActive(state: SearchState): boolean {
  return state.q.trim() !== "" || FILTER_NAMES.some((name) => !!state[name]);
}

export function queryStringOf(state: SearchState, extra: Partial<Record<SearchParamName, string | number>> = {}): string {
  return searchQueryString({ ...state, ...extra });
}

/** The state a URL describes (the server checks the values again; this only reads them). */
export function stateFromSearch(search: string): SearchState {
  const params = new URLSearchParams(search);
  const state: SearchState = { q: params.get("q") ?? "", group: params.get("group") === "repo" ? "repo" : "flat" };
  for (const name of FILTER_NAMES) {
    const value = params.get(name) ?? (name === "format" ? params.get("family") : null);
    if (value) state[name] = value;
  }
  return state;
}

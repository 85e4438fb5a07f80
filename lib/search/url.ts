/** Search state in the URL: pure, so the page's client code can use it without the validation library. */
/** Results per page: the page shows more on request. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 500;

export const SEARCH_PARAM_NAMES = ["q", "repo", "branch", "status", "format", "kind", "level", "from", "to", "group", "limit", "offset"] as const;
export type SearchParamName = (typeof SEARCH_PARAM_NAMES)[number];

/** The query string for a search, leaving out empty values and defaults: what the page puts in the URL. */
export function searchQueryString(values: Partial<Record<SearchParamName, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const name of SEARCH_PARAM_NAMES) {
    const value = values[name];
    if (value === undefined || value === "") continue;
    if (name === "group" && value === "flat") continue;
    if (name === "limit" && Number(value) === DEFAULT_LIMIT) continue;
    if (name === "offset" && Number(value) === 0) continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** The search page tracing one file: for a "Trace" link beside any key file (`file:` quoted when needed). */
export function traceHref(path: string): string {
  return `/search?${searchQueryString({ q: traceTerm(path) })}`;
}

/** The query that traces one file: `file:PATH`, quoted when the path holds spaces. */
export function traceTerm(path: string): string {
  const clean = path.replace(/"/g, "");
  return /\s/.test(clean) ? `file:"${clean}"` : `file:${clean}`;
}

/**
 * The one description of a search request, shared by `GET /api/search`, the `/search` page and
 * `cairn search`: same names, same checks, so the three give the same results.
 */
import { z } from "zod";
import { FORMAT_VALUES, GROUP_VALUES, isDay, KIND_VALUES, LEVEL_VALUES, STATUS_VALUES, type SearchFilters } from "./filters";
import { DEFAULT_LIMIT, MAX_LIMIT, SEARCH_PARAM_NAMES } from "./url";

export { DEFAULT_LIMIT, MAX_LIMIT, SEARCH_PARAM_NAMES, searchQueryString } from "./url";

const optionalText = z.string().trim().min(1).max(4096).optional();
const day = z.string().trim().refine(isDay, "must be a date like 2026-11-01").optional();

export const searchRequestSchema = z.object({
  /** Long queries are cut (with a note) by the parser, never refused. */
  q: z.string().max(20_000).default(""),
  repo: optionalText,
  branch: optionalText,
  status: z.enum(STATUS_VALUES).optional(),
  format: z.enum(FORMAT_VALUES).optional(),
  kind: z.enum(KIND_VALUES).optional(),
  level: z.enum(LEVEL_VALUES).optional(),
  from: day,
  to: day,
  group: z.enum(GROUP_VALUES).default("flat"),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type SearchRequest = z.infer<typeof searchRequestSchema>;

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

/** First value of each known name; empty values are absent (a form's "any" option sends ""). `family` is `format`. */
export function rawSearchParams(input: RawParams): Record<string, string> {
  const get = (name: string): string | undefined => {
    if (input instanceof URLSearchParams) return input.get(name) ?? undefined;
    const value = input[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const raw: Record<string, string> = {};
  for (const name of [...SEARCH_PARAM_NAMES, "family"]) {
    const value = get(name);
    if (value === undefined || (name !== "q" && value.trim() === "")) continue;
    raw[name === "family" ? "format" : name] ??= value;
  }
  return raw;
}

export type ParseOutcome = { ok: true; request: SearchRequest } | { ok: false; error: string; issues: { param: string; message: string }[] };

/** Strict: for the API and the CLI, where a wrong parameter is the caller's bug and is answered with why. */
export function parseSearchRequest(input: RawParams): ParseOutcome {
  const parsed = searchRequestSchema.safeParse(rawSearchParams(input));
  if (parsed.success) return { ok: true, request: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ param: String(issue.path[0] ?? "?"), message: issue.message }));
  return { ok: false, error: issues.map((i) => `${i.param}: ${i.message}`).join("; "), issues };
}

/** Forgiving: for the page, where a hand-edited URL should still show something. Bad values are dropped and named. */
export function searchRequestForPage(input: RawParams): { request: SearchRequest; dropped: string[] } {
  const raw = rawSearchParams(input);
  const dropped: string[] = [];
  for (;;) {
    const parsed = searchRequestSchema.safeParse(raw);
    if (parsed.success) return { request: parsed.data, dropped };
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    for (const name of bad) {
      dropped.push(`${name}=${raw[name] ?? ""}`);
      delete raw[name];
    }
    if (bad.size === 0) return { request: searchRequestSchema.parse({}), dropped };
  }
}

export function filtersOf(request: SearchRequest): SearchFilters {
  const { repo, branch, status, format, kind, level, from, to } = request;
  return { repo, branch, status, format, kind, level, from, to };
}

import "server-only";
import type { CairnDb } from "../../db/client";
import { searchDocuments } from "../queries/search";
import { filtersOf, parseSearchRequest } from "./params";
import { toSearchResponse } from "./response";

export interface SearchAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * `GET /api/search?q=...&repo=&branch=&status=&format=(or family=)&kind=&level=&from=&to=&group=flat|repo&limit=&offset=`
 * The same JSON as `cairn search --json`. A wrong parameter is a 400 that says which and why; whatever is
 * typed in `q` is never an error (it is escaped, or explained in `notes`). Answered by the route
 * (app/api/search/route.ts) and, without Next's routing in between, by the server's front door (main.ts).
 */
export function answerSearch(db: CairnDb, params: URLSearchParams): SearchAnswer {
  const parsed = parseSearchRequest(params);
  if (!parsed.ok) return { status: 400, body: { error: parsed.error, issues: parsed.issues }, headers: { "cache-control": "no-store, no-transform" } };
  const { q, limit, offset, group } = parsed.request;
  const started = performance.now();
  const result = searchDocuments(db, q, { ...filtersOf(parsed.request), limit, offset });
  const body = toSearchResponse(result, group);
  const searchMs = performance.now() - started;
  // Server-Timing: the time spent searching, apart from the HTTP and framework overhead
  return { status: 200, body, headers: { "cache-control": "no-store, no-transform", "server-timing": `search;dur=${searchMs.toFixed(2)}` } };
}

import "server-only";
import type { CairnDb } from "../../db/client";
import { searchDocuments } from "../queries/search";
import { embedInBackground, meaningStatus, queryVector } from "../embed/service";
import { filtersOf, parseSearchRequest } from "./params";
import { parseQuery } from "./query";
import { meaningText } from "./meaning";
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
 * This one is by words only; answerSearchWithMeaning adds the meaning search.
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

/**
 * The same answer, plain-word questions also ranked by meaning (issue 38) when an embedder is active: the
 * question's vector (embedded on the model's own thread, cached), then the fused ranking. The body gains
 * `meaning`: which embedder is active and how much is embedded, in one line.
 */
let lastKick = 0;

export async function answerSearchWithMeaning(db: CairnDb, params: URLSearchParams): Promise<SearchAnswer> {
  const parsed = parseSearchRequest(params);
  if (!parsed.ok) return answerSearch(db, params);
  const { q, limit, offset, group } = parsed.request;
  const started = performance.now();
  const status = meaningStatus(db);
  const text = status.active && status.embedded > 0 ? meaningText(parseQuery(q)) : null;
  const meaning = text ? await queryVector(db, text) : null;
  const embeddedAt = performance.now();
  const result = searchDocuments(db, q, { ...filtersOf(parsed.request), limit, offset, meaning: meaning ?? undefined });
  // documents indexed since (the Roots page, a file saved): embedded in the background, looked for once a minute
  if (status.active && Date.now() - lastKick > 60_000) {
    lastKick = Date.now();
    void embedInBackground(db);
  }
  const body = { ...toSearchResponse(result, group), meaning: status };
  const done = performance.now();
  return {
    status: 200,
    body,
    headers: {
      "cache-control": "no-store, no-transform",
      "server-timing": `search;dur=${(done - started).toFixed(2)}, embed;dur=${(embeddedAt - started).toFixed(2)}`,
    },
  };
}

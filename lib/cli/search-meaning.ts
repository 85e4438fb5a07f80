/**
 * `cairn search` by meaning too (issue 38), from the command line: the server answering for the database is asked
 * first (its model is warm); else, when the database holds vectors of the active model, the question is embedded here (the built-in model loads on its own thread, ~0.5 s), then ranked as the
 * server ranks it. Without vectors the search is by words only and says so.
 */
import type { CairnDb } from "../../db/client";
import type { MeaningQuery } from "../queries/search-hybrid";
import type { MeaningStatus } from "../embed/service";
import type { SearchRequest } from "../search/params";
import type { SearchResponse } from "../search/response";

export async function cliMeaning(db: CairnDb, q: string): Promise<{ query: MeaningQuery | null; status: MeaningStatus; close: () => Promise<void> } | null> {
  const [{ parseQuery }, { meaningText }, service] = await Promise.all([import("../search/query"), import("../search/meaning"), import("../embed/service")]);
  let status: MeaningStatus;
  try {
    status = service.meaningStatus(db);
  } catch {
    return null;
  }
  const text = meaningText(parseQuery(q));
  if (!status.active || status.embedded === 0 || !text) return { query: null, status, close: service.closeEmbedder };
  const query = await service.queryVector(db, text);
  return { query, status, close: service.closeEmbedder };
}

/** Time for the running server's answer; past it the search runs here. */
const SERVER_TIMEOUT_MS = 3_000;

/**
 * Asks the server answering for this database (lib/server/serving-file.ts), whose model is loaded: the same
 * request, the same JSON. Null when none runs, or it does not answer well in time (then the search runs here).
 */
export async function askServer(dbPath: string, request: SearchRequest): Promise<SearchResponse | null> {
  const { readServing } = await import("../server/serving-file");
  const serving = readServing(dbPath);
  if (!serving) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const host = serving.host === "::1" ? "[::1]" : serving.host;
  try {
    const res = await fetch(`http://${host}:${serving.port}/api/search?${params}`, { signal: AbortSignal.timeout(SERVER_TIMEOUT_MS), redirect: "error" });
    if (!res.ok) return null;
    const body = (await res.json()) as SearchResponse;
    return Array.isArray(body.hits) ? body : null;
  } catch {
    return null;
  }
}

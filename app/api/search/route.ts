import "server-only";
import { readDb } from "@/lib/queries/db";
import { searchDocuments } from "@/lib/queries/search";
import { filtersOf, parseSearchRequest } from "@/lib/search/params";
import { toSearchResponse } from "@/lib/search/response";

/**
 * `GET /api/search?q=...&repo=&branch=&status=&format=(or family=)&kind=&level=&from=&to=&group=flat|repo&limit=&offset=`
 * The same JSON as `cairn search --json`. A wrong parameter is a 400 that says which and why; whatever is
 * typed in `q` is never an error (it is escaped, or explained in `notes`).
 */
export async function GET(request: Request): Promise<Response> {
  const db = await readDb();
  const parsed = parseSearchRequest(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return Response.json({ error: parsed.error, issues: parsed.issues }, { status: 400, headers: { "cache-control": "no-store, no-transform" } });
  }
  const { q, limit, offset, group } = parsed.request;
  const started = performance.now();
  const result = searchDocuments(db, q, { ...filtersOf(parsed.request), limit, offset });
  const body = toSearchResponse(result, group);
  const searchMs = performance.now() - started;
  // Server-Timing: the time spent searching, apart from the HTTP and framework overhead
  return Response.json(body, { headers: { "cache-control": "no-store, no-transform", "server-timing": `search;dur=${searchMs.toFixed(2)}` } });
}

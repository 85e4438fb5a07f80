import type { IncomingMessage, ServerResponse } from "node:http";
import { getDb } from "../../db/client";

export type FrontDoorSearch = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * `GET /api/search` answered by the server itself, after the guard, without Next's routing in between
 * (about as long again as the search at 6,000 documents): the function the route calls (lib/search/api.ts),
 * the same JSON and headers. Null when the search modules cannot load here (run from source without the
 * react-server condition they refuse to, being "server-only"): Next's route answers then, as before.
 */
export async function loadFrontDoorSearch(dbPath: string): Promise<FrontDoorSearch | null> {
  let answerSearch: typeof import("../search/api").answerSearch;
  try {
    ({ answerSearch } = await import("../search/api"));
  } catch {
    return null;
  }
  return (req, res) => {
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    if (req.method !== "GET" || (mark === -1 ? url : url.slice(0, mark)) !== "/api/search") return false;
    let answer: ReturnType<typeof answerSearch>;
    try {
      answer = answerSearch(getDb(dbPath), new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1)));
    } catch (error) {
      process.stderr.write(`cairn serve: search failed: ${error instanceof Error ? error.message : String(error)}\n`);
      answer = { status: 500, body: { error: "The search failed; the server's output says why." }, headers: { "cache-control": "no-store, no-transform" } };
    }
    const json = JSON.stringify(answer.body);
    res.writeHead(answer.status, { ...answer.headers, "content-type": "application/json", "content-length": Buffer.byteLength(json) });
    res.end(json);
    return true;
  };
}

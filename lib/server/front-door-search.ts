import type { IncomingMessage, ServerResponse } from "node:http";
import { getDb } from "../../db/client";

export type FrontDoorSearch = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * `GET /api/search` answered by the server itself (with the meaning search, lib/search/api.ts), after the guard, without Next's routing in between
 * (about as long again as the search at 6,000 documents): the function the route calls (lib/search/api.ts),
 * the same JSON and headers. Null when the search modules cannot load here (run from source without the
 * react-server condition they refuse to, being "server-only"): Next's route answers then, as before.
 */
export async function loadFrontDoorSearch(dbPath: string): Promise<FrontDoorSearch | null> {
  let answerSearch: typeof import("../search/api").answerSearchWithMeaning;
  try {
    ({ answerSearchWithMeaning: answerSearch } = await import("../search/api"));
  } catch {
    return null;
  }
  return (req, res) => {
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    if (req.method !== "GET" || (mark === -1 ? url : url.slice(0, mark)) !== "/api/search") return false;
    const failed = (error: unknown) => {
      process.stderr.write(`cairn serve: search failed: ${error instanceof Error ? error.message : String(error)}\n`);
      return { status: 500, body: { error: "The search failed; the server's output says why." }, headers: { "cache-control": "no-store, no-transform" } };
    };
    let pending: Promise<Awaited<ReturnType<typeof answerSearch>>>;
    try {
      pending = answerSearch(getDb(dbPath), new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1)));
    } catch (error) {
      pending = Promise.resolve(failed(error));
    }
    void pending.catch(failed).then((answer) => {
      const json = JSON.stringify(answer.body);
      res.writeHead(answer.status, { ...answer.headers, "content-type": "application/json", "content-length": Buffer.byteLength(json) });
      res.end(json);
    });
    return true;
  };
}

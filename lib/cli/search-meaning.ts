/**
 * `cairn search` by meaning too (issue 38), from the command line: when the database holds vectors of the active
 * model, the question is embedded here (the built-in model loads on its own thread, ~0.5 s), then ranked as the
 * server ranks it. Without vectors the search is by words only and says so.
 */
import type { CairnDb } from "../../db/client";
import type { MeaningQuery } from "../queries/search-hybrid";
import type { MeaningStatus } from "../embed/service";

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

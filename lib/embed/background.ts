/**
 * Embedding after the lexical index (issue 38): passages of new or changed documents, then every passage text the
 * model has not seen, in small batches; search works meanwhile (lexical, plus whatever is embedded already).
 * Between batches the thread yields, so pages are served between them; the model itself runs on its own thread.
 */
import type { CairnDb } from "../../db/client";
import { embedProgress, pendingPassages, storeVectors, syncPassages, type EmbedProgress } from "./store";
import type { Embedder } from "./types";

const BATCH = 8;

export interface EmbedRun extends EmbedProgress {
  /** Passages embedded by this run. */
  embeddedNow: number;
  ms: number;
}

export async function embedPending(db: CairnDb, embedder: Embedder, options: { onProgress?: (p: EmbedProgress) => void; shouldStop?: () => boolean } = {}): Promise<EmbedRun> {
  const started = performance.now();
  while (syncPassages(db) > 0) await new Promise((r) => setImmediate(r));
  let embeddedNow = 0;
  for (;;) {
    if (options.shouldStop?.()) break;
    const batch = pendingPassages(db, embedder.model, BATCH);
    if (batch.length === 0) break;
    const vectors = await embedder.embed(batch.map((p) => p.text));
    storeVectors(db, embedder.model, batch.map((p, i) => ({ hash: p.hash, vector: vectors[i] })));
    embeddedNow += batch.length;
    if (options.onProgress && embeddedNow % (BATCH * 8) === 0) options.onProgress(embedProgress(db, embedder.model));
    await new Promise((r) => setImmediate(r));
  }
  return { ...embedProgress(db, embedder.model), embeddedNow, ms: performance.now() - started };
}

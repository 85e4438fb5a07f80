/**
 * Embedding after the lexical index (issue 38): passages of new or changed documents, then every passage text the
 * model has not seen, in small batches; search works meanwhile (lexical, plus whatever is embedded already).
 * Between batches the thread yields, so pages are served between them; the model itself runs on its own thread.
 */
import type { CairnDb } from "../../db/client";
import { embedProgress, pendingPassages, storeVectors, syncPassages, type EmbedProgress } from "./store";
import type { Embedder } from "./types";

/** Passages per call to the model (8: the built-in model's best rate per passage, measured). */
const BATCH = 8;
/** Pending passages read per query. */
const CHUNK = 256;

export interface EmbedRun extends EmbedProgress {
  /** Passages embedded by this run. */
  embeddedNow: number;
  ms: number;
}

export async function embedPending(db: CairnDb, embedder: Embedder, options: { onProgress?: (p: EmbedProgress) => void; shouldStop?: () => boolean } = {}): Promise<EmbedRun> {
  const started = performance.now();
  while (syncPassages(db) > 0) await new Promise((r) => setImmediate(r));
  let embeddedNow = 0;
  for (let stop = false; !stop; ) {
    // read a chunk of what is pending at once (one scan of the passages), then embed it batch by batch
    const chunk = pendingPassages(db, embedder.model, CHUNK);
    if (chunk.length === 0) break;
    for (let i = 0; i < chunk.length; i += BATCH) {
      if (options.shouldStop?.()) {
        stop = true;
        break;
      }
      const batch = chunk.slice(i, i + BATCH);
      const vectors = await embedder.embed(batch.map((p) => p.text));
      storeVectors(db, embedder.model, batch.map((p, j) => ({ hash: p.hash, vector: vectors[j] })));
      embeddedNow += batch.length;
      if (options.onProgress && embeddedNow % (BATCH * 8) === 0) options.onProgress(embedProgress(db, embedder.model));
      await new Promise((r) => setImmediate(r));
    }
  }
  return { ...embedProgress(db, embedder.model), embeddedNow, ms: performance.now() - started };
}

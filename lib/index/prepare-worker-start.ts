/**
 * The prepare worker (prepare-pool.ts) started as the very first thing `cairn index` does. Loading the parsers and
 * the secret scanner takes the new thread ~0.2 s; started by the pool, that began only once the main thread had
 * loaded the indexer itself and opened (or migrated) the database, and the worker then set the pace of a small
 * world's run from there. Started here, the two load side by side, and the pool takes the thread over when the run
 * begins. Only the compiled command line can (its worker entry, dist/cli/prepare-worker.js, sits beside this
 * module); anywhere else, or with `CAIRN_PARSE_WORKER=0`, nothing is started and the pool starts its own as before.
 * Kept tiny and free of heavy imports: the command line loads it before anything else.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { hasStartedWorker, offerStartedWorker, type OfferedWorker } from "./started-worker";

/** The compiled worker entry beside this module, or null outside the compiled command line. */
function compiledWorkerEntry(): URL | null {
  if (process.env.CAIRN_PARSE_WORKER === "0") return null;
  const here = import.meta.url;
  if (typeof here !== "string" || !/\/dist\/cli\/[^/]+\.js$/.test(here)) return null;
  const folder = dirname(/* turbopackIgnore: true */ fileURLToPath(here));
  const entry = join(/* turbopackIgnore: true */ folder, "prepare-worker.js");
  return existsSync(/* turbopackIgnore: true */ entry) ? pathToFileURL(/* turbopackIgnore: true */ entry) : null;
}

/** Start the worker now, if it can run here; it keeps nothing alive and stops with the process if never used. */
export function startPrepareWorker(): void {
  if (hasStartedWorker()) return;
  const entry = compiledWorkerEntry();
  if (!entry) return;
  try {
    const worker = new Worker(entry, { workerData: { cairnPrepareWorker: true } });
    const state: OfferedWorker = { worker, ready: false, alive: true, release: () => {} };
    const onMessage = (message: unknown) => {
      if ((message as { ready?: unknown } | null)?.ready === true) state.ready = true;
    };
    const onGone = () => {
      state.alive = false;
    };
    worker.on("message", onMessage);
    worker.on("error", onGone);
    worker.on("exit", onGone);
    state.release = () => {
      worker.off("message", onMessage);
      worker.off("error", onGone);
      worker.off("exit", onGone);
    };
    worker.unref();
    offerStartedWorker(state);
  } catch {
    // no worker: the pool starts its own
  }
}

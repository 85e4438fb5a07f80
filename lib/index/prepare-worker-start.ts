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
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

export interface StartedWorker {
  worker: Worker;
  /** The worker said it has loaded (its first message) before the pool took it over. */
  ready: boolean;
}

interface Started extends StartedWorker {
  alive: boolean;
  release: () => void;
}

let started: Started | null = null;

/** The compiled worker entry beside this module, or null outside the compiled command line. */
export function compiledWorkerEntry(): URL | null {
  if (process.env.CAIRN_PARSE_WORKER === "0") return null;
  const here = import.meta.url;
  if (typeof here !== "string" || !/\/dist\/cli\/[^/]+\.js$/.test(here)) return null;
  const entry = new URL("./prepare-worker.js", here);
  return existsSync(fileURLToPath(entry)) ? entry : null;
}

/** Start the worker now, if it can run here; it keeps nothing alive and stops with the process if never used. */
export function startPrepareWorker(): void {
  if (started) return;
  const entry = compiledWorkerEntry();
  if (!entry) return;
  try {
    const worker = new Worker(entry, { workerData: { cairnPrepareWorker: true } });
    const state: Started = { worker, ready: false, alive: true, release: () => {} };
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
    started = state;
  } catch {
    started = null;
  }
}

/** The worker started early, for the pool to take over (once); null when none was started or it has failed. */
export function takeStartedWorker(): StartedWorker | null {
  const state = started;
  started = null;
  if (!state) return null;
  state.release();
  if (!state.alive) return null;
  return { worker: state.worker, ready: state.ready };
}

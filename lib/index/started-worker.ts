/**
 * The hand-over of the prepare worker `cairn index` starts before loading the indexer (prepare-worker-start.ts,
 * loaded by the command line only) to the pool that then uses it (prepare-pool.ts). Nothing here starts a thread:
 * Next bundles the pool for the server and would read a `new Worker(...)` beside it as a worker of its own.
 */
import type { Worker } from "node:worker_threads";

export interface StartedWorker {
  worker: Worker;
  /** The worker said it has loaded (its first message) before the pool took it over. */
  ready: boolean;
}

export interface OfferedWorker extends StartedWorker {
  alive: boolean;
  /** Remove the listeners set while it waited. */
  release: () => void;
}

let offered: OfferedWorker | null = null;

export function hasStartedWorker(): boolean {
  return offered !== null;
}

export function offerStartedWorker(worker: OfferedWorker): void {
  offered = worker;
}

/** The worker started early, taken once; null when none was started or it has stopped since. */
export function takeStartedWorker(): StartedWorker | null {
  const state = offered;
  offered = null;
  if (!state) return null;
  state.release();
  return state.alive ? { worker: state.worker, ready: state.ready } : null;
}

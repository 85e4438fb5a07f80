/**
 * Discovery gives way to requests: a repository of 200,000 tracked Markdown files kept the server's event loop
 * for 18-22 s per re-index (walk, rules, sniff in one synchronous stretch). A pace is shared by every branch
 * of a walk running at once (the folders' listings come back together, and their callbacks run one after
 * another): once SLICE_MS of work has gone by since the last turn of the event loop, every branch waits for
 * the next one (setImmediate: waiting I/O, such as a request, runs first).
 */
import { performance } from "node:perf_hooks";

/** Work between two turns of the event loop, at most (plus one step). */
export const SLICE_MS = 10;

export interface Yielder {
  /** One step of work: null to go on at once, or a turn of the event loop to wait for first. */
  step(): Promise<void> | null;
}

export function yielder(sliceMs = SLICE_MS): Yielder {
  let sliceStart = performance.now();
  let waiting: Promise<void> | null = null;
  return {
    step() {
      if (waiting) return waiting;
      if (performance.now() - sliceStart < sliceMs) return null;
      waiting = new Promise<void>((resolve) =>
        setImmediate(() => {
          waiting = null;
          sliceStart = performance.now();
          resolve();
        }),
      );
      return waiting;
    },
  };
}

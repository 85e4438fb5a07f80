import "server-only";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * One full garbage collection once the server has sat idle for a while after serving requests. A page of
 * thousands of rows grows V8's heap by ~100 MiB while it renders; the heap keeps that room committed (resident)
 * long after the garbage is dead, until enough new allocation triggers a full collection, which an idle server
 * never does. Collecting when nobody waits hands it back (two passes: the second returns what the first freed):
 * after 24 list pages and 72 checkpoint and diff pages at 6,200 documents, resident memory 364 -> 243 MiB, V8's
 * heap 203 -> 103 MiB. A collection of that heap takes tens of milliseconds, hence only after IDLE_MS without a
 * new request, and at most once per burst of requests. `CAIRN_IDLE_GC=0` turns it off.
 */
const IDLE_MS = 3_000;
const CHECK_MS = 1_000;

/** V8's full collection, made callable without starting Node with --expose-gc; null when it cannot be. */
function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

export interface IdleCollector {
  /** A request arrived. */
  touch(): void;
}

export function startIdleCollector(): IdleCollector {
  const gc = process.env.CAIRN_IDLE_GC === "0" ? null : fullCollection();
  let last = 0;
  let pending = false;
  if (gc) {
    setInterval(() => {
      if (!pending || Date.now() - last < IDLE_MS) return;
      pending = false;
      // a second pass a moment later: the first one's freed pages are then given back as well
      gc();
      setTimeout(gc, 200).unref();
    }, CHECK_MS).unref();
  }
  return {
    touch() {
      last = Date.now();
      pending = true;
    },
  };
}

import "server-only";

/**
 * At most this many live-update streams (`/api/events`) are open at once: each holds a socket, two
 * listeners and a timer. Past it the route answers 503 with Retry-After until one closes. A browser opens
 * one per tab; `CAIRN_MAX_EVENT_STREAMS` changes the cap.
 */
export const MAX_EVENT_STREAMS = Math.max(1, Math.floor(Number(process.env.CAIRN_MAX_EVENT_STREAMS)) || 32);

/** Counted across module copies (Next may load a module twice): hence the global. */
const holder = globalThis as unknown as { __cairnEventStreams?: { open: number } };
const counter = (holder.__cairnEventStreams ??= { open: 0 });

/** How many live-update streams are open now. */
export function openEventStreams(): number {
  return counter.open;
}

/** Take a stream slot: a release function (safe to call more than once), or null when the cap is reached. */
export function acquireEventStream(): (() => void) | null {
  if (counter.open >= MAX_EVENT_STREAMS) return null;
  counter.open++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    counter.open--;
  };
}

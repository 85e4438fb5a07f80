import "server-only";

/**
 * Roots this server removed lately: `/roots?removed=PATH` says "Removed PATH" only for one of these, so the
 * page never echoes text someone put in a link (a crafted `?removed=` shows nothing).
 */
const KEEP_MS = 10 * 60_000;
const KEEP_COUNT = 20;

const holder = globalThis as unknown as { __cairnRemovedRoots?: Map<string, number> };
const removed: Map<string, number> = (holder.__cairnRemovedRoots ??= new Map());

function prune(now: number): void {
  for (const [path, at] of removed) if (now - at > KEEP_MS) removed.delete(path);
  while (removed.size > KEEP_COUNT) removed.delete(removed.keys().next().value as string);
}

export function rememberRemovedRoot(path: string): void {
  const now = Date.now();
  removed.delete(path);
  removed.set(path, now);
  prune(now);
}

/** The path to announce, or null when `value` is not a root this server removed in the last minutes. */
export function announcedRemoval(value: string | string[] | undefined): string | null {
  if (typeof value !== "string") return null;
  prune(Date.now());
  return removed.has(value) ? value : null;
}

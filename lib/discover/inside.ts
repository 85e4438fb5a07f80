import { relative, sep } from "node:path";

/**
 * Whether `child` is `parent` or lies under it (both absolute). Apart from candidates.ts, so that
 * code that only checks paths (the resume brief) does not load every parser with it.
 */
export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && rel !== "..");
}

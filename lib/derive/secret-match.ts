/**
 * What a secret finding is known by across re-indexes, without its value: the hash of its line as the index keeps
 * it (the secret replaced by `[REDACTED:<rule>]`, trimmed). The line's place may move; its masked text identifies it.
 * Pure: no I/O.
 */
import { createHash } from "node:crypto";

/** Line `line` (1-based) of `text`, without its line ending and surrounding blanks; null when there is none. */
export function lineOf(text: string, line: number): string | null {
  if (line < 1) return null;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end < 0 ? undefined : end).replace(/\r$/, "").trim();
}

/** The sha256 of a finding's redacted line (empty when the line is not there). */
export function findingMatchHash(redactedText: string, line: number): string {
  return createHash("sha256").update(lineOf(redactedText, line) ?? "").digest("hex");
}

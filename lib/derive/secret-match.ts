/**
 * What a secret finding is known by across re-indexes, without its value: the hash of its line as the index keeps
 * it (the secret replaced by `[REDACTED:<rule>]`, trimmed) and of the secret itself (its fingerprint). The line's
 * place may move; its masked text and its token identify it, so that "Not a secret" on one token never hides
 * another token of the same line, nor a new token written in its place (issue 42). Pure: no I/O.
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

/**
 * The fingerprint of one secret's value under its rule: a hash, never the value (the database keeps no secret), and
 * only ever stored hashed again with its line (findingMatchHash).
 */
export function secretFingerprint(rule: string, value: string): string {
  return createHash("sha256").update(`cairn-secret\0${rule}\0${value}`).digest("hex");
}

/** Each finding of a scan with the fingerprint of its value in `text` (the text the scan read). */
export function withFingerprints<F extends { rule: string; start: number; end: number }>(text: string, findings: readonly F[]): Array<F & { fingerprint: string }> {
  return findings.map((f) => ({ ...f, fingerprint: secretFingerprint(f.rule, text.slice(f.start, f.end)) }));
}

/** The sha256 of a finding's redacted line (empty when the line is not there) and of its secret's fingerprint. */
export function findingMatchHash(redactedText: string, line: number, fingerprint: string): string {
  return createHash("sha256").update(lineOf(redactedText, line) ?? "").update(`\0${fingerprint}`).digest("hex");
}

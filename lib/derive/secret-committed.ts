/**
 * Whether a secret finding's line is committed: the file is in HEAD and HEAD's version holds the same line (both
 * compared with their secrets redacted, by the hash of the redacted line), or it is only in the working tree.
 * HEAD's versions are read through the one git runner with one `cat-file --batch` per repository, the
 * `HEAD:<path>` specs written to its stdin (never a value on the command line).
 */
import { realpathSync } from "node:fs";
import { basename, join } from "node:path";
import { readRegularFileSync } from "../discover/read-file";
import { catFileBatch } from "../git/objects";
import { findingMatchHash, secretFingerprint } from "./secret-match";
import { scanSecrets } from "./secrets";

/** committed: in HEAD's version; working-tree: only in the working tree (the file is untracked, new, or the line changed). */
export type LineState = "committed" | "working-tree";

/** A file's version in HEAD is not read past this (a larger one is answered as unknown). */
const HEAD_MAX_BYTES = 4 * 1024 * 1024;

/** The file in the working tree is byte for byte HEAD's version: every line of it is committed. */
export const SAME_AS_HEAD = "same-as-head";
export type CommittedAnswer = Set<string> | null | typeof SAME_AS_HEAD;

/** The working tree's bytes of a path, read carefully (no link out of the repository), or null. */
function worktreeBytes(realRepo: string | null, repoPath: string, path: string): Buffer | null {
  if (!realRepo) return null;
  const read = readRegularFileSync(join(repoPath, path), { maxBytes: HEAD_MAX_BYTES, links: { within: realRepo } });
  return read.ok ? read.bytes : null;
}

/**
 * For each repository-relative path: the hashes of the redacted lines holding a secret in HEAD's version, or null
 * when HEAD has no such file, or SAME_AS_HEAD when the working tree's file is HEAD's version (most files: no scan
 * of HEAD's version needed). A path git could not answer for is left out (unknown).
 */
export async function committedSecretLines(repoPath: string, paths: readonly string[]): Promise<Map<string, CommittedAnswer>> {
  const result = new Map<string, CommittedAnswer>();
  const askable = [...new Set(paths)].filter((p) => p && !/[\r\n\0]/.test(p));
  if (askable.length === 0) return result;
  let realRepo: string | null = null;
  try {
    realRepo = realpathSync(repoPath);
  } catch {
    realRepo = null;
  }
  let objects;
  try {
    objects = await catFileBatch(repoPath, askable.map((p) => `HEAD:${p}`), { maxBytes: HEAD_MAX_BYTES * askable.length + 65_536 });
  } catch {
    return result; // no HEAD yet, or git failed: unknown
  }
  for (const [i, path] of askable.entries()) {
    const object = objects[i];
    if (!object?.found || !object.content || object.type !== "blob") {
      result.set(path, null);
      continue;
    }
    const content = object.content;
    if (content.length > HEAD_MAX_BYTES) continue;
    const current = worktreeBytes(realRepo, repoPath, path);
    if (current && current.equals(content)) {
      result.set(path, SAME_AS_HEAD);
      continue;
    }
    const text = content.toString("utf8");
    const scan = await scanSecrets(text, basename(path));
    result.set(path, new Set(scan.findings.map((f) => findingMatchHash(scan.redacted, f.line, secretFingerprint(f.rule, text.slice(f.start, f.end))))));
  }
  return result;
}

/** The state of one finding from its file's answer (undefined: git could not say). */
export function lineState(answer: CommittedAnswer | undefined, matchHash: string | null): LineState | null {
  if (answer === SAME_AS_HEAD) return "committed";
  if (answer === undefined || !matchHash) return null;
  return answer !== null && answer.has(matchHash) ? "committed" : "working-tree";
}

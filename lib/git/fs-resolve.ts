/**
 * Checkpoint shas resolved from the repository's files where that is certain, as `cat-file --batch-check`
 * would resolve `<value>^{commit}`: a full sha the object store holds as a commit is itself; an abbreviated
 * one is the single object whose name starts with it, when that object is a commit and no ref bears the
 * value as a name (git prefers a ref to an abbreviated sha). Every other value is left for git.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { readRegularFileSync } from "../discover/read-file";
import type { GitDirs } from "./fs-stamp";
import type { ObjectStore } from "./object-store";

/** Where git would look for a ref spelled `value` (`git rev-parse`'s rules), under the two git folders. */
function refCandidates(value: string): string[] {
  return [value, `refs/${value}`, `refs/tags/${value}`, `refs/heads/${value}`, `refs/remotes/${value}`, `refs/remotes/${value}/HEAD`];
}

function exists(path: string): boolean | null {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? false : null;
  }
}

/** Whether some ref (loose, packed, or a file like HEAD) may be named `value`: true when unsure. */
function mayBeRefName(dirs: GitDirs, packedNames: ReadonlySet<string> | null, value: string): boolean {
  if (packedNames === null) return true;
  for (const candidate of refCandidates(value)) {
    if (packedNames.has(candidate)) return true;
    for (const dir of new Set([dirs.gitDir, dirs.commonDir])) if (exists(join(dir, candidate)) !== false) return true;
  }
  return false;
}

function packedRefNames(dirs: GitDirs): Set<string> | null {
  const read = readRegularFileSync(join(dirs.commonDir, "packed-refs"), { maxBytes: 16 * 1024 * 1024 });
  if (!read.ok) return read.refusal === "missing" ? new Set() : null;
  const names = new Set<string>();
  for (const line of read.bytes.toString("utf8").split("\n")) {
    const name = /^[0-9a-f]{40} (\S+)$/.exec(line)?.[1];
    if (name) names.add(name);
  }
  return names;
}

/** The values answered here (value -> full commit sha); the others are absent from the map. */
export function resolveFromFiles(dirs: GitDirs, store: ObjectStore, values: readonly string[]): Map<string, string> {
  const answered = new Map<string, string>();
  let packedNames: Set<string> | null | undefined;
  for (const value of new Set(values)) {
    if (/^[0-9a-f]{40}$/.test(value)) {
      if (store.typeOf(value) === "commit") answered.set(value, value);
      continue;
    }
    if (!/^[0-9a-f]{4,39}$/.test(value)) continue;
    const matches = store.matching(value);
    if (matches?.length !== 1) continue;
    const [sha] = matches as [string];
    if (store.typeOf(sha) !== "commit") continue;
    packedNames ??= packedRefNames(dirs);
    if (!mayBeRefName(dirs, packedNames, value)) answered.set(value, sha);
  }
  return answered;
}

/**
 * Local branches and remote-tracking refs read from the repository's files (loose refs, then
 * `packed-refs`), with what `git for-each-ref refs/heads refs/remotes` would answer: each ref's commit, the
 * branch checked out in this work tree, and the remote HEADs' targets. Every tip must be a commit the
 * object store can vouch for (ObjectStore.typeOf).
 *
 * Null ("ask git") on anything unusual: an odd ref name or file, a link, a symbolic ref that does not
 * resolve to a plain ref, a ref git would skip or die on (a missing object, a non-commit), too many refs.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { readRegularFileSync } from "../discover/read-file";
import { folderEntries, type GitDirs } from "./fs-stamp";
import type { ObjectStore } from "./object-store";

export interface FileRef {
  refName: string;
  sha: string;
  /** The ref it points at, for a symbolic ref. */
  symref: string | null;
  /** This branch is HEAD's (the `%(HEAD)` mark). */
  isHead: boolean;
}

const MAX_REFS = 5_000;
const MAX_DEPTH = 12;
const MAX_PACKED_BYTES = 16 * 1024 * 1024;
const HEX40 = /^[0-9a-f]{40}$/;
/** A ref name git takes as it is (a strict subset of `git check-ref-format`). */
const PLAIN_COMPONENT = /^[A-Za-z0-9_][A-Za-z0-9._+@-]*$/;

class Unsure extends Error {}

function plainRefName(name: string): boolean {
  return name.split("/").every((part) => PLAIN_COMPONENT.test(part) && !part.endsWith(".lock") && !part.includes("..") && !part.endsWith(".") && !part.includes("@{"));
}

function text(path: string, maxBytes = 4096): string | null {
  const read = readRegularFileSync(path, { maxBytes });
  if (read.ok) return read.bytes.toString("utf8");
  if (read.refusal === "missing") return null;
  throw new Unsure(read.reason);
}

/** Loose ref files under `refs/<folder>`: name -> file text. */
function looseRefs(commonDir: string, folder: string, out: Map<string, string>, depth = 0): void {
  for (const entry of folderEntries(join(commonDir, folder))) {
    const name = `${folder}/${entry.name}`;
    const info = lstatSync(join(commonDir, name));
    if (info.isDirectory()) {
      if (depth >= MAX_DEPTH) throw new Unsure("refs too deep");
      looseRefs(commonDir, name, out, depth + 1);
    } else if (info.isFile()) {
      if (!plainRefName(name)) throw new Unsure(`ref name ${name}`);
      const content = text(join(commonDir, name));
      if (content === null) throw new Unsure("a ref vanished");
      out.set(name, content);
    } else throw new Unsure("a link or special file among refs");
    if (out.size > MAX_REFS) throw new Unsure("too many refs");
  }
}

/** `packed-refs`: name -> sha (peeled `^` lines skipped). */
function packedRefs(commonDir: string): Map<string, string> {
  const refs = new Map<string, string>();
  const content = text(join(commonDir, "packed-refs"), MAX_PACKED_BYTES);
  if (content === null) return refs;
  for (const line of content.split("\n")) {
    if (line === "" || line.startsWith("# pack-refs with:") || /^\^[0-9a-f]{40}$/.test(line)) continue;
    const match = /^([0-9a-f]{40}) (refs\/\S+)$/.exec(line);
    if (!match || !plainRefName(match[2] as string)) throw new Unsure("odd packed-refs line");
    refs.set(match[2] as string, match[1] as string);
  }
  return refs;
}

/**
 * What `for-each-ref refs/heads refs/remotes` lists (sorted by name), or null when git must be asked.
 * Every ref's object is checked to be a commit in `store`.
 */
export function readRefsFromFiles(dirs: GitDirs, store: ObjectStore): FileRef[] | null {
  try {
    const packed = packedRefs(dirs.commonDir);
    const loose = new Map<string, string>();
    looseRefs(dirs.commonDir, "refs/heads", loose);
    looseRefs(dirs.commonDir, "refs/remotes", loose);
    const headText = text(join(dirs.gitDir, "HEAD"));
    const headRef = /^ref: (refs\/\S+)\n?$/.exec(headText ?? "")?.[1] ?? null;
    if (headText === null || (headRef === null && !/^[0-9a-f]{40}\n?$/.test(headText))) return null;
    const direct = (name: string): string | null => {
      const content = loose.get(name) ?? (name.startsWith("refs/heads/") || name.startsWith("refs/remotes/") ? undefined : text(join(dirs.commonDir, name)) ?? undefined);
      if (content !== undefined) {
        const sha = /^([0-9a-f]{40})\n?$/.exec(content)?.[1];
        if (!sha) throw new Unsure("a symbolic ref pointing at a symbolic ref, or an odd ref file");
        return sha;
      }
      return packed.get(name) ?? null;
    };
    const names = new Set([...loose.keys(), ...[...packed.keys()].filter((name) => name.startsWith("refs/heads/") || name.startsWith("refs/remotes/"))]);
    const refs: FileRef[] = [];
    const checked = new Map<string, boolean>();
    for (const refName of [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
      const content = loose.get(refName);
      const target = content === undefined ? null : /^ref: (refs\/\S+)\n?$/.exec(content)?.[1] ?? null;
      if (target !== null && !plainRefName(target)) return null;
      const sha = target !== null ? direct(target) : content !== undefined ? /^([0-9a-f]{40})\n?$/.exec(content)?.[1] ?? null : packed.get(refName) ?? null;
      if (sha === null) return null;
      let isCommit = checked.get(sha);
      if (isCommit === undefined) checked.set(sha, (isCommit = store.typeOf(sha) === "commit"));
      if (!isCommit) return null;
      refs.push({ refName, sha, symref: target, isHead: refName === headRef });
    }
    return refs;
  } catch {
    return null;
  }
}

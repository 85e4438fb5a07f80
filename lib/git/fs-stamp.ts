/**
 * A stamp of a repository's git state read from the filesystem alone, without starting git: HEAD (its
 * text), the index, the config, packed-refs, shallow, and every loose ref (name, time, size). When two
 * stamps are equal, git's answers about HEAD, refs, history and the index are the same (the work tree
 * is stamped by the file walk, see lib/discover/candidates.ts).
 *
 * Nothing here follows a symbolic link: a link where git keeps its files, an unreadable or odd layout,
 * too many refs, all give null ("unsure"), and the caller then asks git as before.
 *
 * The calls are synchronous: a stamp is a dozen lstats and a few tiny reads per repository, each cheaper
 * than the thread-pool round trip an asynchronous one costs.
 */
import { lstatSync, readdirSync, type Dirent, type Stats } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { readRegularFile } from "../discover/read-file";

/** Loose refs read at most; a repository with more is simply never skipped. */
const MAX_REF_ENTRIES = 20_000;
const MAX_REF_DEPTH = 12;
const SMALL_FILE = 64 * 1024;

export type StampLayout = "worktree" | "linked-worktree" | "bare";

/** Where git keeps this repository's files: the per-worktree folder and the shared one. */
export interface GitDirs {
  gitDir: string;
  commonDir: string;
}

class Unsure extends Error {}

function describe(info: Stats | null): string {
  if (!info) return "-";
  if (info.isSymbolicLink()) throw new Unsure("symbolic link");
  return `${info.isDirectory() ? "d" : info.isFile() ? "f" : "o"}:${info.mtimeMs}:${info.ctimeMs}:${info.size}:${info.ino}`;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw new Unsure(String(code));
  }
}

async function smallText(path: string): Promise<string | null> {
  const read = await readRegularFile(path, { maxBytes: SMALL_FILE });
  if (read.ok) return read.bytes.toString("utf8");
  if (read.refusal === "missing") return null;
  throw new Unsure(read.reason);
}

/** The git folders of a repository found by discovery, or null when they cannot be told without git. */
export async function gitDirsOf(repoPath: string, layout: StampLayout): Promise<GitDirs | null> {
  try {
    let gitDir: string;
    if (layout === "bare") gitDir = repoPath;
    else if (layout === "worktree") gitDir = join(repoPath, ".git");
    else {
      const pointer = (await smallText(join(repoPath, ".git")))?.match(/^gitdir: (.+?)\s*$/m)?.[1];
      if (!pointer) return null;
      gitDir = isAbsolute(pointer) ? pointer : resolve(repoPath, pointer);
    }
    const gitDirInfo = lstatOrNull(gitDir);
    if (!gitDirInfo?.isDirectory()) return null;
    const common = (await smallText(join(gitDir, "commondir")))?.trim();
    const commonDir = common ? (isAbsolute(common) ? common : resolve(gitDir, common)) : gitDir;
    if (!lstatOrNull(commonDir)?.isDirectory()) return null;
    return { gitDir, commonDir };
  } catch {
    return null;
  }
}

/** A folder's entries; none when it is absent. Throws on any other error (the callers then answer "unsure"). */
export function folderEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw new Unsure(String(code));
  }
}

async function listRefs(dir: string, prefix: string, depth: number, out: string[]): Promise<void> {
  const entries = folderEntries(dir);
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    const info = lstatSync(path);
    if (info.isDirectory()) {
      if (depth >= MAX_REF_DEPTH) throw new Unsure("refs too deep");
      out.push(`${prefix}${entry.name}/ ${describe(info)}`);
      await listRefs(path, `${prefix}${entry.name}/`, depth + 1, out);
    } else out.push(`${prefix}${entry.name} ${describe(info)}`);
    if (out.length > MAX_REF_ENTRIES) throw new Unsure("too many refs");
  }
}

/**
 * The stamp of HEAD, index, config, packed-refs, shallow and loose refs (lines of text), or null when
 * unsure. Reads HEAD's text (a few bytes); everything else is an lstat.
 */
export async function readGitStamp(dirs: GitDirs): Promise<string | null> {
  try {
    const { gitDir, commonDir } = dirs;
    const lines: string[] = [`head ${JSON.stringify(await smallText(join(gitDir, "HEAD")))}`];
    const files = [
      ["index", join(gitDir, "index")],
      ["config.worktree", join(gitDir, "config.worktree")],
      ["config", join(commonDir, "config")],
      ["packed-refs", join(commonDir, "packed-refs")],
      ["shallow", join(commonDir, "shallow")],
      ["exclude", join(commonDir, "info", "exclude")],
      ["reftable", join(commonDir, "reftable", "tables.list")],
    ];
    for (const [name, path] of files) lines.push(`${name} ${describe(lstatOrNull(path))}`);
    const refs: string[] = [];
    await listRefs(join(commonDir, "refs"), "", 0, refs);
    lines.push(...refs);
    return lines.join("\n");
  } catch {
    return null;
  }
}

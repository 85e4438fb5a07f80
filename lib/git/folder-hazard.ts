/**
 * A git call is refused before it starts when the repository's git folders hold a FIFO or a device (issue 42.10):
 * git opens HEAD, the index, refs, packs, loose objects and config includes with a plain blocking open, so one FIFO
 * (an unpacked archive, a local prank) held every call until its time limit (`cairn index` 66 s for one worktree).
 *
 * The folders are the ones git itself would use from `cwd` (the runner stops git looking above it): `cwd/.git` (a
 * folder, or the file naming one), else `cwd` itself when bare; the `commondir` that folder names; the object stores
 * `objects/info/alternates` names; the files the config includes. Every entry of them is listed with its type (one
 * readdir per folder, no stat per file) except the reflogs, hooks and LFS store no call of Cairn reads; a symbolic
 * link is looked through. Listings stop at a cap (a larger store is not refused for its size). The answer is kept a
 * few seconds per folder (one index run asks a repository several times in a row); the loose objects' folders
 * (tens of thousands of files in a repository that was never packed) are listed again only when one changed, a
 * few milliseconds at a time between turns of the event loop.
 */
import { lstatSync, readdirSync, statSync, type Dirent, type Stats } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { describeFileType, readRegularFileSync } from "../discover/read-file";
import { yielder } from "../discover/yield";

const MAX_ENTRIES = 50_000;
const MAX_DEPTH = 10;
const MAX_ALTERNATES = 8;
const MAX_INCLUDES = 16;
const KEEP_MS = 5_000;
const MAX_KEPT = 2_000;
const SKIPPED = new Set(["logs", "hooks", "lfs"]);

const MAX_LOOSE_KEPT = 100_000;
const LOOSE_FOLDER = /^[0-9a-f]{2}$/;

const kept = new Map<string, { at: number; hazard: Promise<string | null> }>();
/** Each loose-object folder's answer, with the folder's times when it was listed. */
const looseKept = new Map<string, { stamp: string; hazard: string | null }>();

class Hazard extends Error {}

function blocking(info: Stats | Dirent): boolean {
  return info.isFIFO() || info.isCharacterDevice() || info.isBlockDevice();
}

function typeName(info: Stats | Dirent): string {
  return info.isFIFO() ? "a FIFO" : info.isCharacterDevice() || info.isBlockDevice() ? "a device" : "not a regular file";
}

/** Stat through links; null when nothing is there. */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function checkPath(path: string): void {
  const info = statOrNull(path);
  if (info && blocking(info)) throw new Hazard(`${path} is ${typeName(info)}, which git would wait on`);
}

/** A small file git reads (a `.git` pointer, commondir, alternates); a FIFO or device there is the hazard itself. */
function smallText(path: string): string | null {
  const read = readRegularFileSync(path, { maxBytes: 64 * 1024, links: "follow" });
  if (read.ok) return read.bytes.toString("utf8");
  if (read.refusal === "not-regular") {
    const info = statOrNull(path);
    if (info && blocking(info)) throw new Hazard(`${path} is ${describeFileType(info)}, which git would wait on`);
  }
  return null;
}

/** Lists `dir` and the folders below it; `loose` collects the loose-object folders met (listed apart, looseHazard). */
function scan(dir: string, depth: number, budget: { left: number }, loose: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (--budget.left < 0) return;
    const path = join(dir, entry.name);
    if (blocking(entry)) throw new Hazard(`${path} is ${typeName(entry)}, which git would wait on`);
    if (entry.isSymbolicLink()) checkPath(path);
    else if (entry.isDirectory()) {
      if (LOOSE_FOLDER.test(entry.name) && dir.endsWith("objects")) loose.push(path);
      else if (depth < MAX_DEPTH && !(depth === 0 && SKIPPED.has(entry.name))) scan(path, depth + 1, budget, loose);
    } else if (!entry.isFile()) {
      // a file system that does not say the type in its listing
      const info = (() => {
        try {
          return lstatSync(path);
        } catch {
          return null;
        }
      })();
      if (info?.isSymbolicLink()) checkPath(path);
      else if (info && blocking(info)) throw new Hazard(`${path} is ${typeName(info)}, which git would wait on`);
      else if (info?.isDirectory() && depth < MAX_DEPTH) scan(path, depth + 1, budget, loose);
    }
  }
}

/** Files a config includes (`include.path`, `includeIf.*.path`), resolved as git does. */
function includedFiles(configPath: string): string[] {
  const text = smallText(configPath);
  if (!text) return [];
  const out: string[] = [];
  let section = "";
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[\s*([A-Za-z0-9.-]+)/.exec(line);
    if (header) section = header[1].toLowerCase();
    const rest = header ? line.slice(line.indexOf("]") + 1) : line;
    const path = /^\s*path\s*=\s*(.*?)\s*$/i.exec(rest)?.[1]?.replace(/^"(.*)"$/, "$1");
    if (!path || (section !== "include" && section !== "includeif")) continue;
    out.push(path.startsWith("~/") ? join(homedir(), path.slice(2)) : isAbsolute(path) ? path : resolve(dirname(configPath), path));
  }
  return out;
}

/** The git folder git would use from `cwd`, or null when there is none (git then fails on its own). */
function gitDirOf(cwd: string): string | null {
  const dotGit = join(cwd, ".git");
  const info = statOrNull(dotGit);
  if (info) {
    if (blocking(info)) throw new Hazard(`${dotGit} is ${typeName(info)}, which git would wait on`);
    if (info.isDirectory()) return dotGit;
    const named = smallText(dotGit)?.match(/^gitdir: (.+?)\s*$/m)?.[1];
    return named ? resolve(cwd, named) : null;
  }
  return statOrNull(join(cwd, "HEAD")) ? cwd : null;
}

/** The first FIFO or device in the loose-object folders, each listed again only when its times moved. */
async function looseHazard(folders: readonly string[]): Promise<string | null> {
  const pace = yielder();
  const budget = { left: MAX_ENTRIES };
  for (const folder of folders) {
    const info = statOrNull(folder);
    if (!info) continue;
    const stamp = `${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
    let known = looseKept.get(folder);
    if (known?.stamp !== stamp) {
      let hazard: string | null = null;
      try {
        scan(folder, MAX_DEPTH, budget, []);
      } catch (error) {
        if (!(error instanceof Hazard)) throw error;
        hazard = error.message;
      }
      if (looseKept.size >= MAX_LOOSE_KEPT) looseKept.clear();
      known = { stamp, hazard };
      looseKept.set(folder, known);
    }
    if (known.hazard) return known.hazard;
    if (budget.left < 0) return null;
    const turn = pace.step();
    if (turn) await turn;
  }
  return null;
}

async function findHazard(cwd: string): Promise<string | null> {
  const loose: string[] = [];
  try {
    const gitDir = gitDirOf(cwd);
    if (!gitDir) return null;
    const common = smallText(join(gitDir, "commondir"))?.trim();
    const commonDir = common ? resolve(gitDir, common) : gitDir;
    const budget = { left: MAX_ENTRIES };
    if (commonDir !== gitDir) scan(gitDir, 0, budget, loose);
    scan(commonDir, 0, budget, loose);
    // other object stores this one borrows from (git follows them a few levels deep)
    const stores = [join(commonDir, "objects")];
    for (let i = 0; i < stores.length && i < MAX_ALTERNATES; i++) {
      const listed = smallText(join(stores[i], "info", "alternates")) ?? "";
      for (const line of listed.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))) {
        const store = resolve(stores[i], line);
        if (stores.includes(store)) continue;
        stores.push(store);
        scan(store, 1, budget, loose);
      }
    }
    const configs = [join(commonDir, "config"), join(gitDir, "config.worktree")];
    for (let i = 0; i < configs.length && i < MAX_INCLUDES; i++) {
      for (const file of includedFiles(configs[i])) {
        checkPath(file);
        if (!configs.includes(file)) configs.push(file);
      }
    }
  } catch (error) {
    return error instanceof Hazard ? error.message : null;
  }
  return looseHazard(loose).catch(() => null);
}

/**
 * Why git must not run in `cwd` (a FIFO or device in its git folders), or null. Kept a few seconds per folder.
 */
export function gitFolderHazard(cwd: string): Promise<string | null> {
  const now = Date.now();
  const known = kept.get(cwd);
  if (known && now - known.at < KEEP_MS) return known.hazard;
  const hazard = findHazard(cwd);
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(cwd, { at: now, hazard });
  return hazard;
}

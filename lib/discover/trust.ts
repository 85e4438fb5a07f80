/**
 * Which folders discovery takes as repositories (issue 42): only those git itself keeps as repositories in
 * place, never a git folder a cloned repository or an unpacked archive dresses up to borrow another's identity.
 *
 * - A `.git` folder is a repository's own; one holding a `commondir` file (git writes that file only in a linked
 *   worktree's entry under `<repo>/.git/worktrees/`) is refused.
 * - A `.git` file names a git folder. A linked worktree's entry (`<common>/worktrees/<name>`, its `commondir` leading
 *   back to `<common>`) must name this checkout in its `gitdir` file, as `git worktree add` wrote it; a whole git folder
 *   (a submodule, `--separate-git-dir`) must name this checkout as its `core.worktree`, or else lie inside the root that
 *   found it, be no bare repository and be no other folder's `.git`. Otherwise the checkout is refused: it would be a
 *   second "main" checkout of a repository that belongs to someone else.
 * - A folder that looks bare (`*.git` holding HEAD, objects/, refs/) is refused when it holds a `commondir`, and when a
 *   repository around it tracks its files (it was committed: every file of it came with a clone) unless the user's
 *   root names that very folder.
 */
import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { readTrackedPaths } from "../git/index-file";
import { isInside } from "./inside";
import { readRegularFileSync } from "./read-file";

const SMALL_FILE = 64 * 1024;
const MAX_CONFIG_BYTES = 256 * 1024;

export type TrustVerdict = { ok: true } | { ok: false; reason: string };

const OK: TrustVerdict = { ok: true };
const refuse = (reason: string): TrustVerdict => ({ ok: false, reason });

function smallText(path: string, maxBytes = SMALL_FILE): string | null {
  const read = readRegularFileSync(path, { maxBytes });
  return read.ok ? read.bytes.toString("utf8") : null;
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function present(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/** A path a git file names: absolute, or relative to the folder holding that file. */
function resolvedFrom(folder: string, named: string): string {
  return isAbsolute(named) ? named : resolve(folder, named);
}

/** The folder a `.git` file names (`gitdir: <path>`), resolved against the checkout; null when it names none. */
export function gitFileTarget(checkout: string): string | null {
  const named = smallText(join(checkout, ".git"))?.match(/^gitdir: (.+?)\s*$/m)?.[1];
  return named ? resolvedFrom(checkout, named) : null;
}

/** `core.worktree` and `core.bare` as a config's `[core]` section states them (the plain spelling git writes). */
export function coreSettings(config: string): { worktree: string | null; bare: boolean | null } {
  let inCore = false;
  let worktree: string | null = null;
  let bare: boolean | null = null;
  for (const line of config.split(/\r?\n/)) {
    const header = /^\s*\[\s*([A-Za-z0-9.-]+)\s*(?:"[^"]*"\s*)?\]\s*(.*)$/.exec(line);
    const rest = header ? header[2] : line;
    if (header) inCore = header[1].toLowerCase() === "core";
    if (!inCore) continue;
    const setting = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*?))?\s*$/.exec(rest);
    if (!setting) continue;
    const value = (setting[2] ?? "true").replace(/^"(.*)"$/, "$1");
    const name = setting[1].toLowerCase();
    if (name === "worktree") worktree = value;
    else if (name === "bare") bare = /^(true|yes|on|1)$/i.test(value);
  }
  return { worktree, bare };
}

/** Whether the checkout at `checkout` (its `.git` a folder, or a file) is a repository git keeps in place there. */
export function checkoutVerdict(checkout: string, layout: "worktree" | "linked-worktree", root: string): TrustVerdict {
  if (layout === "worktree") {
    return present(join(checkout, ".git", "commondir"))
      ? refuse("its .git folder holds a commondir file, which git writes only for a linked worktree: not read as a repository")
      : OK;
  }
  const named = gitFileTarget(checkout);
  const gitDir = named ? realOrNull(named) : null;
  if (!gitDir) return refuse("its .git file names no git folder: not read as a repository");
  const self = realOrNull(checkout) ?? checkout;
  const common = smallText(join(gitDir, "commondir"))?.trim();
  if (common) {
    // a linked worktree: its entry sits in the repository's worktrees/ folder and names this checkout back
    const commonDir = realOrNull(resolvedFrom(gitDir, common));
    const back = smallText(join(gitDir, "gitdir"))?.trim();
    const backTo = back ? realOrNull(dirname(resolvedFrom(gitDir, back))) : null;
    if (commonDir && dirname(gitDir) === join(commonDir, "worktrees") && backTo === self) return OK;
    return refuse("its .git file names a worktree entry of another repository that does not name this folder: not read as a repository");
  }
  if (present(join(gitDir, "commondir"))) return refuse("its git folder's commondir cannot be read: not read as a repository");
  const config = smallText(join(gitDir, "config"), MAX_CONFIG_BYTES);
  const core = config === null ? { worktree: null, bare: null } : coreSettings(config);
  if (core.worktree) {
    // a submodule (or a checkout whose git folder was moved): its git folder names its work tree
    return realOrNull(resolvedFrom(gitDir, core.worktree)) === self
      ? OK
      : refuse("its .git file names a git folder whose work tree is elsewhere: not read as a repository");
  }
  if (core.bare === true) return refuse("its .git file names a bare repository: not read as a repository");
  if (basename(gitDir) === ".git") return refuse(`its .git file names the git folder of ${dirname(gitDir)}: not read as a repository`);
  if (!isInside(realOrNull(root) ?? root, gitDir)) return refuse("its .git file names a git folder outside the root: not read as a repository");
  return OK;
}

/**
 * Whether the folder `folder`, which looks bare, is a bare repository: `enclosing` is the nearest folder above it
 * holding a `.git` (null: none), `root` the user's root that found it.
 */
export async function bareVerdict(folder: string, enclosing: string | null, root: string): Promise<TrustVerdict> {
  if (present(join(folder, "commondir"))) {
    return refuse("it holds a commondir file, which git writes only for a linked worktree: not read as a repository");
  }
  if (folder === root || enclosing === null) return OK;
  const tracked = await readTrackedPaths(enclosing);
  const prefix = `${relative(enclosing, folder).split(sep).join("/")}/`;
  // unsure (an index this reader cannot vouch for) counts as committed
  const committed = tracked === null || [...tracked].some((path) => path.startsWith(prefix));
  return committed ? refuse(`it is committed in the repository at ${enclosing}: read as a repository only when a root names it`) : OK;
}

/** The nearest folder above `path` (not `path` itself) holding a `.git`, or null. */
export function enclosingCheckout(path: string): string | null {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (present(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

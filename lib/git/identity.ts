/**
 * Which repository a checkout belongs to, read from the files git writes (no git process): the `.git` file of a
 * linked worktree and its `commondir` (lib/git/fs-stamp.ts), HEAD for the checked-out branch, the remote in the
 * shared config. Only the root commit needs git (`rootCommitOf`), and the caller asks it once per repository,
 * only when a clone could share it, and keeps the answer.
 */
import { realpath } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import { gitDirsOf, type StampLayout } from "./fs-stamp";
import { tryGit } from "./runner";

const SMALL_FILE = 64 * 1024;
/** A config read for its remotes only: a larger one is not read (the checkout is then grouped by folder name). */
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_URL_LENGTH = 2048;

export interface CheckoutIdentity {
  /** The shared git folder (real path): linked worktrees of one repository share it. Null when it cannot be told. */
  commonDir: string | null;
  /** The main work tree (or the bare clone) of its repository; false for a linked worktree. */
  isMain: boolean;
  /** Branch HEAD points to, null when detached or unknown. */
  branch: string | null;
  /** The remote's URL, normalised (host and path, no scheme, no credentials, no `.git`), or null. */
  remoteUrl: string | null;
  /** The repository's folder name (the main work tree's, or the bare clone's without `.git`). */
  name: string;
}

async function smallText(path: string, maxBytes = SMALL_FILE): Promise<string | null> {
  const read = await readRegularFile(path, { maxBytes });
  return read.ok ? read.bytes.toString("utf8") : null;
}

/** `git@host:owner/repo.git`, `https://user:pw@host/owner/repo/`, `ssh://git@host:22/owner/repo` -> `host/owner/repo`. */
export function normaliseRemoteUrl(raw: string): string | null {
  let url = raw.trim();
  if (!url || url.length > MAX_URL_LENGTH) return null;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(url);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) url = `${scp[1]}/${scp[2]}`;
  else {
    url = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/^[^@/]*@/, "");
    url = url.replace(/^([^/:]+):\d+\//, "$1/");
  }
  url = url.replace(/\/+$/, "").replace(/\.git$/i, "").replace(/\/+$/, "");
  const slash = url.indexOf("/");
  // host names are case-insensitive; paths are not
  return slash < 0 ? url.toLowerCase() : url.slice(0, slash).toLowerCase() + url.slice(slash);
}

/** The URL of remote `origin`, else of the first remote the config names. */
export function remoteFromConfig(config: string): string | null {
  let section: string | null = null;
  const urls = new Map<string, string>();
  for (const line of config.split(/\r?\n/)) {
    const header = /^\s*\[\s*remote\s+"([^"]*)"\s*\]/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (/^\s*\[/.test(line)) {
      section = null;
      continue;
    }
    const url = section !== null ? /^\s*url\s*=\s*(.*?)\s*$/i.exec(line) : null;
    if (url && !urls.has(section!)) urls.set(section!, url[1].replace(/^"(.*)"$/, "$1"));
  }
  const raw = urls.get("origin") ?? urls.values().next().value;
  return raw ? normaliseRemoteUrl(raw) : null;
}

/** Read one checkout's identity from its git files. */
export async function readCheckoutIdentity(path: string, layout: StampLayout): Promise<CheckoutIdentity> {
  const dirs = await gitDirsOf(path, layout);
  const fallbackName = basename(path.replace(/\/\.git$/, "").replace(/\.git$/, "")) || path;
  if (!dirs) return { commonDir: null, isMain: true, branch: null, remoteUrl: null, name: fallbackName };
  const commonDir = await realpath(dirs.commonDir).catch(() => dirs.commonDir);
  const gitDir = await realpath(dirs.gitDir).catch(() => dirs.gitDir);
  const head = (await smallText(join(gitDir, "HEAD")))?.match(/^ref:\s*refs\/heads\/(.+?)\s*$/m)?.[1] ?? null;
  const config = await smallText(join(commonDir, "config"), MAX_CONFIG_BYTES);
  // the main work tree's folder holds `.git`; a bare clone is its own folder
  const name = basename(commonDir) === ".git" ? basename(dirname(commonDir)) : basename(commonDir).replace(/\.git$/, "") || fallbackName;
  return { commonDir, isMain: gitDir === commonDir, branch: head, remoteUrl: config ? remoteFromConfig(config) : null, name };
}

/** The root commit(s) of a repository's history (sorted, joined), asked of git; null without commits. */
export async function rootCommitOf(path: string): Promise<string | null> {
  const out = await tryGit(path, ["rev-list", "--max-parents=0", "HEAD"]);
  const roots = (out ?? "").split("\n").map((l) => l.trim()).filter((l) => /^[0-9a-f]{40,64}$/.test(l));
  return roots.length ? [...new Set(roots)].sort().join(",") : null;
}

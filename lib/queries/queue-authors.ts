import "server-only";
/**
 * Who wrote a handoff: the author of the last commit that touched its file, compared with the user's
 * own identity. The user is who `config.json` says (`"identity": { "emails": [...], "names": [...] }`),
 * plus the global git identity (`git config --global user.email` / `user.name`, read through the one
 * runner: a repository's own config can name anyone, so it is asked only when neither of those is set).
 * A handoff someone else committed awaits the user's review; the user's own is work to resume.
 *
 * The global git identity is kept between processes too (the database's git_identity, through an IdentityStore)
 * under the same key as in memory: the home folder and the stamp (inode, size, time) of `~/.gitconfig` and
 * `$XDG_CONFIG_HOME/git/config`. A file those include is not in the stamp: a change there alone is seen once
 * either file changes (as the in-memory answer always did).
 */
import { lstatSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import { settingsFileFor } from "../discover/ignore";
import { GitError, runGit, tryGit } from "../git/runner";

export interface Identity {
  emails: Set<string>;
  names: Set<string>;
}

export interface Author {
  name: string;
  email: string;
  /** When that commit was made (ISO). */
  at: string | null;
}

const norm = (value: string) => value.trim().toLowerCase();
const MAX_IDENTITIES = 20;

function stamp(paths: (string | null)[]): string {
  return paths
    .map((p) => {
      if (!p) return "-";
      const info = lstatSync(p, { throwIfNoEntry: false });
      return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : "-";
    })
    .join("|");
}

async function fromSettings(file: string | null): Promise<Identity> {
  const none: Identity = { emails: new Set(), names: new Set() };
  if (!file) return none;
  const read = await readRegularFile(file, { maxBytes: 256 * 1024, links: "follow" });
  if (!read.ok) return none;
  try {
    const data = JSON.parse(read.bytes.toString("utf8")) as { identity?: { emails?: unknown; names?: unknown } };
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length < 200).slice(0, MAX_IDENTITIES).map(norm) : []);
    return { emails: new Set(list(data.identity?.emails)), names: new Set(list(data.identity?.names)) };
  } catch {
    return none;
  }
}

async function gitValues(cwd: string, scope: "--global" | null, key: string): Promise<string[]> {
  return (await gitAnswer(cwd, scope, key)) ?? [];
}

/** The values git has for `key`: [] when it has none (`git config` exits 1), null when git failed (not an answer to keep). */
async function gitAnswer(cwd: string, scope: "--global" | null, key: string): Promise<string[] | null> {
  let out: string;
  try {
    out = await runGit(cwd, ["config", ...(scope ? [scope] : []), "--get-all", key], { timeoutMs: 5_000, maxBytes: 64 * 1024 });
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return error.kind === "exit" && error.exitCode === 1 ? [] : null;
  }
  return out.split("\n").map(norm).filter((v) => v && v.length < 200).slice(0, MAX_IDENTITIES);
}

/** The global git identity kept across processes (lib/queries/author-store.ts): null when none is kept under `key`. */
export interface IdentityStore {
  get(key: string): { emails: string[]; names: string[] } | null;
  put(key: string, identity: { emails: string[]; names: string[] }): void;
}

let identityMemo: { key: string; identity: Identity } | null = null;

/** The global git identity: kept under `key` (the config files' stamp), else asked of git and kept. */
async function globalGitIdentity(home: string, key: string, kept?: IdentityStore): Promise<{ emails: string[]; names: string[] }> {
  const known = kept?.get(key);
  if (known) return known;
  const [emails, names] = await Promise.all([gitAnswer(home, "--global", "user.email"), gitAnswer(home, "--global", "user.name")]);
  // a git that failed (a timeout, a broken config) is asked again next time
  if (emails && names) kept?.put(key, { emails, names });
  return { emails: emails ?? [], names: names ?? [] };
}

/**
 * The user's identity for this database (its settings file and the global git config), read again when either file
 * changes; `kept` spares a new process the two git calls while the git config files stay the same.
 */
export async function userIdentity(dbFile: string | null, kept?: IdentityStore): Promise<Identity> {
  const settings = settingsFileFor(dbFile);
  const home = homedir();
  const xdg = process.env.XDG_CONFIG_HOME || join(home, ".config");
  const gitKey = `${home}\0${stamp([join(home, ".gitconfig"), join(xdg, "git", "config")])}`;
  const key = `${settings}\0${stamp([settings])}\0${gitKey}`;
  if (identityMemo?.key === key) return identityMemo.identity;
  const own = await fromSettings(settings);
  const { emails, names } = await globalGitIdentity(home, gitKey, kept);
  const identity: Identity = { emails: new Set([...own.emails, ...emails]), names: new Set([...own.names, ...names]) };
  identityMemo = { key, identity };
  return identity;
}

/** The identity to compare with in one repository: the user's, else (nothing set anywhere) the repository's own git config. */
export async function identityIn(repoPath: string, user: Identity): Promise<Identity> {
  if (user.emails.size || user.names.size) return user;
  const [emails, names] = await Promise.all([gitValues(repoPath, null, "user.email"), gitValues(repoPath, null, "user.name")]);
  return { emails: new Set(emails), names: new Set(names) };
}

/**
 * Whether `author` is the user: the same e-mail or the same name (one person commits from several
 * addresses). Nothing known about the user, or about the author: the user's own (never a review asked of them).
 */
export function isUser(author: Author | null, identity: Identity): boolean {
  if (!author) return true;
  if (identity.emails.size === 0 && identity.names.size === 0) return true;
  return identity.emails.has(norm(author.email)) || identity.names.has(norm(author.name));
}

/** Author of each file's last commit, remembered per file and content (a new commit that touches the file changes its content). */
const authorMemo = new Map<string, Author | null>();

/** A branch name as git prints it, safe as a revision argument (never an option, never a range). */
const SAFE_REF = /^[A-Za-z0-9_][A-Za-z0-9._/-]{0,200}$/;

function parseLog(out: string, wanted: Set<string>): Map<string, Author> {
  const found = new Map<string, Author>();
  for (const block of out.split("\x01").slice(1)) {
    const [header, ...rest] = block.split("\n");
    const [email = "", name = "", time = ""] = header.split("\0");
    const seconds = Number(time);
    for (const file of rest.join("\n").split("\0").map((f) => f.trim()).filter(Boolean)) {
      if (wanted.has(file) && !found.has(file)) found.set(file, { email, name, at: seconds > 0 ? new Date(seconds * 1000).toISOString() : null });
    }
  }
  return found;
}

/**
 * The last author of each file: one `git log` over the work tree's files, and one per branch for files
 * found only on a branch (`source` "git:<branch>").
 */
/** Answers kept across processes (the database's file_authors): what a new `cairn queue` reads instead of git. */
export interface AuthorStore {
  get(repoPath: string, files: readonly FileVersion[]): Map<string, Author | null>;
  put(repoPath: string, answers: readonly { file: FileVersion; author: Author | null }[]): void;
}

export interface FileVersion {
  path: string;
  source: string;
  contentHash: string;
}

export async function lastAuthors(repoPath: string, files: FileVersion[], store?: AuthorStore): Promise<Map<string, Author | null>> {
  const result = new Map<string, Author | null>();
  const key = (f: FileVersion) => `${repoPath}\0${f.source}\0${f.path}\0${f.contentHash}`;
  let todo = files.filter((f) => {
    const k = key(f);
    if (!authorMemo.has(k)) return true;
    result.set(`${f.source}\0${f.path}`, authorMemo.get(k) ?? null);
    return false;
  });
  if (store && todo.length) {
    const kept = store.get(repoPath, todo);
    todo = todo.filter((f) => {
      const k = key(f);
      if (!kept.has(k)) return true;
      const author = kept.get(k) ?? null;
      if (authorMemo.size >= 20_000) authorMemo.clear();
      authorMemo.set(k, author);
      result.set(`${f.source}\0${f.path}`, author);
      return false;
    });
  }
  const learned: { file: FileVersion; author: Author | null }[] = [];
  const bySource = new Map<string, typeof todo>();
  for (const f of todo) bySource.set(f.source, [...(bySource.get(f.source) ?? []), f]);
  for (const [source, group] of bySource) {
    const ref = source === "worktree" ? "HEAD" : source.replace(/^git:/, "");
    const paths = group.map((f) => f.path).slice(0, 500);
    const out = SAFE_REF.test(ref) && !ref.includes("..")
      ? await tryGit(repoPath, ["log", "--format=%x01%ae%x00%an%x00%ct", "--name-only", "-z", "--no-renames", ref, "--", ...paths], { timeoutMs: 30_000 })
      : null;
    const found = out ? parseLog(out, new Set(paths)) : new Map<string, Author>();
    for (const f of group) {
      const author = found.get(f.path) ?? null;
      if (authorMemo.size >= 20_000) authorMemo.clear();
      if (out !== null) {
        authorMemo.set(key(f), author);
        learned.push({ file: f, author });
      }
      result.set(`${f.source}\0${f.path}`, author);
    }
  }
  if (store && learned.length) store.put(repoPath, learned);
  return result;
}

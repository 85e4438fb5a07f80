/**
 * "This repository configures no filter driver", read from the configuration files themselves when that
 * is certain, so that `git status` needs no `git config` process first (see filterNeutralisation in
 * repo-facts.ts). Certain means: every file git would read (with the runner's environment: no system
 * file, the user's global files, the repository's and worktree's) is absent or a plain regular file
 * that git parses without complaint, and none of them says `filter` or `include` anywhere (so no
 * driver and no other file to follow). Anything else (a link, an odd line, quotes, escapes, an
 * extension, a repository owned by someone else) answers null, and git is asked as before.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import { GitError, runGit } from "./runner";

export interface ConfigDirs {
  gitDir: string;
  commonDir: string;
  /** The work tree's top folder; null for a bare repository. */
  topLevel: string | null;
}

const MAX_CONFIG_BYTES = 256 * 1024;
const SECTION = /^\[[A-Za-z0-9.-]+(?:\s+"[^"\\]*")?\]\s*(?:[#;].*)?$/;
const ENTRY = /^[A-Za-z][A-Za-z0-9-]*\s*(?:=\s*[^"\\]*)?$/;
/** Words that make the files' answer uncertain: a driver, a file to follow, a repository extension. */
const UNSURE_WORDS = /filter|include|extensions/i;

/** Whether git would read `text` without an error, as a plain file of `[section]` and `key = value` lines. */
function plainConfig(text: string): boolean {
  if (text.charCodeAt(0) === 0xfeff || text.includes("\0")) return false;
  let inSection = false;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "").trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    if (line.startsWith("[")) {
      if (!SECTION.test(line)) return false;
      inSection = true;
    } else if (!inSection || !ENTRY.test(line)) return false;
  }
  return true;
}

/** The global files git reads under the runner's environment (HOME and XDG_CONFIG_HOME are passed on). */
function globalFiles(env: NodeJS.ProcessEnv): string[] | null {
  const home = env.HOME;
  if (!home) return null;
  const xdg = env.XDG_CONFIG_HOME ? join(env.XDG_CONFIG_HOME, "git", "config") : join(home, ".config", "git", "config");
  return [xdg, join(home, ".gitconfig")];
}

/** Whether the folder is this user's (git refuses another user's repository unless told it is safe). */
function ownedByMe(path: string): boolean {
  const uid = typeof process.getuid === "function" ? process.getuid() : null;
  if (uid === null) return false;
  try {
    const info = lstatSync(path);
    return info.isDirectory() && info.uid === uid;
  } catch {
    return false;
  }
}

/** True when the configuration files certainly set no filter driver; null when git must be asked. */
export async function noFilterDriversInFiles(dirs: ConfigDirs, env: NodeJS.ProcessEnv = process.env): Promise<true | null> {
  const globals = globalFiles(env);
  if (!globals) return null;
  if (!ownedByMe(dirs.gitDir) || !ownedByMe(dirs.commonDir) || (dirs.topLevel !== null && !ownedByMe(dirs.topLevel))) return null;
  const files = [...globals, join(dirs.commonDir, "config"), join(dirs.gitDir, "config.worktree")];
  for (const file of files) {
    const read = await readRegularFile(file, { maxBytes: MAX_CONFIG_BYTES, links: "refuse" });
    if (!read.ok) {
      if (read.refusal === "missing") continue;
      return null;
    }
    const text = read.bytes.toString("utf8");
    if (UNSURE_WORDS.test(text) || !plainConfig(text)) return null;
  }
  return true;
}

/** The most filter drivers, and the longest driver name, Cairn still neutralises one by one. */
export const MAX_FILTER_DRIVERS = 200;
export const MAX_FILTER_NAME_BYTES = 1024;

/** `waits`: git was not run at all, its git folders hold a file it would wait on (folder-hazard.ts). */
export type FilterNeutralisation = { ok: true; overrides: Array<[string, string]> } | { ok: false; reason: string; waits?: boolean };

/**
 * `git status` may pipe file contents through a repository's clean/smudge/process filter programs,
 * and git has no switch that turns every filter driver off. So: read the configured driver names
 * (one `git config`, includes followed) and blank every one of them for the coming call. When that
 * answer is not certain (the lookup failed for any reason but "no match", or there are too many
 * drivers or names too long to override), the caller must not run `git status` at all.
 */
export async function filterNeutralisation(cwd: string): Promise<FilterNeutralisation> {
  let filterKeys: string;
  try {
    filterKeys = await runGit(cwd, ["config", "-z", "--name-only", "--get-regexp", "^filter\\."], { maxBytes: 1024 * 1024 });
  } catch (error) {
    if (error instanceof GitError && error.kind === "exit" && error.exitCode === 1) return { ok: true, overrides: [] };
    if (error instanceof GitError && error.kind === "refused") return { ok: false, reason: error.stderrFirstLine, waits: true };
    const why = error instanceof GitError ? (error.kind === "exit" ? error.stderrFirstLine || `exit ${error.exitCode}` : error.kind) : "unknown error";
    return { ok: false, reason: `its filter-driver settings could not be read (${why})` };
  }
  const filterNames = new Set(
    filterKeys.split("\u0000").filter(Boolean).map((key) => key.slice("filter.".length, key.lastIndexOf("."))),
  );
  if (filterNames.size > MAX_FILTER_DRIVERS) return { ok: false, reason: `it configures ${filterNames.size} filter drivers` };
  if ([...filterNames].some((name) => Buffer.byteLength(name) > MAX_FILTER_NAME_BYTES)) {
    return { ok: false, reason: "it configures a filter driver whose name is too long to switch off" };
  }
  const overrides = [...filterNames].flatMap((name): Array<[string, string]> => [
    [`filter.${name}.process`, ""],
    [`filter.${name}.clean`, ""],
    [`filter.${name}.smudge`, ""],
    [`filter.${name}.required`, "false"],
  ]);
  return { ok: true, overrides };
}

/** A repository where Cairn did not run `git status`, and why (shown as a problem). */
export function statusRefusedMessage(reason: string, waits = false): string {
  if (waits) return `git was not run in this repository: ${reason}. Uncommitted changes are not shown.`;
  return `git status was not run in this repository because ${reason}: its filter programs could have run. Uncommitted changes are not shown.`;
}

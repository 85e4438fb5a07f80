/**
 * What every reader needs from a shell command and its output: the folder a command ran in (`cd DIR &&`,
 * `git -C DIR`), the commits `git commit` printed (`[branch sha] subject`), pull request URLs, and paths joined the
 * way the recorded cwd spells them (a Windows cwd stays Windows). Pure.
 */
import { posix, win32 } from "node:path";
import type { CommitClaim, PullRequestClaim } from "./types";

/** Longest command text kept on a claim or a tool call. */
export const MAX_COMMAND_CHARS = 2000;

const WINDOWS_ABS = /^[A-Za-z]:[\\/]|^\\\\/;

export function isWindowsPath(path: string): boolean {
  return WINDOWS_ABS.test(path);
}

export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || WINDOWS_ABS.test(path);
}

/** `target` resolved against `base` in base's own style; `~` and variables are left as written. */
export function joinPath(base: string | null, target: string): string {
  if (isAbsolutePath(target) || !base) return target;
  if (target.startsWith("~") || target.startsWith("$")) return target;
  return isWindowsPath(base) ? win32.resolve(base, target) : posix.resolve(base, target);
}

/** Undo one level of shell quoting of a word (`"a b"`, `'a b'`, `a\ b`). */
function unquote(word: string): string {
  const w = word.trim();
  if ((w.startsWith('"') && w.endsWith('"')) || (w.startsWith("'") && w.endsWith("'"))) return w.slice(1, -1);
  return w.replace(/\\ /g, " ");
}

const WORD = /"[^"]*"|'[^']*'|(?:\\ |[^\s;&|()])+/g;

/** The words of one simple command (quotes kept off; no expansion). */
function words(segment: string): string[] {
  return (segment.match(WORD) ?? []).map(unquote);
}

/** A command line cut at `&&`, `||`, `;`, `|` and new lines, outside quotes. */
export function segments(command: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      cur += c;
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      cur += c;
      continue;
    }
    if (c === ";" || c === "\n" || c === "|" || (c === "&" && command[i + 1] === "&")) {
      if (command[i + 1] === c) i++;
      out.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The folder each `git commit` (or, with none, the last command) of `command` ran in, starting from `cwd`:
 * `cd DIR` moves it for the rest of the line, `pushd DIR` likewise, `git -C DIR` for its own command only.
 */
export function commitCwd(command: string, cwd: string | null): string | null {
  let here = cwd;
  let last = cwd;
  let commitAt: string | null | undefined;
  for (const seg of segments(command)) {
    const w = words(seg);
    if (w.length === 0) continue;
    if ((w[0] === "cd" || w[0] === "pushd") && w[1] && w[1] !== "-") {
      here = joinPath(here, w[1]);
      last = here;
      continue;
    }
    let at = here;
    const git = w.indexOf("git");
    if (git >= 0) {
      for (let i = git + 1; i < w.length - 1; i++) {
        if (w[i] === "-C") at = joinPath(at, w[i + 1]);
        else if (!w[i].startsWith("-")) break;
      }
      if (w.slice(git + 1).includes("commit") && commitAt === undefined) commitAt = at;
    }
    last = at;
  }
  return commitAt !== undefined ? commitAt : last;
}

const COMMIT_LINE = /^\[([^\]\n]+?)( \(root-commit\))? ([0-9a-f]{7,40})\] (.+)$/gm;

/** The `[branch sha] subject` lines of one command's output. */
export function commitLines(output: string): Array<{ branch: string | null; sha: string; subject: string; root: boolean }> {
  const out: Array<{ branch: string | null; sha: string; subject: string; root: boolean }> = [];
  if (!output || output.indexOf("] ") < 0) return out;
  for (const m of output.matchAll(COMMIT_LINE)) {
    let branch: string | null = m[1].trim();
    if (/^detached HEAD$/i.test(branch)) branch = null;
    out.push({ branch, sha: m[3], subject: m[4].trim().slice(0, 300), root: Boolean(m[2]) });
    if (out.length >= 50) break;
  }
  return out;
}

/** Commits a tool's output reports, tied to the command that printed them and the folder it ran in. */
export function commitClaims(output: string, command: string | null, cwd: string | null, at: string | null, turn?: number): CommitClaim[] {
  const lines = commitLines(output);
  if (lines.length === 0) return [];
  const where = command ? commitCwd(command, cwd) : cwd;
  const amend = command ? /\bcommit\b[^\n]*--amend\b/.test(command) : false;
  return lines.map((l) => ({
    sha: l.sha,
    subject: l.subject,
    branch: l.branch,
    cwd: where,
    command: command ? command.slice(0, MAX_COMMAND_CHARS) : null,
    at,
    ...(amend ? { amend: true } : {}),
    ...(l.root ? { root: true } : {}),
    ...(turn !== undefined ? { turn } : {}),
  }));
}

const PR_URL = /https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/pull\/(\d+)/g;

/** Pull request URLs printed by `gh pr create` (or any output). */
export function pullRequestUrls(output: string): PullRequestClaim[] {
  const out: PullRequestClaim[] = [];
  if (!output || output.indexOf("/pull/") < 0) return out;
  for (const m of output.matchAll(PR_URL)) {
    out.push({ number: Number(m[2]), url: m[0], repository: m[1] });
    if (out.length >= 20) break;
  }
  return out;
}

/** Add claims not already held (same sha). */
export function addCommits(into: CommitClaim[], claims: CommitClaim[]): void {
  for (const c of claims) if (!into.some((x) => x.sha === c.sha && x.cwd === c.cwd)) into.push(c);
}

export function addPullRequests(into: PullRequestClaim[], prs: PullRequestClaim[]): void {
  for (const p of prs) if (!into.some((x) => x.url === p.url)) into.push(p);
}

/** Add a value to an ordered set held as an array. */
export function addUnique<T>(into: T[], value: T | null | undefined, max = 200): void {
  if (value === null || value === undefined || value === "") return;
  if (into.length < max && !into.includes(value)) into.push(value);
}

/** The paths an `apply_patch` text touches (`*** Add/Update/Delete File:`, `*** Move to:`). */
export function patchPaths(patch: string): Array<{ path: string; op: "write" | "patch" | "delete" | "move" }> {
  const out: Array<{ path: string; op: "write" | "patch" | "delete" | "move" }> = [];
  for (const m of patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    if (m[3]) out.push({ path: m[3].trim(), op: "move" });
    else out.push({ path: m[2].trim(), op: m[1] === "Add" ? "write" : m[1] === "Delete" ? "delete" : "patch" });
    if (out.length >= 200) break;
  }
  return out;
}

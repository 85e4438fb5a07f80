/**
 * Links a session to the work it did: the repository its cwd is in (found through git's own files, walking up to
 * the `.git` folder or file; never from the lossy folder name a log sits in), each commit verified in the
 * repository its command ran in through the one git runner (a sha that is gone, matched by subject and author time
 * and marked `rewritten`), and the checkpoints it wrote (its edited files that Cairn indexed).
 */
import { lstatSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { readRegularFileSync } from "../discover/read-file";
import { resolveCommits } from "../git/objects";
import { isSafeRevisionText, tryGit } from "../git/runner";
import { isAbsolutePath, isWindowsPath, joinPath } from "../sessions/shell";
import type { CommitClaim, SessionCommit } from "../sessions/types";

/** The work tree root a folder is in, by git's own files, or null. Memoised per run by the caller's map. */
export function workTreeOf(folder: string | null, memo: Map<string, string | null>): string | null {
  if (!folder || !isAbsolute(folder)) return null;
  if (isWindowsPath(folder) && process.platform !== "win32") return null;
  const start = resolve(folder);
  if (memo.has(start)) return memo.get(start)!;
  let dir = start;
  const seen: string[] = [];
  let found: string | null = null;
  for (let i = 0; i < 64; i++) {
    if (memo.has(dir)) {
      found = memo.get(dir)!;
      break;
    }
    seen.push(dir);
    const marker = join(dir, ".git");
    let info;
    try {
      info = lstatSync(marker);
    } catch {
      info = null;
    }
    if (info?.isDirectory()) {
      found = dir;
      break;
    }
    if (info?.isFile()) {
      const read = readRegularFileSync(marker, { maxBytes: 4096 });
      if (read.ok && /^gitdir: .+/m.test(read.bytes.toString("utf8"))) {
        found = dir;
        break;
      }
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  for (const d of seen) memo.set(d, found);
  return found;
}

/** The folder a claim's command ran in, made absolute against the session's cwd. */
function claimFolder(claim: CommitClaim, cwd: string | null): string | null {
  const folder = claim.cwd ?? cwd;
  if (!folder) return null;
  if (isAbsolutePath(folder)) return folder;
  return cwd ? joinPath(cwd, folder) : null;
}

const MATCH_WINDOW_S = 10 * 60;

/** Commits of `repo` since a time (`%H %at %s`), for matching rewritten ones. */
async function recentCommits(repo: string, sinceIso: string): Promise<Array<{ sha: string; at: number; subject: string }>> {
  const since = new Date(new Date(sinceIso).getTime() - MATCH_WINDOW_S * 1000).toISOString();
  const out = await tryGit(repo, ["log", "--all", `--since=${since}`, "--format=%H%x00%at%x00%s", "-n", "5000"], { maxBytes: 4 * 1024 * 1024 });
  if (!out) return [];
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [sha, at, subject] = line.split("\0");
      return { sha, at: Number(at), subject: subject ?? "" };
    });
}

/**
 * Each claim verified in the repository its command ran in: one `cat-file --batch-check` per repository, and one
 * `git log` per repository holding a sha that is gone.
 */
export async function verifyCommits(claims: readonly CommitClaim[], cwd: string | null, memo: Map<string, string | null>): Promise<SessionCommit[]> {
  const byRepo = new Map<string, CommitClaim[]>();
  const out: SessionCommit[] = [];
  const unresolved: CommitClaim[] = [];
  for (const claim of claims) {
    const repo = workTreeOf(claimFolder(claim, cwd), memo);
    if (!repo) {
      unresolved.push(claim);
      continue;
    }
    byRepo.set(repo, [...(byRepo.get(repo) ?? []), claim]);
  }
  for (const [repo, list] of byRepo) {
    const resolved = await resolveCommits(repo, list.map((c) => c.sha).filter(isSafeRevisionText));
    // an amended or rebased commit's old object stays in the store until gc: verified means reachable from a ref
    const earliest = list.map((c) => c.at).filter((a): a is string => Boolean(a)).sort()[0];
    const recent = earliest ? await recentCommits(repo, earliest) : null;
    const reachable = recent ? new Set(recent.map((c) => c.sha)) : null;
    for (const claim of list) {
      const full = resolved.get(claim.sha);
      const base = { printed: claim.sha, subject: claim.subject, branch: claim.branch, repo, at: claim.at, ...(claim.turn !== undefined ? { turn: claim.turn } : {}) };
      if (full && (!reachable || !claim.at || reachable.has(full))) {
        out.push({ ...base, sha: full, state: "verified" });
        continue;
      }
      const when = claim.at ? Date.parse(claim.at) / 1000 : NaN;
      const match = (recent ?? []).find((c) => c.sha !== full && c.subject === claim.subject && Number.isFinite(when) && Math.abs(c.at - when) <= MATCH_WINDOW_S);
      if (match) out.push({ ...base, sha: match.sha, state: "rewritten" });
      else if (full) out.push({ ...base, sha: full, state: "verified" }); // in the store, made before the window (a clock off)
      else out.push({ ...base, sha: claim.sha, state: "unknown" });
    }
  }
  for (const claim of unresolved) {
    out.push({ sha: claim.sha, printed: claim.sha, subject: claim.subject, branch: claim.branch, repo: null, state: "unknown", at: claim.at, ...(claim.turn !== undefined ? { turn: claim.turn } : {}) });
  }
  // log order
  return out.sort((a, b) => (a.turn ?? 0) - (b.turn ?? 0));
}

/** An edited path made absolute against the cwd it was edited in. */
export function absoluteEdit(path: string, cwd: string | null): string | null {
  if (isAbsolutePath(path)) return path;
  return cwd ? joinPath(cwd, path) : null;
}

/** A path shown repository-relative when it lies in the repository. */
export function repoRelative(abs: string, repo: string | null): string {
  if (repo && abs.startsWith(`${repo}/`)) return abs.slice(repo.length + 1);
  return abs;
}

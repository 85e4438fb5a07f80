/**
 * What git prints, read into records: the shapes RepoFacts answers with, and the parsers of `git status
 * --porcelain` (v1 and v2) and `git diff-tree --stdin` output. Re-exported by repo-facts.ts.
 */
import { isFullSha } from "./runner";

export interface HeadState {
  /** Short branch name HEAD points to (also for an unborn branch); null when detached. */
  currentBranch: string | null;
  detached: boolean;
  /** null for a repository without commits. */
  headSha: string | null;
}

export interface StatusEntry {
  /** The two-letter XY code of `git status --porcelain=v1`, e.g. " M", "??", "R ". */
  code: string;
  path: string;
  /** Source path of a rename or copy. */
  originalPath: string | null;
}

export interface RefTip {
  refName: string;
  /** "main" for refs/heads/main, "origin/main" for refs/remotes/origin/main. */
  shortName: string;
  kind: "branch" | "remote";
  sha: string;
  /** This branch is checked out in the current work tree. */
  isHead: boolean;
}

export interface ChangedFile {
  /** A, D, M, T, ... as in `--name-status`. */
  status: string;
  path: string;
}


export interface StatusSnapshot {
  raw: string;
  entries: StatusEntry[];
  head: HeadState;
}

/**
 * Parses `git status --porcelain=v2 --branch -z`. Entries carry v1's two-letter code (`.` read as a
 * space), so they count and read like `git status --short` lines.
 */
export function parseStatusV2(out: string): StatusSnapshot {
  const tokens = out.split("\u0000");
  const entries: StatusEntry[] = [];
  let oid: string | null = null;
  let branch: string | null = null;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? "";
    if (token.startsWith("# branch.oid ")) oid = token.slice("# branch.oid ".length);
    else if (token.startsWith("# branch.head ")) branch = token.slice("# branch.head ".length);
    else if (token.startsWith("1 ") || token.startsWith("u ")) {
      const fields = token.split(" ");
      const pathStart = token.startsWith("1 ") ? 8 : 10;
      entries.push({ code: (fields[1] ?? "..").replace(/\./g, " "), path: fields.slice(pathStart).join(" "), originalPath: null });
    } else if (token.startsWith("2 ")) {
      const fields = token.split(" ");
      entries.push({ code: (fields[1] ?? "..").replace(/\./g, " "), path: fields.slice(9).join(" "), originalPath: tokens[index + 1] ?? null });
      index += 1;
    } else if (token.startsWith("? ")) entries.push({ code: "??", path: token.slice(2), originalPath: null });
  }
  const headSha = oid && isFullSha(oid) ? oid : null;
  const currentBranch = branch && branch !== "(detached)" ? branch : null;
  return { raw: out, entries, head: { currentBranch, detached: currentBranch === null && headSha !== null, headSha } };
}

/** Parses `git status --porcelain=v1 -z`; a rename or copy is one entry, like `status --short`. */
export function parsePorcelainStatus(out: string): StatusEntry[] {
  const tokens = out.split("\u0000");
  const entries: StatusEntry[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? "";
    if (token.length < 4) continue;
    const code = token.slice(0, 2);
    const renamed = code.includes("R") || code.includes("C");
    const originalPath = renamed ? tokens[index + 1] ?? null : null;
    if (renamed) index += 1;
    entries.push({ code, path: token.slice(3), originalPath });
  }
  return entries;
}

/** Parses `diff-tree --stdin -z --name-status --always` output: one block per input line. */
export function parseDiffTreeBlocks(out: string): ChangedFile[][] {
  const tokens = out.split("\u0000");
  const blocks: ChangedFile[][] = [];
  let current: ChangedFile[] | null = null;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? "";
    if (current && /^[A-Z][0-9]*$/.test(token)) {
      current.push({ status: token.slice(0, 1), path: tokens[index + 1] ?? "" });
      index += 1;
    } else if (isFullSha(token)) {
      current = [];
      blocks.push(current);
    }
  }
  return blocks;
}

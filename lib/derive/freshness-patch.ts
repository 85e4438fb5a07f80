/**
 * The diff page's patches read within bounds: the caps on one file's patch and on all of a diff's, the stat
 * parsed from `git diff --raw --numstat`, and a whole patch cut into one per file. No git here: freshness-diff.ts
 * runs git and uses these.
 */
export const MAX_FILE_DIFF_BYTES = 200 * 1024;
export const MAX_FILE_DIFF_LINES = 3_000;
export const MAX_LISTED_COMMITS = 1_000;
/**
 * The patches read for one diff: at most this many files and about this many changed lines (the page
 * shows no more). Files past the budget are listed in the stat, and named as not read.
 */
export const MAX_PATCH_FILES = 200;
export const MAX_PATCH_LINES = 20_000;
export const PATCH_MAX_BYTES = 16 * 1024 * 1024;

export interface FileStat {
  path: string;
  /** Source of a rename or copy. */
  oldPath: string | null;
  /** A, M, D, R, C, T, ... */
  status: string;
  /** null for binary files. */
  additions: number | null;
  deletions: number | null;
  binary: boolean;
}

/** Parses `git diff -z --raw --numstat`: raw records, then numstat records in the same order. */
export function parseRawNumstat(out: string): FileStat[] {
  const tokens = out.split("\u0000");
  const files: FileStat[] = [];
  let index = 0;
  while (index < tokens.length && (tokens[index] ?? "").startsWith(":")) {
    const status = ((tokens[index] ?? "").split(" ")[4] ?? "M").replace(/[0-9]+$/, "");
    const twoPaths = status === "R" || status === "C";
    const oldPath = twoPaths ? tokens[index + 1] ?? null : null;
    const newPath = (twoPaths ? tokens[index + 2] : tokens[index + 1]) ?? "";
    files.push({ path: newPath, oldPath, status, additions: null, deletions: null, binary: false });
    index += twoPaths ? 3 : 2;
  }
  for (const file of files) {
    const [added, deleted, inlinePath] = (tokens[index] ?? "").split("\t");
    index += inlinePath === "" ? 3 : 1;
    file.binary = added === "-";
    file.additions = file.binary ? null : Number(added) || 0;
    file.deletions = file.binary ? null : Number(deleted) || 0;
  }
  return files;
}

/** Cuts a single file's patch to MAX_FILE_DIFF_LINES lines and MAX_FILE_DIFF_BYTES bytes. */
export function capPatch(patch: string): { patch: string; truncated: boolean } {
  let capped = patch;
  let truncated = false;
  const lines = capped.split("\n");
  if (lines.length > MAX_FILE_DIFF_LINES) {
    capped = lines.slice(0, MAX_FILE_DIFF_LINES).join("\n");
    truncated = true;
  }
  if (Buffer.byteLength(capped, "utf8") > MAX_FILE_DIFF_BYTES) {
    capped = Buffer.from(capped, "utf8").subarray(0, MAX_FILE_DIFF_BYTES).toString("utf8").replace(/\uFFFD$/, "");
    truncated = true;
  }
  return { patch: capped, truncated };
}

export function splitPatchByFile(patch: string): string[] {
  const starts: number[] = [];
  const header = /^diff --git /gm;
  for (let match = header.exec(patch); match; match = header.exec(patch)) starts.push(match.index);
  return starts.map((start, index) => patch.slice(start, starts[index + 1] ?? patch.length));
}

export const DIFF_SHAPE = ["-M", "--no-relative", "-O/dev/null", "--submodule=short"];

/**
 * The files whose patches are read: in stat order, until MAX_PATCH_FILES files or about MAX_PATCH_LINES
 * changed lines (a file counts at most MAX_FILE_DIFF_LINES, as its patch is cut there anyway).
 */
export function patchBudget(files: readonly FileStat[]): { read: FileStat[]; notRead: FileStat[] } {
  const read: FileStat[] = [];
  const notRead: FileStat[] = [];
  let lines = 0;
  for (const file of files) {
    const size = file.binary ? 1 : Math.min((file.additions ?? 0) + (file.deletions ?? 0), MAX_FILE_DIFF_LINES);
    if (notRead.length === 0 && read.length < MAX_PATCH_FILES && lines + size <= MAX_PATCH_LINES) {
      read.push(file);
      lines += size;
    } else notRead.push(file);
  }
  return { read, notRead };
}

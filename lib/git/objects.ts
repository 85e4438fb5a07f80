/**
 * Object-level questions answered in ONE git process each: resolving many revisions, reading many
 * blobs (possibly from other branches), listing tree entries. Re-exported by runner.ts.
 */
import { isFullSha, isSafeRevisionText, resolveCommit, runGit, runGitBuffer, type GitCallOptions } from "./runner";

export interface BatchObject {
  spec: string;
  found: boolean;
  sha: string | null;
  type: string | null;
  size: number | null;
  content: Buffer | null;
}

export interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  path: string;
}

function isBatchLine(spec: string): boolean {
  return spec.length > 0 && spec.length <= 4096 && !/[\n\r\u0000]/.test(spec);
}

function notFound(spec: string): BatchObject {
  return { spec, found: false, sha: null, type: null, size: null, content: null };
}

/**
 * Resolves many checkpoint values to full commit ids with one `cat-file --batch-check`.
 * Values go through stdin, never argv, and must still pass isSafeRevisionText.
 */
export async function resolveCommits(cwd: string, values: readonly string[], opts: GitCallOptions = {}): Promise<Map<string, string | null>> {
  const result = new Map<string, string | null>();
  const askable = [...new Set(values)].filter((value) => {
    const ok = isSafeRevisionText(value);
    if (!ok) result.set(value, null);
    return ok;
  });
  if (askable.length === 0) return result;
  const input = askable.map((value) => `${value}^{commit}\n`).join("");
  let out: string;
  try {
    out = await runGit(cwd, ["cat-file", "--batch-check=%(objectname) %(objecttype)"], { ...opts, input });
  } catch {
    for (const value of askable) result.set(value, null);
    return result;
  }
  const lines = out.split("\n");
  askable.forEach((value, index) => {
    const [sha, type] = (lines[index] ?? "").split(" ");
    result.set(value, type === "commit" && isFullSha(sha) ? sha : null);
  });
  return result;
}

/**
 * Reads many objects (`<rev>:<path>`, shas, ...) with one `git cat-file --batch`.
 * Specs containing line breaks are answered as not found without reaching git.
 */
export async function catFileBatch(cwd: string, specs: readonly string[], opts: GitCallOptions = {}): Promise<BatchObject[]> {
  const askable = specs.filter(isBatchLine);
  const answers = new Map<string, BatchObject>();
  if (askable.length > 0) {
    const input = askable.map((spec) => `${spec}\n`).join("");
    const out = await runGitBuffer(cwd, ["cat-file", "--batch"], { ...opts, input });
    let offset = 0;
    for (const spec of askable) {
      const lineEnd = out.indexOf(0x0a, offset);
      if (lineEnd < 0) break;
      const header = out.subarray(offset, lineEnd).toString("utf8");
      offset = lineEnd + 1;
      const match = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+) (\d+)$/.exec(header);
      if (!match) {
        answers.set(spec, notFound(spec));
        continue;
      }
      const size = Number(match[3]);
      const content = Buffer.from(out.subarray(offset, offset + size));
      offset += size + 1; // content is followed by a newline
      answers.set(spec, { spec, found: true, sha: match[1], type: match[2], size, content });
    }
  }
  return specs.map((spec) => answers.get(spec) ?? notFound(spec));
}

/**
 * Tree entries for `paths` (repository-relative, taken literally; directories on the way are
 * listed too, `-t`) at `ref`, or the root entries
 * when `paths` is empty. `ref` is resolved through resolveCommit unless it is a full sha.
 */
export async function lsTree(cwd: string, ref: string, paths: readonly string[] = [], opts: GitCallOptions = {}): Promise<TreeEntry[]> {
  const commit = isFullSha(ref) ? ref : await resolveCommit(cwd, ref);
  if (!commit) return [];
  const literalPaths = paths.filter((path) => path.length > 0 && !path.includes("\u0000"));
  if (paths.length > 0 && literalPaths.length === 0) return [];
  const out = await runGit(cwd, ["ls-tree", "-z", "-t", "--full-tree", commit, "--", ...literalPaths], opts);
  const entries: TreeEntry[] = [];
  for (const record of out.split("\u0000")) {
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, sha] = record.slice(0, tab).split(" ");
    if (mode && type && sha) entries.push({ mode, type, sha, path: record.slice(tab + 1) });
  }
  return entries;
}

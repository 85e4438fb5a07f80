/**
 * Reading the hand-labelled sets of real files (../shared/corpus-truth, -2, -3) at test time:
 * nothing from them is copied here.
 */
import { existsSync, readFileSync } from "node:fs";
import { decodeText } from "../../lib/discover/text-encoding";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface TruthLabel {
  title: string | null;
  date: string | null;
  status: "in-progress" | "completed" | null;
  branch: string | null;
  sha: string | null;
  tasks_total: number | null;
  tasks_done: number | null;
  notes: string;
}

export interface TruthEntry {
  /** The set's folder. */
  dir: string;
  localFile: string;
  repo: string;
  /** Path inside its repository, as the indexer would pass it. */
  path: string;
  family: string;
  truth: TruthLabel;
}

const PROJECT_ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));
export interface TruthSet {
  name: string;
  dir: string;
}

/**
 * The labelled sets, scored separately and together. `CAIRN_TRUTH_DIR` and `CAIRN_TRUTH2_DIR` override the default
 * folders (relative to the project root).
 */
export const TRUTH_SETS: readonly TruthSet[] = [
  { name: "corpus-truth", dir: resolve(PROJECT_ROOT, process.env.CAIRN_TRUTH_DIR ?? "../shared/corpus-truth") },
  { name: "corpus-truth-2", dir: resolve(PROJECT_ROOT, process.env.CAIRN_TRUTH2_DIR ?? "../shared/corpus-truth-2") },
  { name: "corpus-truth-3", dir: resolve(PROJECT_ROOT, process.env.CAIRN_TRUTH3_DIR ?? "../shared/corpus-truth-3") },
];

/**
 * A set of one's own (issue 40): real files gathered and labelled by hand in the ignored `.cairn-real/corpus-own/`
 * (same layout: MANIFEST.tsv, truth.json, files/). Scored and printed when present, never committed.
 */
export const OWN_SET: TruthSet = { name: "corpus-own", dir: resolve(PROJECT_ROOT, process.env.CAIRN_OWN_TRUTH_DIR ?? ".cairn-real/corpus-own") };

export function truthAvailable(dir: string): boolean {
  return existsSync(join(dir, "MANIFEST.tsv")) && existsSync(join(dir, "truth.json"));
}

/**
 * Where the indexer would see the file: its path in the repository, except for files of a home folder's
 * `~/.claude/checkpoints` (family global-md), which the indexer passes as absolute paths.
 */
function indexedPath(path: string, family: string): string {
  if (family !== "global-md") return path;
  return `/home/labelled/.claude/checkpoints/${path.split("/").pop()}`;
}

export function readTruth(dir: string): TruthEntry[] {
  const [header, ...rows] = readFileSync(join(dir, "MANIFEST.tsv"), "utf8").split(/\r?\n/).filter(Boolean);
  const columns = header.split("\t");
  const at = (name: string) => columns.indexOf(name);
  const labels = new Map<string, TruthLabel & { local_file: string }>(
    (JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as Array<TruthLabel & { local_file: string }>).map((t) => [t.local_file, t]),
  );
  return rows.flatMap((row) => {
    const cells = row.split("\t");
    const localFile = cells[at("local_file")] ?? "";
    const truth = labels.get(localFile);
    if (!truth) return [];
    const family = cells[at("family")] ?? "";
    return [{ dir, localFile, repo: cells[at("repo")] ?? "", path: indexedPath(cells[at("path")] ?? "", family), family, truth }];
  });
}

/** The file as the indexer reads it: UTF-8, or Windows-1252 when the bytes are not UTF-8. */
export function readTruthFile(entry: TruthEntry): string {
  return decodeText(readFileSync(join(entry.dir, entry.localFile))).text;
}

/** Texts of the other labelled files of the same repository, by path (companions such as a sentinel JSON). */
export function truthCompanions(entry: TruthEntry, all: TruthEntry[], wanted: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const path of wanted) {
    const sibling = all.find((e) => e.repo === entry.repo && e.path === path);
    if (sibling) found[path] = readTruthFile(sibling);
  }
  return found;
}

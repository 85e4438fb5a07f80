/** Reading ../shared/corpus-truth (hand-labelled real files) at test time: nothing from it is copied here. */
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
  localFile: string;
  repo: string;
  /** Path inside its repository, as the indexer would pass it. */
  path: string;
  family: string;
  truth: TruthLabel;
}

const PROJECT_ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));
/** `CAIRN_TRUTH_DIR` overrides the default `../shared/corpus-truth` (relative to the project root). */
export const TRUTH_DIR = resolve(PROJECT_ROOT, process.env.CAIRN_TRUTH_DIR ?? "../shared/corpus-truth");

export function truthAvailable(): boolean {
  return existsSync(join(TRUTH_DIR, "MANIFEST.tsv")) && existsSync(join(TRUTH_DIR, "truth.json"));
}

export function readTruth(): TruthEntry[] {
  const [header, ...rows] = readFileSync(join(TRUTH_DIR, "MANIFEST.tsv"), "utf8").split(/\r?\n/).filter(Boolean);
  const columns = header.split("\t");
  const at = (name: string) => columns.indexOf(name);
  const labels = new Map<string, TruthLabel & { local_file: string }>(
    (JSON.parse(readFileSync(join(TRUTH_DIR, "truth.json"), "utf8")) as Array<TruthLabel & { local_file: string }>).map((t) => [t.local_file, t]),
  );
  return rows.flatMap((row) => {
    const cells = row.split("\t");
    const localFile = cells[at("local_file")] ?? "";
    const truth = labels.get(localFile);
    if (!truth) return [];
    return [{ localFile, repo: cells[at("repo")] ?? "", path: cells[at("path")] ?? "", family: cells[at("family")] ?? "", truth }];
  });
}

/** The file as the indexer reads it: UTF-8, or Windows-1252 when the bytes are not UTF-8. */
export function readTruthFile(entry: TruthEntry): string {
  return decodeText(readFileSync(join(TRUTH_DIR, entry.localFile))).text;
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

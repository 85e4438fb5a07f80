/** Reading ../shared/corpus and its MANIFEST.tsv (test data only: nothing from it is copied here). */
import { existsSync, readFileSync } from "node:fs";
import { decodeText } from "../../lib/discover/text-encoding";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface CorpusEntry {
  localFile: string;
  repo: string;
  /** Path inside its repository, as the indexer would pass it. */
  path: string;
  commit: string;
  label: string;
  notes: string;
}

const PROJECT_ROOT = resolve(fileURLToPath(new URL("../../", import.meta.url)));
/** `CAIRN_CORPUS_DIR` overrides the default `../shared/corpus` (relative to the project root). */
export const CORPUS_DIR = resolve(PROJECT_ROOT, process.env.CAIRN_CORPUS_DIR ?? "../shared/corpus");

export function corpusAvailable(): boolean {
  return existsSync(join(CORPUS_DIR, "MANIFEST.tsv"));
}

/** When the manifest could not name the path, the last `__` segment of the local name is the file name. */
function pathFor(path: string, localFile: string): string {
  if (path && path !== "unknown") return path;
  const name = localFile.split("/").pop() ?? localFile;
  return name.split("__").pop() ?? name;
}

export function readManifest(): CorpusEntry[] {
  const [header, ...rows] = readFileSync(join(CORPUS_DIR, "MANIFEST.tsv"), "utf8").split(/\r?\n/).filter(Boolean);
  const columns = header.split("\t");
  const at = (name: string) => columns.indexOf(name);
  return rows.map((row) => {
    const cells = row.split("\t");
    const localFile = cells[at("local_file")] ?? "";
    return {
      localFile,
      repo: cells[at("repo")] ?? "",
      path: pathFor(cells[at("path")] ?? "", localFile),
      commit: cells[at("commit")] ?? "",
      label: cells[at("format_label")] ?? "",
      notes: cells[at("notes")] ?? "",
    };
  });
}

/** The file as the indexer reads it: UTF-8, or Windows-1252 when the bytes are not UTF-8. */
export function readCorpusFile(entry: CorpusEntry): string {
  return decodeText(readFileSync(join(CORPUS_DIR, entry.localFile))).text;
}

/** Sibling files of the same repository in the corpus (for companions such as the session sentinel). */
export function companionTexts(entry: CorpusEntry, all: CorpusEntry[], wanted: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const path of wanted) {
    const sibling = all.find((e) => e.repo === entry.repo && e.path === path);
    if (sibling) found[path] = readCorpusFile(sibling);
  }
  return found;
}

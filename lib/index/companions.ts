import { lstatSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { readRegularFile } from "../discover/read-file";
import { companionsFor } from "../parse/registry";
import { contentHash } from "./document-id";

const MAX_COMPANION_BYTES = 256 * 1024;

export interface Companions {
  texts: Record<string, string>;
  mtimeMs: number;
  size: number;
}

/**
 * Companion files (e.g. a sentinel JSON) count toward the file's change key: editing one re-parses it.
 * A companion that is a symlink, or that resolves outside the repository, is never read.
 */
export async function readCompanions(baseDir: string, relPath: string): Promise<Companions> {
  const result: Companions = { texts: {}, mtimeMs: 0, size: 0 };
  const names = companionsFor(relPath);
  if (names.length === 0) return result;
  let realBase: string;
  try {
    realBase = realpathSync(baseDir);
  } catch {
    return result;
  }
  for (const rel of names) {
    const abs = join(baseDir, rel);
    try {
      if (!lstatSync(abs).isFile()) continue;
    } catch {
      continue; // absent companion: fine
    }
    // a FIFO or device swapped in after the check is opened without blocking and refused on the handle
    const read = await readRegularFile(abs, { maxBytes: MAX_COMPANION_BYTES, links: { within: realBase } });
    if (!read.ok) continue;
    result.texts[rel] = read.bytes.toString("utf8");
    result.mtimeMs = Math.max(result.mtimeMs, read.stat.mtimeMs);
    result.size += read.stat.size;
  }
  return result;
}

/** The stored content hash: the file read as UTF-8 text, then its companions as JSON. */
export function documentHash(bytes: Buffer, companions: Record<string, string>): string {
  return contentHash(bytes.toString("utf8") + JSON.stringify(companions));
}

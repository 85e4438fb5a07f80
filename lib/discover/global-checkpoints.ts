import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { CandidateFile, RejectedFile } from "./candidates";
import { MAX_FILE_BYTES } from "./limits";

/** `<home>/.claude/checkpoints/*`: checkpoints written outside any repository. */
export async function globalCandidates(home: string): Promise<{ files: CandidateFile[]; rejected: RejectedFile[] }> {
  const dir = join(home, ".claude", "checkpoints");
  const result = { files: [] as CandidateFile[], rejected: [] as RejectedFile[] };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return result;
  }
  for (const name of names.filter((n) => /\.(md|html?)$/i.test(n))) {
    const absPath = join(dir, name);
    const info = await lstat(absPath);
    if (info.isSymbolicLink()) {
      result.rejected.push({ absPath, relPath: absPath, reason: "symlink in the global checkpoints folder; not read" });
    } else if (!info.isFile()) continue;
    else if (info.size > MAX_FILE_BYTES) {
      result.rejected.push({ absPath, relPath: absPath, reason: `file is over the ${MAX_FILE_BYTES / 1024 / 1024} MB limit; not read` });
    } else result.files.push({ absPath, relPath: absPath, mtimeMs: info.mtimeMs, size: info.size });
  }
  return result;
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDb, getDb, type CairnDb } from "../../db/client";

export interface TempSpace {
  dir: string;
  dbPath: string;
  db(): CairnDb;
  cleanup(): void;
}

/** A temporary folder with its own real SQLite file. */
export function tempSpace(prefix = "cairn-test-"): TempSpace {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dbPath = join(dir, "cairn.db");
  return {
    dir,
    dbPath,
    db: () => getDb(dbPath),
    cleanup() {
      closeDb(dbPath);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Byte-level look at the SQLite files: the database, its WAL and shared memory. */
import Database from "better-sqlite3";
import { existsSync, readFileSync } from "node:fs";

export function databaseFiles(db: string): { name: string; bytes: Buffer }[] {
  return [db, `${db}-wal`, `${db}-shm`].filter((f) => existsSync(f)).map((name) => ({ name, bytes: readFileSync(name) }));
}

/** Every needle found in any of the files, as `file: needle`. */
export function leaksIn(db: string, needles: string[]): string[] {
  const found: string[] = [];
  for (const file of databaseFiles(db)) {
    for (const needle of needles) if (needle && file.bytes.includes(Buffer.from(needle, "utf8"))) found.push(`${file.name}: ${needle.slice(0, 24)}…`);
  }
  return found;
}

/** Fold the WAL into the database file (what a checkpoint does), then close. */
export function checkpointWal(db: string): void {
  const sqlite = new Database(db);
  try {
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    sqlite.close();
  }
}

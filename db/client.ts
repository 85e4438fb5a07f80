import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabaseFolder } from "./folder";
import { restoreFtsTriggers } from "./fts-bulk";
import * as schema from "./schema";

export type CairnDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_FOLDER = resolveMigrationsFolder();

function resolveMigrationsFolder(): string {
  if (process.env.CAIRN_MIGRATIONS) return process.env.CAIRN_MIGRATIONS;
  // Next bundles this module, so import.meta.url may not point at the source tree: fall back to cwd.
  try {
    const here = dirname(fileURLToPath(import.meta.url));
    if (!here.includes(".next")) return join(here, "migrations");
  } catch {
    /* bundled */
  }
  return resolve(/* turbopackIgnore: true */ process.cwd(), "db", "migrations");
}

export function defaultDbPath(): string {
  return process.env.CAIRN_DB || join(homedir(), ".cairn", "cairn.db");
}

/**
 * True when the database already holds the journal's newest migration: drizzle applies only those newer
 * than its last `created_at`, so there is nothing to do, and a short command need not read and hash
 * every migration file (nor load `node:crypto`) to find that out.
 */
function hasNewestMigration(sqlite: Database.Database): boolean {
  try {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries?: { when?: unknown }[] };
    const newest = Math.max(...(journal.entries ?? []).map((entry) => Number(entry.when)));
    if (!Number.isFinite(newest)) return false;
    const last = sqlite.prepare(`SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1`).get() as { created_at: unknown } | undefined;
    return last !== undefined && Number(last.created_at) >= newest;
  } catch {
    return false; // no journal, no migrations table yet: let drizzle decide
  }
}

/**
 * Drizzle's migrations, run with foreign keys off (SQLite ignores the pragma inside the migrator's
 * transaction, so it is set around it): a migration that rebuilds a table (0005 puts the documents'
 * large columns last) drops the old one, and with foreign keys on that drop would first delete every row
 * referencing it, cascading through sections, references and findings. Checked before they are on again.
 */
function migrateWithoutCascades(sqlite: Database.Database, db: CairnDb): void {
  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const broken = sqlite.pragma("foreign_key_check") as unknown[];
    if (broken.length) throw new Error(`the database's migration left ${broken.length} rows pointing at nothing`);
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
}

type Cache = Map<string, CairnDb>;
const globalCache = globalThis as unknown as { __cairnDbs?: Cache };
const cache: Cache = (globalCache.__cairnDbs ??= new Map());

export interface OpenOptions {
  /**
   * Map up to this many bytes of the file into memory (default 0, none). Only for a process that ends after
   * one command: each query then reads pages in place instead of copying every page through a read call
   * (three scans of a 6,000-document database: ~16 ms of CPU instead of ~45 ms), but every page touched
   * stays in the process's resident memory while it lives. The first open of a file decides.
   */
  mmapBytes?: number;
}

/** The one client: opened once per file per process, migrated on first use. */
export function getDb(path: string = defaultDbPath(), options: OpenOptions = {}): CairnDb {
  const key = resolve(/* turbopackIgnore: true */ path);
  const existing = cache.get(key);
  if (existing) return existing;
  ensureDatabaseFolder(dirname(/* turbopackIgnore: true */ key), key);
  let sqlite: Database.Database;
  try {
    sqlite = new Database(key);
  } catch (error) {
    throw new Error(`cannot open the database ${key}: ${error instanceof Error ? error.message : String(error)} (choose another --db or CAIRN_DB)`);
  }
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // memory bounded whatever the database's size: a 16 MiB page cache (the server's resident memory after the bench
  // is a target: 32 MiB held ~20 MiB more), no memory map unless asked (every mapped page a full scan touches stays
  // in the process's resident memory: 256 MiB of it at 60,000 documents)
  sqlite.pragma("cache_size = -16384");
  sqlite.pragma(`mmap_size = ${Math.max(0, Math.floor(options.mmapBytes ?? 0))}`);
  const db = drizzle(sqlite, { schema }) as CairnDb;
  if (!hasNewestMigration(sqlite)) migrateWithoutCascades(sqlite, db);
  // an index run that stopped half way through a cold index left the full-text index to fill (db/fts-bulk.ts)
  restoreFtsTriggers(sqlite);
  cache.set(key, db);
  return db;
}

export function closeDb(path: string = defaultDbPath()): void {
  const key = resolve(/* turbopackIgnore: true */ path);
  const db = cache.get(key);
  if (!db) return;
  db.$client.close();
  cache.delete(key);
}

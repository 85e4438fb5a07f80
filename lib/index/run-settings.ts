/** The database's settings for the length of one index run (lib/index/indexer.ts indexRoots). */
import type Database from "better-sqlite3";
import { restoreFtsTriggers, suspendFtsTriggers } from "../../db/fts-bulk";

/** Pages written to the write-ahead log before SQLite copies it into the database, during an index run. */
const RUN_WAL_CHECKPOINT_PAGES = 25_000;

/**
 * Run `work` with the connection set for an index run, and set back after it whatever happens.
 * - An index run writes far more than it reads back: memory-mapping the database and a 64 MiB page cache
 *   (db/client.ts, for the pages) would only keep what it touches resident (399 MiB peak at 62,000 documents):
 *   SQLite's defaults for the run.
 * - A cold run writes the whole database: copying the write-ahead log back every 1,000 pages (SQLite's default)
 *   copies most pages several times. Fewer, larger copies for the run, bounded (~100 MiB of log).
 * - A cold run fills the full-text index once, at its end (db/fts-bulk.ts).
 */
export async function withRunSettings<T>(client: Database.Database, work: () => Promise<T>): Promise<T> {
  const mmapSize = Number(client.pragma("mmap_size", { simple: true }));
  const cacheSize = Number(client.pragma("cache_size", { simple: true }));
  const walCheckpoint = Number(client.pragma("wal_autocheckpoint", { simple: true }));
  client.pragma("mmap_size = 0");
  client.pragma("cache_size = -2000");
  client.pragma(`wal_autocheckpoint = ${RUN_WAL_CHECKPOINT_PAGES}`);
  const bulk = suspendFtsTriggers(client);
  try {
    return await work();
  } finally {
    if (bulk) restoreFtsTriggers(client);
    client.pragma(`mmap_size = ${mmapSize}`);
    client.pragma(`cache_size = ${cacheSize}`);
    client.pragma(`wal_autocheckpoint = ${walCheckpoint}`);
  }
}

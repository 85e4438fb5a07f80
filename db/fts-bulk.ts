/**
 * The full-text index (documents_fts, external content with five prefix indexes) filled in one pass on a cold index.
 *
 * Kept in step by triggers, each document costs the index a row-by-row insert: ~0.25 ms per document (1,861 documents:
 * 450 ms of a cold index's main thread), where one 'rebuild' at the end costs ~0.05 ms. So a run that starts on an
 * empty documents table suspends the triggers (their SQL kept in `suspended_triggers`, in the same transaction as the
 * drop) and, at its end, rebuilds the index and recreates them, again in one transaction. While it runs, a search by a
 * word's beginning or a phrase finds nothing new (whole words are answered by documents_terms, written row by row);
 * the lists and pages read the documents table and are not affected.
 *
 * Whatever happens in between, the index ends right: the run restores in a `finally`, and a run that was killed
 * leaves its rows behind, which the next process to open the database restores (getDb). A restore while a run is
 * still going (a server opening the database) is correct too: the rebuild takes every row so far, and the run's later
 * rows go through the triggers again.
 */
import type Database from "better-sqlite3";

const TRIGGERS = ["documents_fts_after_insert", "documents_fts_after_update", "documents_fts_after_delete"];

/** Drop the full-text triggers when the documents table is empty (a cold index). True when this call dropped them. */
export function suspendFtsTriggers(sqlite: Database.Database): boolean {
  return sqlite
    .transaction(() => {
      if (sqlite.prepare("SELECT 1 FROM documents LIMIT 1").get() !== undefined) return false;
      if (sqlite.prepare("SELECT 1 FROM suspended_triggers LIMIT 1").get() !== undefined) return false;
      const rows = sqlite
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${TRIGGERS.map(() => "?").join(", ")})`)
        .all(...TRIGGERS) as { name: string; sql: string }[];
      if (rows.length !== TRIGGERS.length) return false;
      const keep = sqlite.prepare("INSERT INTO suspended_triggers (name, sql) VALUES (?, ?)");
      for (const row of rows) {
        keep.run(row.name, row.sql);
        sqlite.exec(`DROP TRIGGER "${row.name}"`);
      }
      return true;
    })
    .immediate();
}

/** Rebuild the full-text index and put suspended triggers back; nothing to do (one indexed read) when none are. */
export function restoreFtsTriggers(sqlite: Database.Database): boolean {
  if (sqlite.prepare("SELECT 1 FROM suspended_triggers LIMIT 1").get() === undefined) return false;
  return sqlite
    .transaction(() => {
      const rows = sqlite.prepare("SELECT name, sql FROM suspended_triggers").all() as { name: string; sql: string }[];
      if (rows.length === 0) return false;
      sqlite.exec("INSERT INTO documents_fts(documents_fts) VALUES ('rebuild')");
      for (const row of rows) {
        const exists = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(row.name);
        if (!exists) sqlite.exec(row.sql);
      }
      sqlite.exec("DELETE FROM suspended_triggers");
      return true;
    })
    .immediate();
}

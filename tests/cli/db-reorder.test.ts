/**
 * Migration 0005 rebuilds `documents` with its large columns (body, original) last. A database indexed by
 * the previous version keeps every document, every row that points at one (the rebuild drops the old
 * table: with foreign keys on, that drop would cascade), its search index and its triggers.
 */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { tempSpace, type TempSpace } from "../support/temp";

const MIGRATIONS = resolve(import.meta.dirname, "..", "..", "db", "migrations");

let space: TempSpace;
beforeEach(() => (space = tempSpace("cairn-db-reorder-")));
afterEach(() => space.cleanup());

/** A database made by the version before 0005, with one repository, two documents, a section and a finding. */
function olderDatabase(path: string) {
  const older = join(space.dir, "older-migrations");
  cpSync(MIGRATIONS, older, { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith("0005_"));
  writeFileSync(join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const sqlite = new Database(path);
  sqlite.pragma("foreign_keys = ON");
  migrate(drizzle(sqlite), { migrationsFolder: older });
  sqlite.prepare(`INSERT INTO repositories (id, path, name) VALUES (1, '/r/app', 'app')`).run();
  const insert = sqlite.prepare(`INSERT INTO documents (id, repository_id, path, abs_path, format, kind, title, status, body, original,
    decisions_text, content_hash, mtime_ms, size, indexed_at, alias_of, lineage, field_sources, freshness_level)
    VALUES (?, 1, ?, ?, 'checkpoint-html', 'checkpoint', ?, 'in-progress', ?, ?, '', 'h', 1, 10, '2026-01-01T00:00:00Z', ?, 'work-1', '{"title":"h1"}', 'fresh')`);
  insert.run("doc-a", ".claude/checkpoints/a.html", "/r/app/.claude/checkpoints/a.html", "Webhook retries", "retry the webhook ".repeat(600), "<p>x</p>".repeat(900), null);
  insert.run("doc-b", ".claude/LATEST.md", "/r/app/.claude/LATEST.md", "Latest", "points at a", "a", "doc-a");
  sqlite.prepare(`INSERT INTO sections (document_id, position, heading, level, text) VALUES ('doc-a', 0, 'Next steps', 2, 'ship it')`).run();
  sqlite.prepare(`INSERT INTO secret_findings (document_id, rule, line, "column") VALUES ('doc-a', 'aws', 3, 4)`).run();
  sqlite.close();
}

describe("migration 0005: documents with the large columns last", () => {
  it("keeps every document, what points at it, and its search index", () => {
    olderDatabase(space.dbPath);
    const db = getDb(space.dbPath);
    const sqlite = db.$client;
    const columns = (sqlite.prepare(`SELECT name FROM pragma_table_info('documents')`).pluck().all() as string[]).slice(-2);
    expect(columns).toEqual(["body", "original"]);
    expect(sqlite.prepare(`SELECT id, title, alias_of AS aliasOf, lineage, length(body) AS body FROM documents ORDER BY id`).all()).toEqual([
      { id: "doc-a", title: "Webhook retries", aliasOf: null, lineage: "work-1", body: "retry the webhook ".length * 600 },
      { id: "doc-b", title: "Latest", aliasOf: "doc-a", lineage: "work-1", body: "points at a".length },
    ]);
    expect(sqlite.prepare(`SELECT count(*) FROM sections`).pluck().get()).toBe(1);
    expect(sqlite.prepare(`SELECT count(*) FROM secret_findings`).pluck().get()).toBe(1);
    const search = (word: string) =>
      sqlite.prepare(`SELECT d.id FROM documents_fts JOIN documents d ON d.rowid = documents_fts.rowid WHERE documents_fts MATCH ?`).pluck().all(word);
    expect(search("webhook")).toEqual(["doc-a"]);

    // the triggers were made again on the new table: an edit is searchable, a removal cascades
    sqlite.prepare(`UPDATE documents SET body = 'flaky deploy' WHERE id = 'doc-b'`).run();
    expect(search("flaky")).toEqual(["doc-b"]);
    sqlite.prepare(`DELETE FROM documents WHERE id = 'doc-a'`).run();
    expect(search("webhook")).toEqual([]);
    expect(sqlite.prepare(`SELECT count(*) FROM sections`).pluck().get()).toBe(0);
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    closeDb(space.dbPath);
  });
});

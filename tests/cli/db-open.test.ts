/**
 * Opening the database skips drizzle's migration pass when the newest migration is already applied
 * (a short command need not read and hash every migration file): a database one migration behind must
 * still be brought up to date, and an up-to-date one left as it is.
 */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { openDb } from "../../lib/cli/options";
import { tempSpace, type TempSpace } from "../support/temp";

const MIGRATIONS = resolve(import.meta.dirname, "..", "..", "db", "migrations");
const journal = () => JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
const applied = (path: string) => {
  const sqlite = new Database(path, { readonly: true });
  try {
    return (sqlite.prepare(`SELECT count(*) AS n FROM "__drizzle_migrations"`).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
};

let space: TempSpace;
beforeEach(() => (space = tempSpace("cairn-db-open-")));
afterEach(() => space.cleanup());

describe("opening the database", () => {
  it("applies the newest migration to a database that lacks it", () => {
    // a database made by the previous version: every migration but the newest
    const older = join(space.dir, "older-migrations");
    cpSync(MIGRATIONS, older, { recursive: true });
    const entries = journal().entries;
    writeFileSync(join(older, "meta", "_journal.json"), JSON.stringify({ ...journal(), entries: entries.slice(0, -1) }));
    const sqlite = new Database(space.dbPath);
    migrate(drizzle(sqlite), { migrationsFolder: older });
    sqlite.close();
    expect(applied(space.dbPath)).toBe(entries.length - 1);

    getDb(space.dbPath);
    closeDb(space.dbPath);
    expect(applied(space.dbPath)).toBe(entries.length);
  });

  it("opens an up-to-date database again without changing it", () => {
    getDb(space.dbPath);
    closeDb(space.dbPath);
    expect(applied(space.dbPath)).toBe(journal().entries.length);
    const db = getDb(space.dbPath);
    expect(db.$client.prepare("SELECT count(*) AS n FROM documents").get()).toEqual({ n: 0 });
    closeDb(space.dbPath);
    expect(applied(space.dbPath)).toBe(journal().entries.length);
  });

  it("maps the file only for a command that reads and ends (never for serve, index or a write)", () => {
    const mapped = (db: ReturnType<typeof getDb>) => db.$client.pragma("mmap_size", { simple: true });
    expect(mapped(getDb(space.dbPath))).toBe(0);
    closeDb(space.dbPath);
    expect(mapped(openDb({ db: space.dbPath }, { mapped: true }).db)).toBeGreaterThan(0);
    closeDb(space.dbPath);
    expect(mapped(openDb({ db: space.dbPath }).db)).toBe(0);
    closeDb(space.dbPath);
  });
});

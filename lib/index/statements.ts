/**
 * Prepared statements for the indexer's hot paths, kept per connection.
 *
 * Building a drizzle query costs far more than running it (a cold index writes ~100,000 rows), so
 * the per-row writes go through statements prepared once. Column names and value encodings still
 * come from the drizzle schema (`getTableColumns`), so they cannot drift from it.
 */
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import type BetterSqlite3 from "better-sqlite3";
import type { CairnDb } from "../../db/client";

type Statement = BetterSqlite3.Statement<unknown[]>;

const caches = new WeakMap<object, Map<string, Statement>>();

/**
 * The better-sqlite3 connection behind a database or a transaction handle (drizzle's transaction
 * objects carry no `$client`, but run on their session's client: the same connection).
 */
function clientOf(db: CairnDb): BetterSqlite3.Database {
  const client = db.$client ?? (db as unknown as { session?: { client?: BetterSqlite3.Database } }).session?.client;
  if (!client) throw new Error("no SQLite connection behind this database handle");
  return client;
}

/** One prepared statement per connection and SQL text. */
export function statement(db: CairnDb, sql: string): Statement {
  const client = clientOf(db);
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = client.prepare<unknown[]>(sql)));
  return prepared;
}

interface Encodable {
  name: string;
  mapToDriverValue(value: unknown): unknown;
}

function encode(column: Encodable, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}

/** A table's columns by key, read once per table (drizzle builds a new object on every `getTableColumns`). */
const columnCache = new WeakMap<Table, Record<string, Encodable>>();
function columnsOf(table: Table): Record<string, Encodable> {
  let columns = columnCache.get(table);
  if (!columns) columnCache.set(table, (columns = getTableColumns(table) as unknown as Record<string, Encodable>));
  return columns;
}

/** The SQL text for one table and one set of keys, built once (a cold index writes ~100,000 rows of a few shapes). */
const sqlCache = new WeakMap<Table, Map<string, string>>();
function sqlFor(table: Table, shape: string, build: () => string): string {
  let byShape = sqlCache.get(table);
  if (!byShape) sqlCache.set(table, (byShape = new Map()));
  let sql = byShape.get(shape);
  if (sql === undefined) byShape.set(shape, (sql = build()));
  return sql;
}

/**
 * `INSERT ... ON CONFLICT(target) DO UPDATE SET` every other given column, like drizzle's
 * `.values(row).onConflictDoUpdate({ target, set: rowWithoutTarget })`: keys whose value is undefined
 * are left out of both, as drizzle leaves them out.
 */
export function upsert<T extends Table>(db: CairnDb, table: T, row: Record<string, unknown>, targetKey: string): void {
  const columns = columnsOf(table);
  const keys = Object.keys(row).filter((key) => row[key] !== undefined && columns[key]);
  const sql = sqlFor(table, `upsert\0${targetKey}\0${keys.join("\0")}`, () => {
    const names = keys.map((key) => `"${columns[key].name}"`);
    const target = `"${columns[targetKey].name}"`;
    const updates = names.filter((name) => name !== target).map((name) => `${name} = excluded.${name}`);
    return `INSERT INTO "${getTableName(table)}" (${names.join(", ")}) VALUES (${keys.map(() => "?").join(", ")})
    ON CONFLICT(${target}) DO ${updates.length ? `UPDATE SET ${updates.join(", ")}` : "NOTHING"}`;
  });
  statement(db, sql).run(...keys.map((key) => encode(columns[key], row[key])));
}

/** Plain INSERT of one row (keys with undefined values are left to their defaults). */
export function insertRow<T extends Table>(db: CairnDb, table: T, row: Record<string, unknown>): void {
  const columns = columnsOf(table);
  const keys = Object.keys(row).filter((key) => row[key] !== undefined && columns[key]);
  const sql = sqlFor(table, `insert\0${keys.join("\0")}`, () =>
    `INSERT INTO "${getTableName(table)}" (${keys.map((key) => `"${columns[key].name}"`).join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`,
  );
  statement(db, sql).run(...keys.map((key) => encode(columns[key], row[key])));
}

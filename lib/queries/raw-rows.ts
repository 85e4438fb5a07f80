import "server-only";
/**
 * A drizzle select run in raw mode: the statement drizzle writes, rows read as arrays and turned into plain
 * objects by position, each cell decoded once by its column's own decoder (JSON, booleans). The same values
 * as drizzle's `.all()`, whose generic per-cell mapping cost more than the query itself for a few
 * thousand rows (the queue and the review queue read that many on every overview).
 */
import { Column, fillPlaceholders, is, SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";

type Decoder = ((value: unknown) => unknown) | null;

/** A column's decoder, or null where it returns what the driver gave (text, integer: most columns). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : (value) => field.mapFromDriverValue(value);
  // sql`…` fields: the decoder `.mapWith()` set (none by default); drizzle keeps it out of the public type
  if (is(field, SQL)) {
    const { decoder } = field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
    return (value) => decoder.mapFromDriverValue(value);
  }
  return null;
}

type Query = { toSQL(): { sql: string; params: unknown[] }; all(): unknown[] };

/** Statements written once per shape (`name`), their values given as `sql.placeholder(…)` and filled per call. */
const written = new Map<string, { sql: string; params: unknown[] }>();

/**
 * `query` must select exactly `fields` (flat: no nested objects), in that order, as
 * `db.select(fields)…` does; the result has the type drizzle's `.all()` would give. With `shape`, the
 * statement is written once under `shape.name` (the same query with other placeholder values reuses it).
 */
export function allRows<Q extends Query>(
  db: CairnDb,
  query: Q | (() => Q),
  fields: Record<string, unknown>,
  shape?: { name: string; values?: Record<string, unknown> },
): ReturnType<Q["all"]> {
  const write = () => (typeof query === "function" ? query() : query).toSQL();
  let statement = shape ? written.get(shape.name) : undefined;
  if (!statement) {
    statement = write();
    if (shape) written.set(shape.name, statement);
  }
  const text = statement.sql;
  const params = shape ? fillPlaceholders(statement.params, shape.values ?? {}) : statement.params;
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => decoderOf(fields[key]));
  const raw = db.$client.prepare(text).raw(true).all(...params) as unknown[][];
  const build = rowBuilder(keys, decoders);
  const rows = new Array(raw.length);
  for (let r = 0; r < raw.length; r++) rows[r] = build(raw[r], decoders);
  return rows as ReturnType<Q["all"]>;
}

type RowBuilder = (values: unknown[], decoders: Decoder[]) => Record<string, unknown>;
const builders = new Map<string, RowBuilder>();

/**
 * A function that turns one raw row into its object with one literal (`{ "id": v[0], … }`): every row gets
 * the same shape at once, where setting keys one by one in a loop cost as much as the query. Written from
 * the select's own field names, once per set of names and decoders.
 */
function rowBuilder(keys: string[], decoders: Decoder[]): RowBuilder {
  const id = `${keys.join(",")}|${decoders.map((d) => (d ? 1 : 0)).join("")}`;
  let builder = builders.get(id);
  if (!builder) {
    const cells = keys.map((key, i) => `${JSON.stringify(key)}: ${decoders[i] ? `v[${i}] === null ? null : d[${i}](v[${i}])` : `v[${i}]`}`);
    builder = new Function("v", "d", `return { ${cells.join(", ")} };`) as RowBuilder;
    builders.set(id, builder);
  }
  return builder;
}

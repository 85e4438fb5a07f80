import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { CairnDb } from "../../db/client";
import { cairnCompletions, documentMarks, documents, problems, repositories, secretFindings } from "../../db/schema";
import { guessedStatusSql } from "../queries/shared";
import { FAMILY_NAMES } from "../parse/conventions/families";
import { inProjectAt, repoPathOf } from "../queries/project-filter";

/**
 * `cairn list --json` written by SQLite: the records of `shared/spec/record.md` (as `listRecords` and
 * `toRecord` in lib/queries/records.ts build them), each made by `json_object` and laid out by `json_pretty`
 * exactly as `JSON.stringify(records, null, 2)` lays out the array's items, streamed as UTF-8 chunks (the
 * first chunk is written while SQLite still makes the rest; the bytes are the same as the whole array's).
 * At 5,600 checkpoints (12 MB of JSON) this saves decoding every row into objects, parsing the stored JSON
 * columns and encoding it all again in JavaScript. tests/cli/list-json.test.ts holds it byte for byte to
 * `JSON.stringify(listRecords(…), null, 2)`: a field added to the record must be added here too.
 */
export interface ListJsonFilters {
  repo?: string;
  status?: "in-progress" | "completed";
  kind?: string | "all";
  /** Only records whose status was guessed. */
  guessedStatus?: boolean;
}

/** A JSON boolean (`json('true')` is worked out once per statement; a CASE keeps its JSON subtype). */
const bool = (condition: SQL) => sql`case when ${condition} then json('true') else json('false') end`;

const completedInCairn = sql`exists (select 1 from ${cairnCompletions} where ${cairnCompletions.documentId} = ${documents.id})`;

/** publicStatus: completed in Cairn, else the file's status folded into in-progress or completed. */
const publicStatus = sql`case when ${completedInCairn} then 'completed'
  when ${documents.status} in ('in-progress', 'blocked') then 'in-progress'
  when ${documents.status} in ('completed', 'superseded') then 'completed' end`;

/** The family's readable name (lib/parse/conventions/families.ts), the format itself for one not in the table. */
const familyName = sql`case ${documents.format} ${sql.join(
  Object.entries(FAMILY_NAMES).map(([format, name]) => sql`when ${format} then ${name.label}`),
  sql` `,
)} else ${documents.format} end`;
/** Every checkout holding the file, the primary first, then by path (lib/queries/checkouts.ts). */
const checkoutsJson = sql`case when ${documents.source} = 'worktree' and ${repositories.path} is not null then coalesce(
    (select json_group_array(json_object('repo', r."path", 'branch', r."current_branch", 'head', r."head_sha") order by r."id" <> ${documents.repositoryId}, r."path")
      from "document_checkouts" c join "repositories" r on r."id" = c."repository_id" where c."document_id" = ${documents.id} having count(*) > 0),
    json_array(json_object('repo', ${repositories.path}, 'branch', ${repositories.currentBranch}, 'head', ${repositories.headSha})))
  else json('[]') end`;

function recordJson(now: string): SQL {
  return sql`json_object(
    'id', ${documents.id},
    'repo', ${repositories.path},
    'path', ${documents.path},
    'source', ${documents.source},
    'format', ${documents.format},
    'familyName', ${familyName},
    'kind', ${documents.kind},
    'title', ${documents.title},
    'status', ${publicStatus},
    'statusDetail', json_object('normalized', ${documents.status}, 'raw', ${documents.statusRaw}, 'completedInCairn', ${bool(completedInCairn)}),
    'branch', ${documents.branch},
    'headSha', ${documents.headSha},
    'headShaStated', ${documents.headShaStated},
    'savedAt', ${documents.savedAt},
    'savedAtSource', ${documents.savedAtSource},
    'freshness', json(${documents.freshness}),
    'tasks', case when ${documents.tasksTotal} is not null
      then json_object('done', coalesce(${documents.tasksDone}, 0), 'total', ${documents.tasksTotal}) end,
    'quality', case when ${documents.qualityScore} is not null
      then json_object('score', ${documents.qualityScore}, 'reasons', json(coalesce(${documents.qualityReasons}, '[]'))) end,
    'secrets', (select json_group_array(json_object('rule', ${secretFindings.rule}, 'line', ${secretFindings.line}, 'column', ${secretFindings.column}) order by ${secretFindings.id})
      from ${secretFindings} where ${secretFindings.documentId} = ${documents.id}),
    'problems', (select json_group_array(${problems.message} order by ${problems.id}) from ${problems} where ${problems.documentId} = ${documents.id}),
    'supersededBy', ${documents.supersededBy},
    'duplicateOf', ${documents.duplicateOf},
    'headShaVerified', case when coalesce(${documents.headShaRaw}, '') = '' or ${documents.headShaVerified} is null then null
      when ${documents.headShaVerified} = 1 then json('true') else json('false') end,
    'fieldSources', json(coalesce(${documents.fieldSources}, '{}')),
    'fieldConfidence', json(coalesce(${documents.fieldConfidence}, '{}')),
    'aliasOf', ${documents.aliasOf},
    'lineage', ${documents.lineage},
    'archived', ${bool(sql`${documentMarks.archived} = 1`)},
    'pinned', ${bool(sql`${documentMarks.pinned} = 1`)},
    'snoozedUntil', case when ${documentMarks.snoozedUntil} > ${now} then ${documentMarks.snoozedUntil} end,
    'checkouts', ${checkoutsJson},
    'sessions', (select coalesce(json_group_array(l."session_id" order by l."session_id"), json('[]')) from "session_links" l where l."document_id" = ${documents.id})
  )`;
}

/** Bytes gathered before each write: the reader starts on the first records while SQLite lays out the rest. */
const CHUNK_BYTES = 256 * 1024;

/**
 * The whole `cairn list --json` output (with its final newline), as UTF-8 chunks in order: each record laid out
 * by `json_pretty` alone and indented one level, as `JSON.stringify(records, null, 2)` indents the array's items
 * (no string value holds a raw newline: JSON escapes them), the array's brackets and commas added here.
 */
export function* listJsonChunks(db: CairnDb, filters: ListJsonFilters = {}, now: Date = new Date(), chunkBytes = CHUNK_BYTES): Generator<Buffer> {
  const kind = filters.kind ?? "checkpoint";
  const where = and(
    kind !== "all" ? eq(documents.kind, kind) : undefined,
    isNull(documents.duplicateOf),
    isNull(documents.aliasOf),
    filters.repo ? inProjectAt(repoPathOf(filters.repo)) : undefined,
    filters.status ? sql`${publicStatus} = ${filters.status}` : undefined,
    filters.guessedStatus ? guessedStatusSql : undefined,
  );
  // newest save first, in the order listRecords reads them (the same statement: the same order for equal times)
  // json_pretty of a one-item array indents the record one level, as the whole array's layout does (cheaper than
  // indenting every line with replace()): "[\n  {…}\n]" without its first 4 bytes here and its last 2 below
  const query = new SQLiteSyncDialect().sqlToQuery(sql`select cast(substr(json_pretty(json_array(${recordJson(now.toISOString())}), '  '), 5) as blob)
    from ${documents}
    left join ${repositories} on ${repositories.id} = ${documents.repositoryId}
    left join ${documentMarks} on ${documentMarks.documentId} = ${documents.id}
    ${where ? sql`where ${where}` : sql``}
    order by ${documents.savedAt} desc`);
  const rows = db.$client.prepare(query.sql).pluck().iterate(...query.params) as IterableIterator<Buffer>;
  let parts: Buffer[] = [];
  let size = 0;
  let first = true;
  for (const wrapped of rows) {
    const record = wrapped.subarray(0, wrapped.length - 2);
    parts.push(Buffer.from(first ? "[\n  " : ",\n  "), record);
    size += record.length + 4;
    first = false;
    if (size >= chunkBytes) {
      yield Buffer.concat(parts);
      parts = [];
      size = 0;
    }
  }
  parts.push(Buffer.from(first ? "[]\n" : "\n]\n"));
  yield Buffer.concat(parts);
}

/** The whole `cairn list --json` output (with its final newline), as UTF-8 bytes. */
export function listJson(db: CairnDb, filters: ListJsonFilters = {}, now: Date = new Date()): Buffer {
  return Buffer.concat([...listJsonChunks(db, filters, now)]);
}

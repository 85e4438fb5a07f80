import "server-only";
import type { CairnDb } from "../../db/client";
import type { Author, AuthorStore, FileVersion, IdentityStore } from "./queue-authors";

/**
 * The last authors the queue learned, kept in the database (file_authors, migration 0012) so that a new process
 * (`cairn queue`, `cairn serve` after a restart) reads them instead of asking git once per repository. Keyed by the
 * file version (its content hash at that ref), like the in-memory memo in queue-authors.ts; a new version of a file
 * replaces its row. A database that cannot be written (read-only, busy) only loses the saving.
 */
type Client = CairnDb["$client"];
type Row = { name: string | null; email: string | null; at: string | null };

/** The store's three statements, prepared once per connection (the queue asks once per repository). */
const prepared = new WeakMap<Client, ReturnType<typeof prepare>>();

function prepare(client: Client) {
  return {
    select: client.prepare<[string, string, string, string], Row>(
      `SELECT "name", "email", "at" FROM "file_authors" WHERE "repo_path" = ? AND "source" = ? AND "path" = ? AND "content_hash" = ?`,
    ),
    drop: client.prepare(`DELETE FROM "file_authors" WHERE "repo_path" = ? AND "source" = ? AND "path" = ? AND "content_hash" <> ?`),
    insert: client.prepare(
      `INSERT OR REPLACE INTO "file_authors" ("repo_path", "source", "path", "content_hash", "name", "email", "at") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

function statementsOf(client: Client): ReturnType<typeof prepare> {
  let statements = prepared.get(client);
  if (!statements) prepared.set(client, (statements = prepare(client)));
  return statements;
}

export function authorStore(db: CairnDb): AuthorStore {
  const client = db.$client;
  const key = (repoPath: string, f: FileVersion) => `${repoPath}\0${f.source}\0${f.path}\0${f.contentHash}`;
  return {
    get(repoPath, files) {
      const found = new Map<string, Author | null>();
      const { select } = statementsOf(client);
      for (const f of files) {
        const row = select.get(repoPath, f.source, f.path, f.contentHash);
        if (row) found.set(key(repoPath, f), row.name === null || row.email === null ? null : { name: row.name, email: row.email, at: row.at });
      }
      return found;
    },
    put(repoPath, answers) {
      try {
        const { drop, insert } = statementsOf(client);
        client.transaction(() => {
          for (const { file, author } of answers) {
            drop.run(repoPath, file.source, file.path, file.contentHash);
            insert.run(repoPath, file.source, file.path, file.contentHash, author?.name ?? null, author?.email ?? null, author?.at ?? null);
          }
        })();
      } catch {
        // not written: the next run asks git again
      }
    },
  };
}

/** Values kept as a JSON array of short strings (anything else: not kept). */
function stringList(json: string): string[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null;
  } catch {
    return null;
  }
}

/** The user's global git identity kept in the database (git_identity, migration 0013): one row, the last one read. */
export function identityStore(db: CairnDb): IdentityStore {
  const client = db.$client;
  return {
    get(key) {
      try {
        const row = client.prepare<[string], { emails: string; names: string }>(`SELECT "emails", "names" FROM "git_identity" WHERE "key" = ?`).get(key);
        if (!row) return null;
        const emails = stringList(row.emails);
        const names = stringList(row.names);
        return emails && names ? { emails, names } : null;
      } catch {
        return null;
      }
    },
    put(key, identity) {
      try {
        client.transaction(() => {
          client.prepare(`DELETE FROM "git_identity"`).run();
          client.prepare(`INSERT INTO "git_identity" ("key", "emails", "names") VALUES (?, ?, ?)`).run(key, JSON.stringify(identity.emails), JSON.stringify(identity.names));
        })();
      } catch {
        // not written (a read-only or busy database): the next process asks git again
      }
    },
  };
}

import "server-only";
import type { CairnDb } from "../../db/client";

/** One checkout holding a record's file (issue 25): its work tree, the branch it is on (null when detached), its HEAD. */
export interface RecordCheckout {
  repo: string;
  branch: string | null;
  head: string | null;
}

/**
 * Every checkout of each document's file, the primary first (the record's `repo`), then by path. A file
 * held by one checkout lists that one; a file only in another branch's commits, or outside any repository,
 * none. The same rule as `cairn list --json` writes in SQL (lib/cli/list-json.ts).
 */
const CHECKOUTS = `SELECT d."id" AS id, r."path" AS repo, r."current_branch" AS branch, r."head_sha" AS head
  FROM "documents" d
  JOIN "document_checkouts" c ON c."document_id" = d."id"
  JOIN "repositories" r ON r."id" = c."repository_id"
  WHERE d."id" IN (SELECT value FROM json_each(?))
  UNION ALL
  SELECT d."id", r."path", r."current_branch", r."head_sha"
  FROM "documents" d JOIN "repositories" r ON r."id" = d."repository_id"
  WHERE d."id" IN (SELECT value FROM json_each(?)) AND d."source" = 'worktree'
    AND NOT EXISTS (SELECT 1 FROM "document_checkouts" c WHERE c."document_id" = d."id")`;

export function checkoutsOf(db: CairnDb, ids: readonly string[]): Map<string, RecordCheckout[]> {
  const out = new Map<string, RecordCheckout[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const json = JSON.stringify(ids);
  const primaries = new Map(
    (db.$client.prepare(`SELECT d."id" AS id, r."path" AS repo FROM "documents" d JOIN "repositories" r ON r."id" = d."repository_id" WHERE d."id" IN (SELECT value FROM json_each(?))`).all(json) as { id: string; repo: string }[]).map((r) => [r.id, r.repo]),
  );
  const rows = db.$client.prepare(CHECKOUTS).all(json, json) as ({ id: string } & RecordCheckout)[];
  for (const { id, repo, branch, head } of rows) out.get(id)?.push({ repo, branch, head });
  for (const [id, list] of out) {
    const primary = primaries.get(id);
    list.sort((a, b) => (a.repo === primary ? -1 : b.repo === primary ? 1 : a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0));
  }
  return out;
}

/** A checkout as the checkpoint page shows it: the record's primary (where Resume continues and writes go) first. */
export interface PageCheckout {
  repositoryId: number;
  repo: string;
  name: string;
  branch: string | null;
  head: string | null;
  changedFiles: number | null;
  absPath: string;
  primary: boolean;
}

const PAGE_CHECKOUTS = `SELECT r."id" AS repositoryId, r."path" AS repo, r."name" AS name, r."current_branch" AS branch, r."head_sha" AS head,
    r."changed_files" AS changedFiles, c."abs_path" AS absPath, r."id" = d."repository_id" AS "primary"
  FROM "documents" d JOIN "document_checkouts" c ON c."document_id" = d."id" JOIN "repositories" r ON r."id" = c."repository_id"
  WHERE d."id" = ? ORDER BY "primary" DESC, r."path"`;

/** Every checkout of one document's file (empty when only one checkout holds it). */
export function pageCheckouts(db: CairnDb, id: string): PageCheckout[] {
  return (db.$client.prepare(PAGE_CHECKOUTS).all(id) as (Omit<PageCheckout, "primary"> & { primary: number })[]).map((r) => ({ ...r, primary: r.primary === 1 }));
}

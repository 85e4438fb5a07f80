/**
 * One piece of work, one row (issue 25). After every checkout of a project is indexed on its own, the files
 * held at the same path with the same bytes by several checkouts become ONE document: the primary checkout's
 * row (the checkout on the checkpoint's branch, else the main worktree, else the first by path) is kept, the
 * others' rows are dropped, and `document_checkouts` names every checkout holding it. The other checkouts'
 * `indexed_files` rows point at the kept document, so a warm run reads none of them again. A copy that differs
 * is its own row (lineage links it). When the primary's row is gone (its checkout deleted, its copy edited,
 * another checkout now on the checkpoint's branch), the new primary's file is read and parsed again here.
 *
 * Branch documents (files only in other branches' commits) of separate clones are kept once per project too.
 */
import { lstat } from "node:fs/promises";
import type { CairnDb } from "../../db/client";
import type { CandidateFile } from "../discover/candidates";
import { discoveryOf } from "../discover/run";
import { fillCommitDates } from "./commit-dates";
import { documentId } from "./document-id";
import { prepareFiles } from "./file-batch";
import { markLineage } from "./lineage-step";
import { statement } from "./statements";
import { writeDocument, writeFileOutcome } from "./store";

interface Checkout {
  id: number;
  path: string;
  branch: string | null;
  isMain: boolean;
  isBare: boolean;
}

interface Member {
  checkout: Checkout;
  absPath: string;
  ownId: string;
}

interface Group {
  relPath: string;
  contentHash: string;
  members: Member[];
}

const CHECKOUTS = `SELECT "id", "path", "current_branch" AS branch, "is_main_worktree" AS isMain, "is_bare" AS isBare
  FROM "repositories" WHERE "project_key" = ? ORDER BY "path"`;

function loadGroups(db: CairnDb, checkouts: Checkout[]): Group[] {
  const byId = new Map(checkouts.map((c) => [c.id, c]));
  const ids = [...byId.keys()];
  const files = statement(db, `SELECT "abs_path" AS absPath, "repository_id" AS repositoryId, "content_hash" AS contentHash FROM "indexed_files"
      WHERE "repository_id" IN (SELECT "value" FROM json_each(?)) AND "document_id" IS NOT NULL AND "content_hash" IS NOT NULL ORDER BY "abs_path"`)
    .all(JSON.stringify(ids)) as { absPath: string; repositoryId: number; contentHash: string }[];
  const groups = new Map<string, Group>();
  for (const file of files) {
    const checkout = byId.get(file.repositoryId)!;
    if (!file.absPath.startsWith(`${checkout.path}/`)) continue;
    const relPath = file.absPath.slice(checkout.path.length + 1);
    const key = `${relPath}\0${file.contentHash}`;
    const group = groups.get(key) ?? { relPath, contentHash: file.contentHash, members: [] };
    group.members.push({ checkout, absPath: file.absPath, ownId: documentId(checkout.path, relPath) });
    groups.set(key, group);
  }
  for (const group of groups.values()) group.members.sort((a, b) => a.checkout.path.localeCompare(b.checkout.path));
  return [...groups.values()];
}

function loadRows(db: CairnDb, checkouts: Checkout[]): Map<string, { branch: string | null }> {
  const ids = checkouts.map((c) => c.id);
  const rows = statement(db, `SELECT "id", "branch" FROM "documents" WHERE "repository_id" IN (SELECT "value" FROM json_each(?)) AND "source" = 'worktree'`)
    .all(JSON.stringify(ids)) as { id: string; branch: string | null }[];
  return new Map(rows.map((r) => [r.id, { branch: r.branch }]));
}

/** The checkout the user picked, else the one whose branch is the checkpoint's, else the main worktree, else the first found. */
export function primaryOf<T extends { checkout: { path: string; branch: string | null; isMain: boolean } }>(members: T[], branch: string | null, chosen?: string): T {
  return (
    (chosen ? members.find((m) => m.checkout.path === chosen) : undefined) ??
    (branch ? members.find((m) => m.checkout.branch === branch) : undefined) ??
    members.find((m) => m.checkout.isMain) ??
    members[0]
  );
}

const CHOICES = 'SELECT "path", "repository_path" AS repositoryPath FROM "checkout_choices" WHERE "project_key" = ?';
const CARRIED = 'SELECT "path", "from_hash" AS fromHash, "to_hash" AS toHash FROM "carried_copies" WHERE "project_key" = ?';

const COPIES_BEFORE = `SELECT r."project_key" AS projectKey, d."path" AS path, d."content_hash" AS hash FROM "documents" d
  JOIN "repositories" r ON r."id" = d."repository_id"
  WHERE d."abs_path" = ? AND d."source" = 'worktree' AND r."project_key" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "document_checkouts" c WHERE c."document_id" = d."id" AND c."repository_id" <> d."repository_id")`;

export interface CopiesBefore {
  projectKey: string;
  path: string;
  hash: string;
}

/** Before Cairn writes a file other checkouts hold too: what those copies hold (null when no other checkout does). */
export function copiesBefore(db: CairnDb, absPath: string): CopiesBefore | null {
  return (statement(db, COPIES_BEFORE).get(absPath) as CopiesBefore | undefined) ?? null;
}

/**
 * After Cairn wrote it: the other checkouts' copies (the bytes before) stay with the record, a commit behind,
 * instead of becoming a record of their own (issue 25: "the other copies are left alone, git carries the change").
 */
export function rememberCarried(db: CairnDb, before: CopiesBefore | null, newHash: string | null): void {
  if (!before || !newHash || newHash === before.hash) return;
  statement(db, `INSERT INTO "carried_copies" ("project_key", "path", "from_hash", "to_hash") VALUES (?, ?, ?, ?)
    ON CONFLICT ("project_key", "path", "from_hash") DO UPDATE SET "to_hash" = excluded."to_hash"`).run(before.projectKey, before.path, before.hash, newHash);
}

/** Read and store again the files of one checkout whose row was dropped as a copy and is needed now. */
async function materialize(db: CairnDb, checkout: Checkout, relPaths: string[]): Promise<boolean> {
  const files: CandidateFile[] = [];
  for (const relPath of relPaths) {
    const absPath = `${checkout.path}/${relPath}`;
    const info = await lstat(absPath).catch(() => null);
    if (!info?.isFile()) continue;
    const origin = (await discoveryOf(db, checkout.path, relPath)) ?? "name";
    files.push({ relPath, absPath, mtimeMs: info.mtimeMs, size: info.size, origin });
  }
  if (files.length === 0) return false;
  // forgotten first, so that the batch reads them instead of finding them unchanged
  for (const file of files) statement(db, 'DELETE FROM "indexed_files" WHERE "abs_path" = ?').run(file.absPath);
  const batch = await prepareFiles(db, checkout.id, checkout.path, checkout.path, files);
  await fillCommitDates(checkout.path, batch.prepared.map((p) => p.doc));
  db.transaction((tx) => {
    const txDb = tx as unknown as CairnDb;
    for (const { doc } of batch.prepared) writeDocument(txDb, doc, checkout.id);
    for (const outcome of batch.outcomes) writeFileOutcome(txDb, outcome, checkout.id);
  });
  return batch.prepared.length > 0;
}

const USER_STATE_TABLES = ["document_marks", "document_overrides", "cairn_completions"];

/** The user's marks, corrections and completions of a dropped copy follow the document it joins. */
function moveUserState(db: CairnDb, from: string, to: string): void {
  for (const table of USER_STATE_TABLES) {
    statement(db, `UPDATE OR IGNORE "${table}" SET "document_id" = ? WHERE "document_id" = ?`).run(to, from);
    statement(db, `DELETE FROM "${table}" WHERE "document_id" = ?`).run(from);
  }
}

/** Branch documents of separate clones: the same file in the same commit content, once per project. */
function foldBranchDocuments(db: CairnDb, checkouts: Checkout[]): void {
  const ids = checkouts.map((c) => c.id);
  if (ids.length < 2) return;
  const rows = statement(db, `SELECT d."id", d."path", d."content_hash" AS contentHash, r."path" AS repoPath FROM "documents" d
      JOIN "repositories" r ON r."id" = d."repository_id"
      WHERE d."repository_id" IN (SELECT "value" FROM json_each(?)) AND d."source" <> 'worktree' ORDER BY r."is_main_worktree" DESC, r."path", d."source"`)
    .all(JSON.stringify(ids)) as { id: string; path: string; contentHash: string; repoPath: string }[];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.path}\0${row.contentHash}`;
    if (row.contentHash && seen.has(key)) statement(db, 'DELETE FROM "documents" WHERE "id" = ?').run(row.id);
    seen.add(key);
  }
}

/**
 * Settle one project's checkouts: one row per file held identically, its checkouts listed. Returns the
 * checkouts whose files were read again (their freshness is to be derived again).
 */
export async function settleProject(db: CairnDb, projectKey: string): Promise<number[]> {
  const checkouts = (statement(db, CHECKOUTS).all(projectKey) as { id: number; path: string; branch: string | null; isMain: number; isBare: number }[]).map(
    (c): Checkout => ({ ...c, isMain: c.isMain === 1, isBare: c.isBare === 1 }),
  );
  const withFiles = checkouts.filter((c) => !c.isBare);
  if (withFiles.length === 0) return [];
  let groups = loadGroups(db, withFiles);
  let rows = loadRows(db, withFiles);
  const choices = new Map((statement(db, CHOICES).all(projectKey) as { path: string; repositoryPath: string }[]).map((c) => [c.path, c.repositoryPath]));
  const carried = new Map((statement(db, CARRIED).all(projectKey) as { path: string; fromHash: string; toHash: string }[]).map((c) => [`${c.path}\0${c.fromHash}`, c.toHash]));
  /** The group holding the file Cairn wrote from this group's bytes (following later writes), when it has a record. */
  const carrierOf = (group: Group): Group | null => {
    if (carried.size === 0 || group.members.some((m) => rows.has(m.ownId))) return null;
    let key = `${group.relPath}\0${group.contentHash}`;
    for (let step = 0; step < 8; step++) {
      const to = carried.get(key);
      if (!to) return null;
      key = `${group.relPath}\0${to}`;
      const next = groups.find((g) => `${g.relPath}\0${g.contentHash}` === key);
      if (next && next.members.some((m) => rows.has(m.ownId))) return next;
    }
    return null;
  };
  const reread = new Set<number>();
  // twice: a group with no row at all is read in its main checkout first, which tells the checkpoint's branch
  for (let pass = 0; pass < 2; pass++) {
    const needed = new Map<Checkout, string[]>();
    for (const group of groups) {
      if (carrierOf(group)) continue;
      const existing = group.members.find((m) => rows.has(m.ownId));
      const primary = primaryOf(group.members, existing ? rows.get(existing.ownId)!.branch : null, choices.get(group.relPath));
      if (!rows.has(primary.ownId) && (pass === 1 || !existing)) needed.set(primary.checkout, [...(needed.get(primary.checkout) ?? []), group.relPath]);
    }
    if (needed.size === 0) continue;
    for (const [checkout, relPaths] of needed) if (await materialize(db, checkout, relPaths)) reread.add(checkout.id);
    groups = loadGroups(db, withFiles);
    rows = loadRows(db, withFiles);
  }
  db.transaction((tx) => {
    const txDb = tx as unknown as CairnDb;
    statement(txDb, `DELETE FROM "document_checkouts" WHERE "repository_id" IN (SELECT "id" FROM "repositories" WHERE "project_key" = ?)`).run(projectKey);
    const holders = new Map<string, Member[]>();
    const survivorOf = new Map<Group, string>();
    for (const group of groups) {
      const existing = group.members.find((m) => rows.has(m.ownId));
      if (!existing) continue;
      const primary = primaryOf(group.members, rows.get(existing.ownId)!.branch, choices.get(group.relPath));
      const survivor = rows.has(primary.ownId) ? primary.ownId : existing.ownId;
      survivorOf.set(group, survivor);
      for (const member of group.members) {
        if (member.ownId !== survivor && rows.has(member.ownId)) {
          moveUserState(txDb, member.ownId, survivor);
          statement(txDb, 'DELETE FROM "documents" WHERE "id" = ?').run(member.ownId);
        }
      }
      holders.set(survivor, [...(holders.get(survivor) ?? []), ...group.members]);
    }
    // copies of a file Cairn wrote in the primary checkout: the same record, a commit behind (git carries the change)
    for (const group of groups) {
      const carrier = carrierOf(group);
      const survivor = carrier ? survivorOf.get(carrier) : undefined;
      if (survivor) holders.set(survivor, [...(holders.get(survivor) ?? []), ...group.members]);
    }
    for (const [survivor, members] of holders) {
      for (const member of members) {
        statement(txDb, 'UPDATE "indexed_files" SET "document_id" = ? WHERE "abs_path" = ?').run(survivor, member.absPath);
        if (members.length > 1) {
          statement(txDb, 'INSERT OR IGNORE INTO "document_checkouts" ("document_id", "repository_id", "abs_path") VALUES (?, ?, ?)').run(survivor, member.checkout.id, member.absPath);
        }
      }
    }
    foldBranchDocuments(txDb, checkouts);
  });
  // saves of one piece of work in different checkouts are one lineage: the newer supersedes the older
  db.transaction((tx) => markLineage(tx as unknown as CairnDb, withFiles[0].id));
  return [...reread];
}

/**
 * The projects a run must settle: those with several checkouts, and those whose files point at a document
 * that is not their checkout's own (a checkout of theirs was deleted, or their copy stands alone again).
 */
export function projectsToSettle(db: CairnDb): string[] {
  const rows = statement(db, `SELECT "project_key" AS projectKey FROM "repositories" WHERE "project_key" IS NOT NULL GROUP BY "project_key" HAVING count(*) > 1
      UNION SELECT r."project_key" FROM "indexed_files" f JOIN "repositories" r ON r."id" = f."repository_id"
        LEFT JOIN "documents" d ON d."id" = f."document_id"
        WHERE f."document_id" IS NOT NULL AND r."project_key" IS NOT NULL AND (d."id" IS NULL OR d."repository_id" IS NOT f."repository_id")`)
    .all() as { projectKey: string }[];
  return rows.map((r) => r.projectKey);
}

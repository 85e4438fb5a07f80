import { and, eq, isNull, isNotNull, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, referencedFiles, repositories, type Repository } from "../../db/schema";
import { computeFreshness, type SaveInput } from "../derive/freshness";
import { redactStrings, redactValue } from "../derive/secrets";
import { readRepositoryState } from "./git-state";
import { RepoFacts } from "../git/repo-facts";
import { recordSaveEvents } from "./save-events";
import { statement } from "./statements";
import { markAliases } from "./aliases";
import { markLineage } from "./lineage-step";
import { CLOCK_SKEW_SOURCE, FUTURE_PROBLEM, settleFutureSaves } from "./future-saves";
import { writeRepositoryProblems } from "./store";
import { refreshAges } from "./stamp";
import { checkUnitCommits } from "../derive/unit-commits";
import { unitOf } from "../parse/conventions/unit";

/** `latest.md` repeats one archive word for word: keep the archive, point the copy at it. */
function markDuplicates(db: CairnDb, repositoryId: number): void {
  const rows = db
    // meta's one flag, read by SQLite (meta may hold a unit's companion texts: no JSON parse of it all)
    .select({ id: documents.id, path: documents.path, contentHash: documents.contentHash, isLatest: sql<unknown>`json_extract(${documents.meta}, '$.isLatest')`, duplicateOf: documents.duplicateOf })
    .from(documents)
    .where(eq(documents.repositoryId, repositoryId))
    .all();
  const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
  for (const row of rows) {
    if (!row.isLatest) continue;
    const twin = rows.find((other) => other.id !== row.id && !other.isLatest && other.contentHash === row.contentHash && folderOf(other.path) === folderOf(row.path));
    const duplicateOf = twin?.id ?? null;
    // rows are wide: rewrite one only when the value moves
    if (duplicateOf !== row.duplicateOf) statement(db, 'UPDATE "documents" SET "duplicate_of" = ? WHERE "id" = ?').run(duplicateOf, row.id);
  }
}

function saveInputs(db: CairnDb, repositoryId: number): SaveInput[] {
  const docs = db
    .select({
      id: documents.id,
      headSha: documents.headShaRaw,
      branch: documents.branch,
      savedAt: documents.savedAt,
      savedAtSource: documents.savedAtSource,
      dirtySaved: documents.dirtySaved,
      path: documents.path,
      source: documents.source,
    })
    .from(documents)
    .where(eq(documents.repositoryId, repositoryId))
    .all();
  const refs = db
    .select({ documentId: referencedFiles.documentId, path: referencedFiles.path, role: referencedFiles.role })
    .from(referencedFiles)
    .innerJoin(documents, eq(documents.id, referencedFiles.documentId))
    .where(eq(documents.repositoryId, repositoryId))
    .all();
  const byDoc = new Map<string, { referenced: string[]; modified: string[] }>();
  for (const ref of refs) {
    const entry = byDoc.get(ref.documentId) ?? { referenced: [], modified: [] };
    entry.referenced.push(ref.path);
    if (ref.role === "modified") entry.modified.push(ref.path);
    byDoc.set(ref.documentId, entry);
  }
  return docs.map((d) => ({
    id: d.id,
    headSha: d.headSha,
    branch: d.branch,
    // a date guessed from the file's mtime says nothing about the repository's history
    savedAt: d.savedAtSource === "mtime" ? null : d.savedAt,
    dirtySaved: d.dirtySaved,
    referencedFiles: [...new Set(byDoc.get(d.id)?.referenced ?? [])],
    modifiedFiles: [...new Set(byDoc.get(d.id)?.modified ?? [])],
    path: d.source === "worktree" ? d.path : null,
  }));
}

/**
 * Freshness is recomputed only when the repository's git state (HEAD, index, work tree) or its documents
 * changed since the last run, never on a page view.
 */
export async function deriveRepository(
  db: CairnDb,
  repo: Repository,
  opts: { documentsChanged: boolean; now?: Date },
  facts: RepoFacts = new RepoFacts(repo.path),
): Promise<void> {
  const state = await readRepositoryState(facts);
  writeRepositoryProblems(db, repo, facts.statusRefusal ? [facts.statusRefusal] : []);
  const unchanged = !opts.documentsChanged && state.fingerprint === repo.gitFingerprint;
  // branch names are stored and shown: a secret in one is redacted like any checkpoint text
  const shownBranch = state.currentBranch ? await redactValue(state.currentBranch) : null;
  db.update(repositories)
    .set({
      currentBranch: shownBranch,
      headSha: state.headSha,
      gitFingerprint: state.fingerprint,
      changedFiles: state.changedFiles,
      lastIndexedAt: new Date().toISOString(),
    })
    .where(eq(repositories.id, repo.id))
    .run();
  if (unchanged) {
    db.transaction((tx) => refreshAges(tx as unknown as CairnDb, repo.id, opts.now));
    return;
  }
  // one commit for all these row updates, not one per row
  db.transaction((tx) => {
    markDuplicates(tx as unknown as CairnDb, repo.id);
    markAliases(tx as unknown as CairnDb, repo.id);
  });
  const inputs = saveInputs(db, repo.id);
  if (inputs.length === 0) {
    await recordSaveEvents(db, repo);
    return;
  }
  const now = opts.now ?? new Date();
  const docRows = db
    .select({ id: documents.id, path: documents.path, savedAtSource: documents.savedAtSource })
    .from(documents)
    .where(eq(documents.repositoryId, repo.id))
    .all();
  // the agent's own files (every indexed document) are counted apart from the code
  const options = { documentPaths: docRows.map((row) => row.path) };
  const results = await computeFreshness(repo.path, inputs, now, facts, options);
  // a save dated in the future is sorted (and counted) by its commit time instead
  const settled = settleFutureSaves(db, results, now);
  if (settled.size > 0) {
    const again = inputs.filter((input) => settled.has(input.id)).map((input) => ({ ...input, savedAt: settled.get(input.id) ?? null }));
    for (const [id, freshness] of await computeFreshness(repo.path, again, now, facts, options)) results.set(id, freshness);
  }
  // after freshness: its history and diff-tree answer the save timeline too
  await recordSaveEvents(db, repo, facts);
  for (const row of docRows) {
    const freshness = row.savedAtSource === CLOCK_SKEW_SOURCE || settled.has(row.id) ? results.get(row.id) : undefined;
    if (freshness) {
      freshness.savedInFuture = true;
      if (!freshness.reasons.includes(FUTURE_PROBLEM)) freshness.reasons.push(FUTURE_PROBLEM);
    }
  }
  // freshness names branches (current, saved, landed into) and their reasons quote them: redact before storing
  for (const [id, freshness] of results) results.set(id, await redactStrings(freshness));
  const missingByDoc = new Map<string, Set<string>>();
  db.transaction((tx) => {
    for (const input of inputs) {
      const freshness = results.get(input.id);
      if (!freshness) continue;
      missingByDoc.set(input.id, new Set(freshness.missingFiles));
      // headShaVerified: the stated commit resolves in this repository (true), is stated but absent (false), none stated (null)
      const verified = input.headSha?.trim() ? (freshness.resolvedHeadSha ? 1 : 0) : null;
      statement(tx as unknown as CairnDb, 'UPDATE "documents" SET "freshness" = ?, "freshness_level" = ?, "head_sha" = ?, "head_sha_verified" = ? WHERE "id" = ?').run(
        documents.freshness.mapToDriverValue(freshness as unknown as Record<string, unknown>),
        freshness.level,
        freshness.resolvedHeadSha,
        verified,
        input.id,
      );
    }
    const refs = tx
      .select({ id: referencedFiles.id, documentId: referencedFiles.documentId, path: referencedFiles.path })
      .from(referencedFiles)
      .innerJoin(documents, eq(documents.id, referencedFiles.documentId))
      .where(eq(documents.repositoryId, repo.id))
      .all();
    for (const ref of refs) {
      const missing = missingByDoc.get(ref.documentId);
      if (!missing) continue;
      statement(tx as unknown as CairnDb, 'UPDATE "referenced_files" SET "exists_now" = ? WHERE "id" = ?').run(missing.has(ref.path) ? 0 : 1, ref.id);
    }
    markLineage(tx as unknown as CairnDb, repo.id);
  });
  await deriveUnitCommits(db, repo.id, facts);
}

/**
 * The commits convention units name beside their done tasks, checked against their branch's history; the result
 * is kept in the unit's meta (`meta.unit.commitChecks`) for its page. One cat-file and one log per repository.
 */
async function deriveUnitCommits(db: CairnDb, repositoryId: number, facts: RepoFacts): Promise<void> {
  const rows = db
    .select({ id: documents.id, branch: documents.branch, meta: documents.meta })
    .from(documents)
    .where(and(eq(documents.repositoryId, repositoryId), sql`json_array_length(${documents.meta}, '$.unit.taskCommits') > 0`))
    .all();
  if (rows.length === 0) return;
  const units = rows.map((row) => ({ id: row.id, branch: row.branch, commits: unitOf(row.meta)?.taskCommits ?? [] }));
  const checked = await checkUnitCommits(facts, units);
  db.transaction((tx) => {
    for (const [id, checks] of checked) {
      statement(tx as unknown as CairnDb, `UPDATE "documents" SET "meta" = json_set("meta", '$.unit.commitChecks', json(?)) WHERE "id" = ?`).run(JSON.stringify(checks), id);
    }
  });
}

/** A global checkpoint names its repository with `**Project:**`: link it when that repository is indexed. */
export function linkGlobalDocuments(db: CairnDb): void {
  const repos = new Map(db.select().from(repositories).all().map((r) => [r.path.replace(/\/+$/, ""), r.id]));
  const globals = db
    .select({ id: documents.id, project: documents.project })
    .from(documents)
    .where(and(isNull(documents.repositoryId), isNotNull(documents.project)))
    .all();
  for (const doc of globals) {
    const id = repos.get((doc.project ?? "").replace(/\/+$/, ""));
    if (id !== undefined) db.update(documents).set({ repositoryId: id }).where(eq(documents.id, doc.id)).run();
  }
}

/**
 * Index ONE repository (or the home's global checkpoints) through the same steps as a full run
 * (`indexer.ts`): discover its candidate files, read/scan/parse what changed, store in one transaction,
 * its branch-only documents, then derive. The watcher uses this to re-index only what a change touched.
 */
import { eq, inArray } from "drizzle-orm";
import { resolve } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, indexRuns, repositories } from "../../db/schema";
import { findRepositories, type FoundRepository } from "../discover/repositories";
import { deriveRepository, linkGlobalDocuments } from "./derive-step";
import { prepareFiles } from "./file-batch";
import { globalCandidates } from "../discover/global-checkpoints";
import { applyBatch, indexRepository, savedRoots, settleCheckouts, upsertRepository } from "./indexer";
import { planCheckouts, storeCheckoutPlans } from "./identity-step";
import { emptySummary, type IndexSummary, type ProgressListener } from "./progress";

export interface RepositoryIndexOptions {
  onProgress?: ProgressListener;
  /** Record the run in index_runs like a full run does (default true). */
  recordRun?: boolean;
}

function isUnder(parent: string, child: string): boolean {
  const p = parent.replace(/\/+$/, "");
  return child === p || child.startsWith(`${p}/`);
}

/** The repository at `path` as discovery would report it, or null when it is not a repository. */
async function describeRepository(db: CairnDb, path: string): Promise<{ found: FoundRepository; rootPath: string } | null> {
  const known = db.select().from(repositories).where(eq(repositories.path, path)).get();
  const rootPath =
    known?.rootPath ??
    savedRoots(db)
      .filter((root) => isUnder(root, path))
      .sort((a, b) => b.length - a.length)[0] ??
    path;
  // the identity rules as the full run applied them: bounded by the root that found it (lib/discover/trust.ts)
  const [found] = (await findRepositories(path, 0, { root: rootPath })).filter((r) => r.path === path);
  if (!found) return null;
  return { found, rootPath };
}

/** The repository's place among its project's known checkouts (the others as the last run found them). */
async function planWithSiblings(db: CairnDb, found: FoundRepository) {
  const known = db.select().from(repositories).where(eq(repositories.path, found.path)).get();
  const siblings = known?.projectKey
    ? db.select({ path: repositories.path, rootPath: repositories.rootPath }).from(repositories).where(eq(repositories.projectKey, known.projectKey)).all()
    : [];
  const all: FoundRepository[] = [found];
  for (const { path, rootPath } of siblings) {
    if (path === found.path) continue;
    const [sibling] = (await findRepositories(path, 0, { root: rootPath ?? path })).filter((r) => r.path === path);
    if (sibling) all.push(sibling);
  }
  const plans = await planCheckouts(db, all);
  storeCheckoutPlans(db, plans);
  return plans.get(found.path);
}

function recordRun<T extends IndexSummary>(db: CairnDb, enabled: boolean, started: number, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  const run = db.insert(indexRuns).values({ startedAt: new Date(started).toISOString() }).returning().get();
  return work().then((summary) => {
    db.update(indexRuns)
      .set({ finishedAt: new Date().toISOString(), summary: summary as unknown as Record<string, unknown> })
      .where(eq(indexRuns.id, run.id))
      .run();
    return summary;
  });
}

/**
 * Re-index the repository whose work tree (or bare folder) is `repoPath`. Throws when the path is not a
 * git repository. Other repositories are not touched.
 */
export async function indexRepositoryAt(db: CairnDb, repoPath: string, options: RepositoryIndexOptions = {}): Promise<IndexSummary> {
  const started = Date.now();
  const path = resolve(repoPath);
  const described = await describeRepository(db, path);
  if (!described) throw new Error(`${path} is not a git repository`);
  return recordRun(db, options.recordRun !== false, started, async () => {
    const summary = emptySummary([described.rootPath]);
    summary.repositories = 1;
    options.onProgress?.({ phase: "repositories", total: 1 });
    upsertRepository(db, described.found, described.rootPath);
    const plan = await planWithSiblings(db, described.found);
    await indexRepository(db, described.found, described.rootPath, summary, { plan });
    if (plan) await settleCheckouts(db, [plan.projectKey], summary);
    options.onProgress?.({ phase: "repository", done: 1, total: 1, path });
    summary.durationMs = Date.now() - started;
    options.onProgress?.({ phase: "done", summary });
    return summary;
  });
}

/** Re-index `<home>/.claude/checkpoints` alone, and link global checkpoints to their repositories. */
export async function indexGlobalCheckpoints(db: CairnDb, home: string, options: RepositoryIndexOptions = {}): Promise<IndexSummary> {
  const started = Date.now();
  return recordRun(db, options.recordRun !== false, started, async () => {
    const summary = emptySummary([]);
    options.onProgress?.({ phase: "repositories", total: 1 });
    const global = await globalCandidates(home);
    const batch = await prepareFiles(db, null, home, null, global.files);
    applyBatch(db, null, null, batch, global.rejected, summary);
    linkGlobalDocuments(db);
    // a changed global checkpoint linked to a repository gets that repository's freshness
    const changed = batch.prepared.map((p) => p.doc.id);
    const linked = changed.length
      ? db.selectDistinct({ id: documents.repositoryId }).from(documents).where(inArray(documents.id, changed)).all()
      : [];
    for (const { id } of linked) {
      const repo = id === null ? undefined : db.select().from(repositories).where(eq(repositories.id, id)).get();
      if (repo) await deriveRepository(db, repo, { documentsChanged: true });
    }
    options.onProgress?.({ phase: "repository", done: 1, total: 1, path: home });
    summary.durationMs = Date.now() - started;
    options.onProgress?.({ phase: "done", summary });
    return summary;
  });
}

import { eq, inArray } from "drizzle-orm";
import { homedir } from "node:os";
import { basename, resolve, sep } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, indexedFiles, indexRuns, repositories, roots as rootsTable, type Repository } from "../../db/schema";
import type { RejectedFile } from "../discover/candidates";
import { globalCandidates } from "../discover/global-checkpoints";
import { discoverFiles } from "../discover/run";
import { findRepositories, type FoundRepository } from "../discover/repositories";
import { prepareFiles, type FileBatch } from "./file-batch";
import { removeFiles, writeDocument, writeFileOutcome, writeRepositoryProblems } from "./store";
import { GitError, gitProcessCount } from "../git/runner";
import { deriveRepository, linkGlobalDocuments } from "./derive-step";
import { fillCommitDates } from "./commit-dates";
import { indexBranchDocuments } from "./branch-documents";
import { RepoFacts } from "../git/repo-facts";
import { emptySummary, type IndexSummary, type ProgressListener } from "./progress";
import { bareScan, skipRepository, stampOptions } from "./stamp";
import { gitDirsOf } from "../git/fs-stamp";
import { statement } from "./statements";
import { withRunSettings } from "./run-settings";
import { offThreadCount, withPrepareWorker } from "./prepare-pool";
import { planCheckouts, planStamp, storeCheckoutPlans, uniqueRepositories, type CheckoutPlan } from "./identity-step";
import { projectsToSettle, settleProject } from "./checkouts-step";
import { indexSessions } from "./sessions-step";

/**
 * Repositories indexed at once (git runs in child processes: overlapping them keeps both cores busy).
 * A repository waits for about eight git processes one after another; with four at once the indexer
 * still sat idle a fifth of a cold run, waiting for git.
 */
const REPOSITORY_CONCURRENCY = 8;

export interface IndexOptions {
  roots: string[];
  /** Where `~/.claude/checkpoints` is read from; null to skip global checkpoints. */
  home?: string | null;
  onProgress?: ProgressListener;
  /** Remember these roots in the database (the CLI and the roots page do). */
  saveRoots?: boolean;
  /** The clock ages are measured with (tests that move it: scripts/fixtures/clock.ts); the real one when absent. */
  now?: Date;
  /** Environment the session readers name their roots from (CLAUDE_CONFIG_DIR, CODEX_HOME, ...); default process.env. */
  sessionEnv?: Readonly<Record<string, string | undefined>>;
  /** Folders whose repositories are not indexed (Cairn's own source folder when the roots are the default). */
  skipRepositories?: readonly string[];
}

function rejectedOutcome(file: RejectedFile) {
  return { absPath: file.absPath, mtimeMs: 0, size: 0, contentHash: null, documentId: null, problems: [file.reason] };
}

const UPSERT_REPOSITORY = `INSERT INTO "repositories" ("path", "name", "root_path", "is_bare") VALUES (?, ?, ?, ?)
  ON CONFLICT("path") DO UPDATE SET "root_path" = excluded."root_path", "is_bare" = excluded."is_bare"
  RETURNING "id", "path", "name", "root_path", "is_bare", "current_branch", "head_sha", "git_fingerprint", "index_stamp", "last_indexed_at",
    "common_dir", "project_key", "root_commit", "remote_url", "is_main_worktree", "changed_files"`;

interface RepositoryRecord {
  id: number;
  path: string;
  name: string;
  root_path: string | null;
  is_bare: number;
  current_branch: string | null;
  head_sha: string | null;
  git_fingerprint: string | null;
  index_stamp: string | null;
  last_indexed_at: string | null;
  common_dir: string | null;
  project_key: string | null;
  root_commit: string | null;
  remote_url: string | null;
  is_main_worktree: number;
  changed_files: number | null;
}

/** The repository's row, added or updated (a statement prepared once: it runs twice per repository and run). */
export function upsertRepository(db: CairnDb, found: FoundRepository, rootPath: string): Repository {
  const name = basename(found.path.replace(/\.git$/, "")) || found.path;
  const row = statement(db, UPSERT_REPOSITORY).get(found.path, name, rootPath, found.layout === "bare" ? 1 : 0) as RepositoryRecord;
  return {
    id: row.id,
    path: row.path,
    name: row.name,
    rootPath: row.root_path,
    isBare: row.is_bare === 1,
    currentBranch: row.current_branch,
    headSha: row.head_sha,
    gitFingerprint: row.git_fingerprint,
    indexStamp: row.index_stamp,
    lastIndexedAt: row.last_indexed_at,
    commonDir: row.common_dir,
    projectKey: row.project_key,
    rootCommit: row.root_commit,
    remoteUrl: row.remote_url,
    isMainWorktree: row.is_main_worktree === 1,
    changedFiles: row.changed_files,
  };
}

/** Apply one repository's batch in a single transaction. */
export function applyBatch(db: CairnDb, ownerId: number | null, documentOwnerId: number | null, batch: FileBatch, rejected: RejectedFile[], summary: IndexSummary) {
  db.transaction((tx) => {
    const txDb = tx as unknown as CairnDb;
    summary.documents.removed += removeFiles(txDb, batch.vanished);
    for (const { doc, isNew } of batch.prepared) {
      writeDocument(txDb, doc, documentOwnerId);
      if (isNew) summary.documents.new++;
      else summary.documents.changed++;
      summary.secrets += doc.findings.length;
    }
    for (const outcome of batch.outcomes) writeFileOutcome(txDb, outcome, ownerId);
    for (const file of rejected) writeFileOutcome(txDb, rejectedOutcome(file), ownerId);
    for (const t of batch.touched) {
      txDb.update(indexedFiles).set({ mtimeMs: t.mtimeMs, size: t.size }).where(eq(indexedFiles.absPath, t.absPath)).run();
    }
  });
  summary.parsed += batch.prepared.length;
  summary.documents.unchanged += batch.unchanged;
  summary.problems += batch.outcomes.reduce((n, o) => n + o.problems.length, 0) + rejected.length;
}

export interface RepositoryRunOptions {
  /** Run every step even when the repository's stamp is unchanged (a linked global checkpoint changed). */
  force?: boolean;
  /** Its place among the project's checkouts (lib/index/identity-step.ts): which branches it reads. */
  plan?: CheckoutPlan;
  /** The clock ages are measured with; the real one when absent. */
  now?: Date;
}

/**
 * Index one repository. First a stamp of everything the run would read, from the filesystem alone
 * (lib/git/fs-stamp.ts, and the file walk): when it equals the one stored by the last completed run,
 * nothing is read, parsed or asked of git (only the ages of the saves move with the clock).
 */
export async function indexRepository(db: CairnDb, found: FoundRepository, rootPath: string, summary: IndexSummary, options: RepositoryRunOptions = {}) {
  const repo = upsertRepository(db, found, rootPath);
  const dirs = await gitDirsOf(found.path, found.layout);
  const stamping = await stampOptions(found, dirs, repo.indexStamp, options.force === true);
  if (stamping) stamping.stampWith += `\n${planStamp(options.plan)}`;
  const scan = found.layout === "bare" ? bareScan(stamping) : await discoverFiles(db, found.path, rootPath, summary, stamping);
  if (scan.skipped) {
    skipRepository(db, repo, summary, options.now);
    return;
  }
  // a run that stops half way leaves no stamp behind: the next one does everything again
  if (repo.indexStamp !== null) db.update(repositories).set({ indexStamp: null }).where(eq(repositories.id, repo.id)).run();
  const batch = await prepareFiles(db, repo.id, found.path, found.path, scan.files);
  // one set of git answers per repository, shared by every step below
  const facts = new RepoFacts(found.path);
  // the layout discovery found and the filesystem confirmed: no `git rev-parse` to learn it again
  if (dirs && stamping) {
    const topLevel = found.layout === "bare" ? null : found.path;
    facts.knowLayout({ gitDir: dirs.gitDir, isBare: found.layout === "bare", topLevel }).knowConfigDirs({ ...dirs, topLevel });
  }
  await fillCommitDates(found.path, batch.prepared.map((p) => p.doc), facts);
  applyBatch(db, repo.id, repo.id, batch, scan.rejected, summary);
  const worktreePaths = new Set([...scan.files, ...scan.rejected].map((f) => f.relPath));
  const branchChanges = await indexBranchDocuments(db, repo, worktreePaths, facts, options.plan);
  await deriveRepository(db, repo, { documentsChanged: batch.prepared.length + batch.vanished.length + branchChanges > 0, now: options.now }, facts);
  if (scan.stamp) db.update(repositories).set({ indexStamp: scan.stamp }).where(eq(repositories.id, repo.id)).run();
}

/** Fold the copies checkouts share into one document each; checkouts whose files were read again get their freshness. */
export async function settleCheckouts(db: CairnDb, projectKeys: string[], summary: IndexSummary): Promise<void> {
  for (const projectKey of projectKeys) {
    try {
      for (const id of await settleProject(db, projectKey)) {
        const repo = db.select().from(repositories).where(eq(repositories.id, id)).get();
        if (repo) await deriveRepository(db, repo, { documentsChanged: true });
      }
    } catch (error) {
      summary.problems += 1;
      process.stderr.write(`cairn: checkouts of one project could not be settled: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

/** Why one repository's index run stopped, in a sentence for the Problems page. */
export function repositoryFailureMessage(error: unknown): string {
  if (error instanceof GitError) {
    if (error.kind === "timeout") return "Indexing stopped for this repository: git took too long and was stopped. The rest was indexed.";
    if (error.kind === "refused") return `Indexing stopped for this repository: git was not run (${error.stderrFirstLine}).`;
    if (error.missingObjects) return "Indexing stopped for this repository: objects git needed are not in this clone (Cairn never fetches them).";
    return `Indexing stopped for this repository: git failed (${error.stderrFirstLine || error.kind}).`;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT" || code === "ENOTDIR") return "Indexing stopped for this repository: it vanished while it was being read.";
  return `Indexing stopped for this repository: ${error instanceof Error ? error.message : String(error)}`;
}

function recordRepositoryFailure(db: CairnDb, found: FoundRepository, rootPath: string, error: unknown): void {
  try {
    const repo = upsertRepository(db, found, rootPath);
    writeRepositoryProblems(db, repo, [repositoryFailureMessage(error)]);
  } catch {
    // the database itself failing is not one repository's problem: the summary still counts it
  }
}

export function savedRoots(db: CairnDb): string[] {
  return db.select().from(rootsTable).all().map((r) => r.path);
}

function skipped(path: string, folders: readonly string[] | undefined): boolean {
  return !!folders?.some((folder) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep));
}

/** discover -> parse -> derive -> store, incrementally, one transaction per repository. */
export async function indexRoots(db: CairnDb, options: IndexOptions): Promise<IndexSummary> {
  return withRunSettings(db.$client, () => withPrepareWorker(() => indexRootsNow(db, options)));
}

async function indexRootsNow(db: CairnDb, options: IndexOptions): Promise<IndexSummary> {
  const started = Date.now();
  const gitBefore = gitProcessCount();
  const offThreadBefore = offThreadCount();
  const rootPaths = [...new Set(options.roots.map((r) => resolve(r)))];
  const summary = emptySummary(rootPaths);
  const run = db.insert(indexRuns).values({ startedAt: new Date(started).toISOString() }).returning().get();
  if (options.saveRoots) {
    for (const path of rootPaths) db.insert(rootsTable).values({ path }).onConflictDoNothing().run();
  }

  const everyFind: { repo: FoundRepository; root: string }[] = [];
  for (const root of rootPaths) {
    options.onProgress?.({ phase: "discover", root });
    for (const repo of await findRepositories(root)) if (!skipped(repo.path, options.skipRepositories)) everyFind.push({ repo, root });
  }
  // nested roots, a root given twice: each checkout once
  const found = await uniqueRepositories(everyFind);
  options.onProgress?.({ phase: "repositories", total: found.length });
  summary.repositories = found.length;
  for (const { repo, root } of found) upsertRepository(db, repo, root);
  const plans = await planCheckouts(db, found.map((f) => f.repo));
  storeCheckoutPlans(db, plans);

  // global checkpoints first, so that those linked to a repository get its freshness below
  const forced = new Set<number>();
  const home = options.home === undefined ? homedir() : options.home;
  if (home) {
    const global = await globalCandidates(home);
    const batch = await prepareFiles(db, null, home, null, global.files);
    applyBatch(db, null, null, batch, global.rejected, summary);
    linkGlobalDocuments(db);
    // a changed global checkpoint gets its repository's freshness even when that repository did not change
    const changed = [...batch.prepared.map((p) => p.doc.id)];
    if (changed.length) {
      for (const row of db.selectDistinct({ id: documents.repositoryId }).from(documents).where(inArray(documents.id, changed)).all()) {
        if (row.id !== null) forced.add(row.id);
      }
    }
  }

  // A few repositories at a time: while one waits for its git processes, another parses or writes.
  // Each repository's writes are synchronous transactions, so they never interleave.
  // One repository failing (a git timeout, a folder vanishing mid-run) fails alone, as a problem.
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < found.length) {
      const { repo, root } = found[next++];
      try {
        const id = db.select({ id: repositories.id }).from(repositories).where(eq(repositories.path, repo.path)).get()?.id;
        await indexRepository(db, repo, root, summary, { force: id !== undefined && forced.has(id), plan: plans.get(repo.path), now: options.now });
      } catch (error) {
        recordRepositoryFailure(db, repo, root, error);
        summary.problems += 1;
      }
      options.onProgress?.({ phase: "repository", done: ++done, total: found.length, path: repo.path });
    }
  };
  await Promise.all(Array.from({ length: Math.min(REPOSITORY_CONCURRENCY, found.length) }, worker));

  const stillThere = new Set(found.map((f) => f.repo.path));
  const gone = db
    .select({ id: repositories.id, path: repositories.path, rootPath: repositories.rootPath })
    .from(repositories)
    .all()
    .filter((r) => r.rootPath && rootPaths.includes(r.rootPath) && !stillThere.has(r.path));
  if (gone.length) db.delete(repositories).where(inArray(repositories.id, gone.map((r) => r.id))).run();
  await settleCheckouts(db, projectsToSettle(db), summary);
  // agents' session logs under the home folder (after the documents, so that a session links to the checkpoints it wrote)
  if (home) {
    const sessions = await indexSessions(db, { home, env: options.sessionEnv });
    summary.sessions = sessions;
    summary.problems += sessions.problems;
    summary.secrets += sessions.secrets;
  }

  summary.durationMs = Date.now() - started;
  summary.gitProcesses = gitProcessCount() - gitBefore;
  summary.parsedOffThread = offThreadCount() - offThreadBefore;
  db.update(indexRuns)
    .set({ finishedAt: new Date().toISOString(), summary: summary as unknown as Record<string, unknown> })
    .where(eq(indexRuns.id, run.id))
    .run();
  options.onProgress?.({ phase: "done", summary });
  return summary;
}

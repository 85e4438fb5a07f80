import "server-only";
import { liveFindingSql } from "./secret-dismissed";
import { noFieldFileCounts } from "./no-fields";
import { foldByProject, sumCounts } from "./projects";
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, problems, repositories, roots, saveEvents, secretFindings, type Repository } from "../../db/schema";
import {
  ARCHIVE_PILE,
  archiveSql,
  branchGoneSql,
  listColumns,
  memoUntilChange,
  notDuplicate,
  repositoryJoin,
  STALE_LEVELS,
  statusCondition,
  type CheckpointListRow,
} from "./shared";

export interface HygieneRow {
  id: number;
  name: string;
  /** Superseded by a newer save on the same branch, yet still marked in progress. */
  supersededOpen: number;
  superseded: number;
  /** In progress on a branch that no longer exists. */
  branchGone: number;
  archives: number;
}

export interface RepositorySummary extends Pick<Repository, "id" | "name" | "path" | "currentBranch"> {
  checkpoints: number;
  inProgress: number;
  latest: string | null;
}

export interface ActivityItem {
  at: string;
  kind: "save" | "commit";
  row?: CheckpointListRow;
  commit?: { sha: string; subject: string; repoId: number; repoName: string };
}

export interface OverviewData {
  counts: { repositories: number; checkpoints: number; inProgress: number; stale: number; withSecrets: number; problemFiles: number; roots: number };
  secrets: (CheckpointListRow & { findings: number })[];
  problems: { repositoryId: number | null; name: string | null; files: number; problems: number }[];
  hygiene: HygieneRow[];
  /** Repositories with nothing to tidy. */
  tidy: number;
  families: { format: string; kind: string; count: number }[];
  recent: ActivityItem[];
  repositories: RepositorySummary[];
}

const LIST = 8;
const inProgress = () => statusCondition("in-progress");
const isCheckpoint = () => eq(documents.kind, "checkpoint");
/** Conditions are written cheapest first: SQLite stops at the first false one (json_extract runs last). */
const sumWhen = (...conditions: SQL[]) => sql<number>`coalesce(sum(case when ${and(...conditions)} then 1 else 0 end), 0)`;

interface Aggregate {
  repositoryId: number | null;
  format: string;
  kind: string;
  documents: number;
  open: number;
  stale: number;
  supersededOpen: number;
  superseded: number;
  branchGone: number;
  archives: number;
  latest: string | null;
}

/**
 * Every count the overview and the repositories page need, in ONE pass over the documents
 * (per repository, family and kind), so the cost stays one table scan however many counts are shown.
 */
function aggregates(db: CairnDb): Aggregate[] {
  return memoUntilChange(db, "overview:aggregates", () => scanAggregates(db));
}

function scanAggregates(db: CairnDb): Aggregate[] {
  return db
    .select({
      repositoryId: documents.repositoryId,
      format: documents.format,
      kind: documents.kind,
      documents: count(),
      open: sumWhen(isCheckpoint(), inProgress()),
      stale: sumWhen(isCheckpoint(), inArray(documents.freshnessLevel, [...STALE_LEVELS]), inProgress()),
      supersededOpen: sumWhen(isCheckpoint(), isNotNull(documents.supersededBy), inProgress()),
      superseded: sumWhen(isCheckpoint(), isNotNull(documents.supersededBy)),
      branchGone: sumWhen(isCheckpoint(), inProgress(), sql`${branchGoneSql} = 1`),
      archives: sumWhen(isCheckpoint(), archiveSql),
      latest: sql<string | null>`max(case when ${documents.kind} = 'checkpoint' then ${documents.savedAt} end)`,
    })
    .from(documents)
    .where(notDuplicate)
    .groupBy(documents.repositoryId, documents.format, documents.kind)
    .all();
}

function summarise(db: CairnDb, rows: Aggregate[]) {
  const perRepo = new Map<number, Omit<HygieneRow, "id" | "name"> & { checkpoints: number; inProgress: number; latest: string | null }>();
  for (const a of rows) {
    if (a.repositoryId === null) continue;
    const r = perRepo.get(a.repositoryId) ?? { checkpoints: 0, inProgress: 0, latest: null, supersededOpen: 0, superseded: 0, branchGone: 0, archives: 0 };
    if (a.kind === "checkpoint") r.checkpoints += a.documents;
    r.inProgress += a.open;
    r.supersededOpen += a.supersededOpen;
    r.superseded += a.superseded;
    r.branchGone += a.branchGone;
    r.archives += a.archives;
    if (a.latest && (!r.latest || a.latest > r.latest)) r.latest = a.latest;
    perRepo.set(a.repositoryId, r);
  }
  const repos = db
    .select({ id: repositories.id, name: repositories.name, path: repositories.path, currentBranch: repositories.currentBranch })
    .from(repositories)
    .all()
    .map((repo) => ({ ...repo, ...(perRepo.get(repo.id) ?? { checkpoints: 0, inProgress: 0, latest: null, supersededOpen: 0, superseded: 0, branchGone: 0, archives: 0 }) }))
    .sort((a, b) => (b.latest ?? "").localeCompare(a.latest ?? "") || a.name.localeCompare(b.name));
  // a project checked out several times (worktrees, clones) is one repository here (issue 25)
  return foldByProject(db, repos, sumCounts).sort((a, b) => (b.latest ?? "").localeCompare(a.latest ?? "") || a.name.localeCompare(b.name));
}

const toSummary = ({ id, name, path, currentBranch, checkpoints, inProgress: open, latest }: RepositorySummary): RepositorySummary => ({
  id,
  name,
  path,
  currentBranch,
  checkpoints,
  inProgress: open,
  latest,
});

/** Every repository with its checkpoint counts, most recently active first. */
export function repositorySummaries(db: CairnDb): RepositorySummary[] {
  return summarise(db, aggregates(db)).map(toSummary);
}

function checkpointRows(db: CairnDb, where: SQL | undefined, limit = LIST): CheckpointListRow[] {
  return db
    .select(listColumns)
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(where)
    .orderBy(desc(documents.savedAt), asc(documents.id))
    .limit(limit)
    .all();
}

/** What needs attention first, across every repository: one aggregate scan plus a few short, indexed lists. */
export function overviewData(db: CairnDb): OverviewData {
  const rows = aggregates(db);
  const repos = summarise(db, rows);
  const secrets = db
    .select({ ...listColumns, findings: sql<number>`count(${secretFindings.id})` })
    .from(secretFindings)
    .innerJoin(documents, eq(documents.id, secretFindings.documentId))
    .leftJoin(repositories, repositoryJoin)
    .where(liveFindingSql)
    .groupBy(documents.id)
    .orderBy(desc(documents.savedAt))
    .all();

  const problemRows = db
    .select({ repositoryId: problems.repositoryId, name: repositories.name, files: sql<number>`count(distinct ${problems.filePath})`, problems: count() })
    .from(problems)
    .leftJoin(repositories, eq(repositories.id, problems.repositoryId))
    .groupBy(problems.repositoryId)
    .orderBy(desc(count()))
    .all();
  // the files with no checkpoint fields the Problems page lists too ("Not a checkpoint")
  for (const [repositoryId, extra] of noFieldFileCounts(db)) {
    const row = problemRows.find((p) => p.repositoryId === repositoryId);
    if (row) {
      row.files += extra.files;
      row.problems += extra.files;
    } else problemRows.push({ repositoryId, name: extra.name, files: extra.files, problems: extra.files });
  }
  problemRows.sort((a, b) => b.problems - a.problems);

  const hygiene = repos
    .filter((h) => h.supersededOpen > 0 || h.branchGone > 0 || h.archives >= ARCHIVE_PILE)
    .sort((a, b) => b.branchGone - a.branchGone || b.supersededOpen - a.supersededOpen || b.archives - a.archives || a.name.localeCompare(b.name))
    .map(({ id, name, supersededOpen, superseded, branchGone, archives }) => ({ id, name, supersededOpen, superseded, branchGone, archives }));

  const byFamily = new Map<string, { format: string; kind: string; count: number }>();
  for (const a of rows) {
    const key = `${a.format}\0${a.kind}`;
    const f = byFamily.get(key) ?? { format: a.format, kind: a.kind, count: 0 };
    f.count += a.documents;
    byFamily.set(key, f);
  }
  const families = [...byFamily.values()].sort((a, b) => b.count - a.count || a.format.localeCompare(b.format));

  const recentSaves = checkpointRows(db, and(notDuplicate, isNotNull(documents.savedAt)), 10);
  // a commit is listed once per project, not once per checkout that holds it (the main checkout's name shown)
  const seenCommits = new Set<string>();
  const recentCommits = db
    .select({
      sha: saveEvents.sha, subject: saveEvents.subject, at: saveEvents.committedAt, repoId: repositories.id, repoName: repositories.name,
      projectKey: repositories.projectKey, isMain: repositories.isMainWorktree,
    })
    .from(saveEvents)
    .innerJoin(repositories, eq(repositories.id, saveEvents.repositoryId))
    .orderBy(desc(saveEvents.committedAt), desc(repositories.isMainWorktree), repositories.id)
    .limit(80)
    .all()
    .filter((row) => {
      const key = `${row.projectKey ?? `repository:${row.repoId}`}\0${row.sha}`;
      if (seenCommits.has(key)) return false;
      seenCommits.add(key);
      return true;
    })
    .slice(0, 10)
    .map(({ projectKey: _key, isMain: _main, ...commit }) => commit);
  const recent: ActivityItem[] = [
    ...recentSaves.map((row) => ({ at: row.savedAt ?? "", kind: "save" as const, row })),
    ...recentCommits.map(({ at, ...commit }) => ({ at, kind: "commit" as const, commit })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 10);

  const checkpointsOnly = rows.filter((a) => a.kind === "checkpoint");
  return {
    counts: {
      repositories: repos.length,
      checkpoints: checkpointsOnly.reduce((n, a) => n + a.documents, 0),
      inProgress: rows.reduce((n, a) => n + a.open, 0),
      stale: rows.reduce((n, a) => n + a.stale, 0),
      withSecrets: secrets.length,
      problemFiles: problemRows.reduce((n, p) => n + p.files, 0),
      roots: db.select({ n: count() }).from(roots).get()?.n ?? 0,
    },
    secrets: secrets.slice(0, LIST),
    problems: problemRows,
    hygiene,
    tidy: repos.length - hygiene.length,
    families,
    recent,
    repositories: repos.slice(0, 10).map(toSummary),
  };
}

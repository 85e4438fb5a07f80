import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories, roots } from "../../db/schema";

export interface CheckpointSummary {
  id: string;
  title: string | null;
  path: string;
  savedAt: string | null;
  branch: string | null;
  status: string | null;
  format: string;
  level: string | null;
}

export interface RepositoryOverview {
  id: number;
  name: string;
  path: string;
  currentBranch: string | null;
  checkpointCount: number;
  checkpoints: CheckpointSummary[];
}

const summaryColumns = {
  id: documents.id,
  title: documents.title,
  path: documents.path,
  savedAt: documents.savedAt,
  branch: documents.branch,
  status: documents.status,
  format: documents.format,
  level: documents.freshnessLevel,
};

export function repositoryOverviews(db: CairnDb, perRepository = 5): RepositoryOverview[] {
  const repos = db
    .select({
      id: repositories.id,
      name: repositories.name,
      path: repositories.path,
      currentBranch: repositories.currentBranch,
      checkpointCount: sql<number>`(select count(*) from documents d where d.repository_id = ${repositories.id} and d.kind = 'checkpoint')`,
      latest: sql<string | null>`(select max(saved_at) from documents d where d.repository_id = ${repositories.id})`,
    })
    .from(repositories)
    .all()
    .sort((a, b) => (b.latest ?? "").localeCompare(a.latest ?? "") || a.name.localeCompare(b.name));
  const latestPerRepo = db.$client
    .prepare(
      `select id, title, path, saved_at as savedAt, branch, status, format, freshness_level as level, repository_id as repositoryId
       from (select *, row_number() over (partition by repository_id order by saved_at desc) as n
             from documents where kind = 'checkpoint' and repository_id is not null)
       where n <= ?`,
    )
    .all(perRepository) as (CheckpointSummary & { repositoryId: number })[];
  return repos.map((repo) => ({
    id: repo.id,
    name: repo.name,
    path: repo.path,
    currentBranch: repo.currentBranch,
    checkpointCount: repo.checkpointCount,
    checkpoints: latestPerRepo.filter((c) => c.repositoryId === repo.id).map(({ repositoryId: _r, ...c }) => c),
  }));
}

export function globalCheckpoints(db: CairnDb): CheckpointSummary[] {
  return db
    .select(summaryColumns)
    .from(documents)
    .where(sql`${documents.repositoryId} is null`)
    .orderBy(desc(documents.savedAt))
    .all();
}

export function listRoots(db: CairnDb) {
  return db.select().from(roots).orderBy(roots.path).all();
}

export function repositoryById(db: CairnDb, id: number) {
  return db.select().from(repositories).where(eq(repositories.id, id)).get() ?? null;
}

export function repositoryCheckpoints(db: CairnDb, repositoryId: number): CheckpointSummary[] {
  return db
    .select(summaryColumns)
    .from(documents)
    .where(eq(documents.repositoryId, repositoryId))
    .orderBy(desc(documents.savedAt))
    .all();
}

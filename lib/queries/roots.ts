import "server-only";
import { countDistinct, eq, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { repositories, roots } from "../../db/schema";

/** Worktrees and clones of one project count once (issue 25). */
const projectOfRow = sql`coalesce(${repositories.projectKey}, 'repository:' || ${repositories.id})`;

export interface RootInUse {
  path: string;
  /** "saved": added on the Roots page or with --root; "environment": from CAIRN_ROOTS, changed there. */
  source: "saved" | "environment";
  repositories: number;
}

/** Every root the server indexes (saved ones and CAIRN_ROOTS), each with how many repositories it holds. */
export function rootsInUse(db: CairnDb, environmentRoots: readonly string[]): RootInUse[] {
  const counts = new Map(
    db
      .select({ rootPath: repositories.rootPath, n: countDistinct(projectOfRow) })
      .from(repositories)
      .groupBy(repositories.rootPath)
      .all()
      .map((row) => [row.rootPath ?? "", row.n]),
  );
  const saved = db.select({ path: roots.path }).from(roots).orderBy(roots.path).all().map((r) => r.path);
  const fromEnvironment = environmentRoots.filter((path) => !saved.includes(path));
  return [
    ...saved.map((path) => ({ path, source: "saved" as const, repositories: counts.get(path) ?? 0 })),
    ...[...new Set(fromEnvironment)].map((path) => ({ path, source: "environment" as const, repositories: counts.get(path) ?? 0 })),
  ];
}

/** How many repositories the index holds under one root. */
export function repositoryCountUnder(db: CairnDb, rootPath: string): number {
  return db.select({ n: countDistinct(projectOfRow) }).from(repositories).where(eq(repositories.rootPath, rootPath)).get()?.n ?? 0;
}

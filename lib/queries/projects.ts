import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents } from "../../db/schema";

/**
 * Projects and their checkouts (issue 25): linked worktrees of one repository, and clones of one project,
 * share a `project_key` (lib/index/identity-step.ts). Lists and counts show a project once, its checkouts
 * beside it; a repository's page and filter cover every checkout of its project.
 */
export interface CheckoutSummary {
  id: number;
  path: string;
  branch: string | null;
  headSha: string | null;
  /** Files git status listed as changed or untracked at the last run; 0 clean; null without a work tree. */
  changedFiles: number | null;
  isMain: boolean;
  isBare: boolean;
}

const CHECKOUTS = `SELECT "id", "path", "current_branch" AS branch, "head_sha" AS headSha, "changed_files" AS changedFiles,
  "is_main_worktree" AS isMain, "is_bare" AS isBare, coalesce("project_key", 'repository:' || "id") AS projectKey FROM "repositories" ORDER BY "path"`;

/** Every project's checkouts, the representative first (the main worktree, else the first by path), keyed by each checkout's id. */
export function checkoutsByRepository(db: CairnDb): Map<number, CheckoutSummary[]> {
  const rows = db.$client.prepare(CHECKOUTS).all() as (Omit<CheckoutSummary, "isMain" | "isBare"> & { isMain: number; isBare: number; projectKey: string })[];
  const byProject = new Map<string, CheckoutSummary[]>();
  for (const { projectKey, isMain, isBare, ...row } of rows) {
    byProject.set(projectKey, [...(byProject.get(projectKey) ?? []), { ...row, isMain: isMain === 1, isBare: isBare === 1 }]);
  }
  const out = new Map<number, CheckoutSummary[]>();
  for (const list of byProject.values()) {
    // the bare hub of a repository is its main "worktree" but has no files: a work tree represents it first
    const representative = list.find((c) => c.isMain && !c.isBare) ?? list.find((c) => !c.isBare) ?? list[0];
    const ordered = [representative, ...list.filter((c) => c !== representative)];
    for (const c of list) out.set(c.id, ordered);
  }
  return out;
}

/**
 * Rows keyed by repository folded to one per project: the representative's row carries the others' counts
 * (`merge` adds one into another) and the project's checkouts.
 */
export function foldByProject<T extends { id: number }>(db: CairnDb, rows: readonly T[], merge: (into: T, from: T) => T): (T & { checkouts: CheckoutSummary[] })[] {
  const checkouts = checkoutsByRepository(db);
  const byRepresentative = new Map<number, T>();
  for (const row of rows) {
    const list = checkouts.get(row.id);
    const representative = list?.[0].id ?? row.id;
    const existing = byRepresentative.get(representative);
    if (!existing) byRepresentative.set(representative, representative === row.id ? row : { ...row, id: representative });
    else byRepresentative.set(representative, representative === row.id ? merge({ ...row }, existing) : merge({ ...existing }, row));
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...byRepresentative.entries()].map(([id, row]) => {
    const own = byId.get(id);
    // the representative's own name, path and branch, whichever row came first
    return { ...row, ...(own ? pickIdentity(own) : {}), id, checkouts: checkouts.get(id) ?? [] };
  });
}

function pickIdentity<T>(row: T): Partial<T> {
  const r = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ["name", "path", "currentBranch"]) if (key in r) out[key] = r[key];
  return out as Partial<T>;
}

/** Documents of any checkout of the project repository `id` belongs to. */
export function inProjectOf(id: number): SQL {
  return sql`${documents.repositoryId} in (select "id" from "repositories" where "id" = ${id}
    or "project_key" = (select "project_key" from "repositories" where "id" = ${id}))`;
}

/** Counts added up, the latest save kept: two checkouts' figures as one project's. */
export function sumCounts<T extends { latest: string | null }>(into: T, from: T): T {
  const out: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(from)) {
    if (key !== "id" && typeof value === "number" && typeof out[key] === "number") out[key] = (out[key] as number) + value;
  }
  out.latest = [into.latest, from.latest].filter((l) => l !== null).sort().pop() ?? null;
  return out as T;
}

/** Rows keyed by repository, one per project: its representative's. */
export function representativesOnly<T extends { id: number }>(db: CairnDb, rows: readonly T[]): T[] {
  const checkouts = checkoutsByRepository(db);
  return rows.filter((row) => (checkouts.get(row.id)?.[0].id ?? row.id) === row.id);
}

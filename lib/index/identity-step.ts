/**
 * Repository identity for an index run (issue 25): linked worktrees sharing one common git folder are one
 * repository with several checkouts; separate clones with the same root commit and the same remote (or, without
 * one, the same folder name) are one project. Read from git's files in the same pass as discovery; the root
 * commit is asked of git only when two repositories could be one project, once per repository, and kept in its row.
 * A repository found inside another repository's work tree (below the root) stays its own project (issue 42).
 */
import { createHash } from "node:crypto";
import { lstat, realpath } from "node:fs/promises";
import { join } from "node:path";
import type { CairnDb } from "../../db/client";
import type { FoundRepository } from "../discover/repositories";
import { readCheckoutIdentity, rootCommitOf, type CheckoutIdentity } from "../git/identity";
import { statement } from "./statements";

export interface CheckoutPlan extends CheckoutIdentity {
  projectKey: string;
  rootCommit: string | null;
  /** This checkout reads the other branches' commits for its repository (one per common git folder). */
  readsBranches: boolean;
  /** Branches checked out in another checkout of the project: their files are that checkout's. */
  coveredBranches: string[];
}

function key(text: string): string {
  return createHash("sha1").update(text).digest("hex").slice(0, 20);
}

/**
 * The repositories found under several roots (or a root nested in another, or given twice) each once: the
 * first root that reached a folder keeps it; a folder reached through two paths (a symbolic link to a root) too.
 */
export async function uniqueRepositories<T extends { repo: FoundRepository }>(found: T[]): Promise<T[]> {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const entry of found) {
    const real = await realpath(entry.repo.path).catch(() => entry.repo.path);
    if (seen.has(entry.repo.path) || seen.has(real)) continue;
    seen.add(entry.repo.path);
    seen.add(real);
    out.push(entry);
  }
  return out;
}

/**
 * The found checkouts lying inside the work tree of ANOTHER repository below the root (discovery's `nestedIn`): a
 * linked worktree kept inside its own repository (`.claude/worktrees/…`) is not one of them.
 */
async function nestedRepositories(found: FoundRepository[], identities: Map<string, CheckoutIdentity>): Promise<Set<string>> {
  const nested = new Set<string>();
  for (const repo of found) {
    if (!repo.nestedIn) continue;
    const outer = identities.get(repo.nestedIn) ?? (await outerIdentity(repo.nestedIn));
    const own = identities.get(repo.path)!.commonDir;
    if (own === null || outer?.commonDir !== own) nested.add(repo.path);
  }
  return nested;
}

/** The identity of a folder holding a `.git` that discovery did not report (refused, or out of this run). */
async function outerIdentity(path: string): Promise<CheckoutIdentity | null> {
  const entry = await lstat(join(path, ".git")).catch(() => null);
  if (!entry || !(entry.isDirectory() || entry.isFile())) return null;
  return readCheckoutIdentity(path, entry.isDirectory() ? "worktree" : "linked-worktree");
}

const KNOWN_ROOTS = 'SELECT "common_dir" AS commonDir, "root_commit" AS rootCommit FROM "repositories" WHERE "root_commit" IS NOT NULL AND "common_dir" IS NOT NULL';

/** Every found checkout's identity and project, keyed by its path. */
export async function planCheckouts(db: CairnDb, found: FoundRepository[]): Promise<Map<string, CheckoutPlan>> {
  const identities = new Map<string, CheckoutIdentity>();
  for (const repo of found) identities.set(repo.path, await readCheckoutIdentity(repo.path, repo.layout));
  // checkouts sharing a common git folder are one repository
  const byRepository = new Map<string, string[]>();
  for (const [path, identity] of identities) {
    const repoKey = identity.commonDir ?? `path:${path}`;
    byRepository.set(repoKey, [...(byRepository.get(repoKey) ?? []), path]);
  }
  const apart = await nestedRepositories(found, identities);
  // repositories that could be clones of one project: the same remote, or without one the same folder name
  const byCandidate = new Map<string, string[]>();
  for (const [repoKey, paths] of byRepository) {
    const identity = identities.get(paths.find((p) => identities.get(p)!.isMain) ?? paths[0])!;
    // found inside another repository: a remote URL and a root commit (which anyone can copy) never join it to another's project
    if (paths.every((p) => apart.has(p))) {
      byCandidate.set(`apart:${repoKey}`, [repoKey]);
      continue;
    }
    const candidate = identity.remoteUrl ? `remote:${identity.remoteUrl}` : `name:${identity.name}`;
    byCandidate.set(candidate, [...(byCandidate.get(candidate) ?? []), repoKey]);
  }
  const known = new Map((statement(db, KNOWN_ROOTS).all() as { commonDir: string; rootCommit: string }[]).map((r) => [r.commonDir, r.rootCommit]));
  const projectOf = new Map<string, { projectKey: string; rootCommit: string | null }>();
  for (const [candidate, repoKeys] of byCandidate) {
    if (repoKeys.length === 1 || repoKeys.some((k) => k.startsWith("path:"))) {
      for (const repoKey of repoKeys) projectOf.set(repoKey, { projectKey: key(`repository\0${repoKey}`), rootCommit: known.get(repoKey) ?? null });
      continue;
    }
    for (const repoKey of repoKeys) {
      let rootCommit = known.get(repoKey) ?? null;
      if (rootCommit === null) {
        const paths = byRepository.get(repoKey)!;
        rootCommit = await rootCommitOf(paths.find((p) => identities.get(p)!.isMain) ?? paths[0]);
      }
      // a repository without commits shares no history with anything: it stays its own project
      projectOf.set(repoKey, { projectKey: key(rootCommit ? `project\0${candidate}\0${rootCommit}` : `repository\0${repoKey}`), rootCommit });
    }
  }
  const plans = new Map<string, CheckoutPlan>();
  const branchesByProject = new Map<string, Map<string, string>>();
  for (const [repoKey, paths] of byRepository) {
    const { projectKey } = projectOf.get(repoKey)!;
    const branches = branchesByProject.get(projectKey) ?? new Map<string, string>();
    for (const path of paths) {
      const branch = identities.get(path)!.branch;
      if (branch && !branches.has(branch)) branches.set(branch, path);
    }
    branchesByProject.set(projectKey, branches);
  }
  for (const [repoKey, paths] of byRepository) {
    const { projectKey, rootCommit } = projectOf.get(repoKey)!;
    const reader = paths.find((p) => identities.get(p)!.isMain) ?? [...paths].sort()[0];
    for (const path of paths) {
      const identity = identities.get(path)!;
      const covered = [...(branchesByProject.get(projectKey) ?? new Map<string, string>())].filter(([, holder]) => holder !== path).map(([b]) => b);
      plans.set(path, { ...identity, projectKey, rootCommit, readsBranches: path === reader, coveredBranches: covered.sort() });
    }
  }
  return plans;
}

// a linked worktree is named after its repository (its main work tree's folder), not its own folder
const SET_IDENTITY = `UPDATE "repositories" SET "name" = ?, "common_dir" = ?, "project_key" = ?, "root_commit" = ?, "remote_url" = ?, "is_main_worktree" = ? WHERE "path" = ?`;

/** Keep each checkout's identity in its row (the repositories page groups by it). */
export function storeCheckoutPlans(db: CairnDb, plans: Map<string, CheckoutPlan>): void {
  db.transaction((tx) => {
    for (const [path, plan] of plans) {
      statement(tx as unknown as CairnDb, SET_IDENTITY).run(plan.name, plan.commonDir, plan.projectKey, plan.rootCommit, plan.remoteUrl, plan.isMain ? 1 : 0, path);
    }
  });
}

/** What the plan changes in a checkout's run, added to its stamp: a new checkout elsewhere can change what it reads. */
export function planStamp(plan: CheckoutPlan | undefined): string {
  return plan ? `identity:${plan.readsBranches ? 1 : 0}:${plan.coveredBranches.join("\0")}` : "identity:-";
}

import "server-only";
/** Two checkpoints of one repository side by side: tasks, sections, and the commits between their shas. */
import { and, asc, desc, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories, sections, tasks } from "../../db/schema";
import { compareShas, type ShaComparison } from "../derive/freshness";
import { errorMessage, pageFactsAt } from "./repository-at";
import { notDuplicate } from "./shared";

export interface CompareOption {
  id: string;
  title: string | null;
  path: string;
  branch: string | null;
  savedAt: string | null;
  /** The task it saves (successive saves of one task share it). */
  lineage: string | null;
}

export interface CompareSide extends CompareOption {
  headSha: string | null;
  tasks: { text: string; done: boolean }[];
  sections: { canonical: string | null; heading: string; level: number; text: string }[];
}

export type CommitsBetween =
  | { kind: "ok"; comparison: ShaComparison }
  | { kind: "same-commit"; sha: string }
  | { kind: "missing-sha"; sides: ("A" | "B")[] }
  | { kind: "unavailable"; reason: string };

export interface ComparePageData {
  repo: { id: number; name: string; path: string };
  /** The repository's checkpoints, newest first. */
  options: CompareOption[];
  a: CompareSide | null;
  b: CompareSide | null;
  commits: CommitsBetween | null;
}

function side(db: CairnDb, repoId: number, id: string | undefined): CompareSide | null {
  if (!id) return null;
  const doc = db
    .select({ id: documents.id, title: documents.title, path: documents.path, branch: documents.branch, savedAt: documents.savedAt, lineage: documents.lineage, headSha: documents.headSha })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.repositoryId, repoId)))
    .get();
  if (!doc) return null;
  return {
    ...doc,
    tasks: db.select({ text: tasks.text, done: tasks.done }).from(tasks).where(eq(tasks.documentId, id)).orderBy(asc(tasks.position)).all(),
    sections: db
      .select({ canonical: sections.canonical, heading: sections.heading, level: sections.level, text: sections.text })
      .from(sections)
      .where(eq(sections.documentId, id))
      .orderBy(asc(sections.position))
      .all(),
  };
}

async function commitsBetween(repoPath: string, a: CompareSide, b: CompareSide): Promise<CommitsBetween> {
  const missing = [!a.headSha ? "A" : null, !b.headSha ? "B" : null].filter((s): s is "A" | "B" => s !== null);
  if (missing.length > 0 || !a.headSha || !b.headSha) return { kind: "missing-sha", sides: missing };
  if (a.headSha === b.headSha) return { kind: "same-commit", sha: a.headSha };
  const found = await pageFactsAt(repoPath);
  if (found === "gone") return { kind: "unavailable", reason: "The repository is no longer on disk." };
  if (found === "not-a-repository") return { kind: "unavailable", reason: "The folder is no longer a git repository." };
  try {
    const comparison = await compareShas(repoPath, a.headSha, b.headSha);
    return comparison ? { kind: "ok", comparison } : { kind: "unavailable", reason: "One of the saved commits is no longer in this repository." };
  } catch (error) {
    return { kind: "unavailable", reason: errorMessage(error) };
  }
}

/** Two checkpoints of one repository side by side; commits between their shas come from git (compareShas). */
export async function loadComparePage(db: CairnDb, repoId: number, aId?: string, bId?: string): Promise<ComparePageData | null> {
  const repo = db.select({ id: repositories.id, name: repositories.name, path: repositories.path }).from(repositories).where(eq(repositories.id, repoId)).get();
  if (!repo) return null;
  const options = db
    .select({ id: documents.id, title: documents.title, path: documents.path, branch: documents.branch, savedAt: documents.savedAt, lineage: documents.lineage })
    .from(documents)
    .where(and(eq(documents.repositoryId, repoId), eq(documents.kind, "checkpoint"), notDuplicate))
    .orderBy(desc(documents.savedAt), asc(documents.id))
    .all();
  const a = side(db, repoId, aId);
  const b = side(db, repoId, bId);
  return { repo, options, a, b, commits: a && b ? await commitsBetween(repo.path, a, b) : null };
}

import "server-only";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, problems, repositories, type ProblemRow } from "../../db/schema";
import { notACheckpoint, noFieldProblemSql } from "./no-fields";

export interface ProblemFile {
  filePath: string;
  /** Relative to the repository when the file is inside it. */
  displayPath: string;
  messages: string[];
  document: { id: string; title: string | null; format: string } | null;
  /** The file has no checkpoint fields (lib/queries/no-fields.ts): "Not a checkpoint" can ignore it. */
  noFields: boolean;
}

export interface ProblemGroup {
  repository: { id: number; name: string; path: string } | null;
  files: ProblemFile[];
  count: number;
}

type Joined = Pick<ProblemRow, "filePath" | "message" | "repositoryId" | "documentId"> & {
  repoName: string | null;
  repoPath: string | null;
  title: string | null;
  format: string | null;
};

/** Every file that could not be read well, with its reasons, grouped by repository (outside any last). */
export function problemsByRepository(db: CairnDb): ProblemGroup[] {
  const rows: Joined[] = db
    .select({
      filePath: problems.filePath,
      message: problems.message,
      repositoryId: problems.repositoryId,
      documentId: problems.documentId,
      repoName: repositories.name,
      repoPath: repositories.path,
      title: documents.title,
      format: documents.format,
    })
    .from(problems)
    .leftJoin(repositories, eq(repositories.id, problems.repositoryId))
    .leftJoin(documents, eq(documents.id, problems.documentId))
    .orderBy(asc(repositories.name), asc(problems.filePath), asc(problems.id))
    .all();
  const groups = new Map<number | null, ProblemGroup>();
  const files = new Map<string, ProblemFile>();
  for (const row of rows) {
    const key = row.repositoryId ?? null;
    let group = groups.get(key);
    if (!group) {
      group = {
        repository: key !== null && row.repoName && row.repoPath ? { id: key, name: row.repoName, path: row.repoPath } : null,
        files: [],
        count: 0,
      };
      groups.set(key, group);
    }
    let file = files.get(`${key}\0${row.filePath}`);
    if (!file) {
      const prefix = row.repoPath ? `${row.repoPath.replace(/\/+$/, "")}/` : null;
      file = {
        filePath: row.filePath,
        displayPath:
          row.repoPath && row.filePath === row.repoPath
            ? "(the repository as a whole)"
            : prefix && row.filePath.startsWith(prefix)
              ? row.filePath.slice(prefix.length)
              : row.filePath,
        messages: [],
        document: row.documentId && row.format ? { id: row.documentId, title: row.title, format: row.format } : null,
        noFields: false,
      };
      group.files.push(file);
      files.set(`${key}\0${row.filePath}`, file);
    }
    file.messages.push(row.message);
    group.count++;
  }
  // files at a checkpoint's place with nothing of a checkpoint in them: a problem the user can settle with one rule
  for (const row of noFieldRows(db)) {
    const key = row.repositoryId;
    let group = groups.get(key);
    if (!group) {
      group = { repository: { id: key, name: row.repoName, path: row.repoPath }, files: [], count: 0 };
      groups.set(key, group);
    }
    const message = `No checkpoint fields: ${notACheckpoint(row) ?? "nothing of a checkpoint's own"}, so it is not listed as work.`;
    const absPath = row.absPath;
    const known = files.get(`${key}\0${absPath}`);
    if (known) {
      known.messages.push(message);
      known.noFields = true;
    } else {
      const file: ProblemFile = { filePath: absPath, displayPath: row.path, messages: [message], document: { id: row.id, title: row.title, format: row.format }, noFields: true };
      group.files.push(file);
      files.set(`${key}\0${absPath}`, file);
    }
    group.count++;
  }
  for (const group of groups.values()) group.files.sort((a, b) => a.displayPath.localeCompare(b.displayPath));
  return [...groups.values()].sort((a, b) => (a.repository ? 0 : 1) - (b.repository ? 0 : 1) || (a.repository?.name ?? "").localeCompare(b.repository?.name ?? ""));
}

/** Checkpoints in a repository's work tree with no checkpoint fields (not the copies of another file). */
function noFieldRows(db: CairnDb) {
  return db
    .select({
      id: documents.id,
      path: documents.path,
      absPath: documents.absPath,
      title: documents.title,
      format: documents.format,
      repositoryId: sql<number>`${documents.repositoryId}`,
      repoName: repositories.name,
      repoPath: repositories.path,
      rawStatus: documents.status,
      savedAtSource: documents.savedAtSource,
      branch: documents.branch,
      headShaRaw: documents.headShaRaw,
      tasksTotal: documents.tasksTotal,
    })
    .from(documents)
    .innerJoin(repositories, eq(repositories.id, documents.repositoryId))
    .where(and(noFieldProblemSql, isNotNull(documents.repositoryId)))
    .orderBy(asc(repositories.name), asc(documents.path))
    .all();
}

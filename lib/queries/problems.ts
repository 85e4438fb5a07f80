import "server-only";
import { asc, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, problems, repositories, type ProblemRow } from "../../db/schema";

export interface ProblemFile {
  filePath: string;
  /** Relative to the repository when the file is inside it. */
  displayPath: string;
  messages: string[];
  document: { id: string; title: string | null; format: string } | null;
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
      };
      group.files.push(file);
      files.set(`${key}\0${row.filePath}`, file);
    }
    file.messages.push(row.message);
    group.count++;
  }
  return [...groups.values()].sort((a, b) => (a.repository ? 0 : 1) - (b.repository ? 0 : 1));
}

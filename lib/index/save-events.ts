import { and, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, saveEvents, type Repository } from "../../db/schema";
import { isBookkeepingSubject } from "../git/history";
import { tryGit } from "../git/runner";
import { scanSecrets } from "../derive/secrets";
import { insertRow } from "./statements";

interface SaveCommit {
  sha: string;
  committedAt: string;
  subject: string;
  files: string[];
}

/** `chore(checkpoint):` / `chore(session):` commits on local branches, with the files each touched: one process. */
async function readSaveCommits(repoPath: string): Promise<SaveCommit[]> {
  const out = await tryGit(repoPath, [
    "log",
    "--branches",
    "-E",
    "--grep=^chore\\((checkpoint|session)\\):",
    "--format=%x01%H%x00%ct%x00%s",
    "--name-only",
    "--no-renames",
    "-z",
    "-n",
    "5000",
  ], { timeoutMs: 30_000 });
  if (!out) return [];
  const commits: SaveCommit[] = [];
  for (const block of out.split("\x01").slice(1)) {
    const [header, ...rest] = block.split("\n");
    const [sha, time, subject = ""] = header.split("\0");
    if (!/^[0-9a-f]{40}$/.test(sha) || !isBookkeepingSubject(subject)) continue;
    const files = rest.join("\n").split("\0").map((f) => f.trim()).filter(Boolean);
    // subjects are stored and shown: redact them like any checkpoint text
    const redacted = (await scanSecrets(subject, "commit-subject.txt")).redacted;
    commits.push({ sha, committedAt: new Date(Number(time) * 1000).toISOString(), subject: redacted, files });
  }
  return commits;
}

/** Save commits become the repository's save timeline, each attached to the checkpoint it committed. */
export async function recordSaveEvents(db: CairnDb, repo: Repository): Promise<number> {
  const commits = await readSaveCommits(repo.path);
  const docs = db
    .select({ id: documents.id, path: documents.path, kind: documents.kind, branch: documents.branch })
    .from(documents)
    .where(and(eq(documents.repositoryId, repo.id), eq(documents.source, "worktree")))
    .all();
  const byPath = new Map(docs.map((d) => [d.path, d]));
  db.transaction((tx) => {
    tx.delete(saveEvents).where(eq(saveEvents.repositoryId, repo.id)).run();
    for (const commit of commits) {
      const touched = commit.files.map((f) => byPath.get(f)).filter((d) => d !== undefined);
      const doc = touched.find((d) => d.kind === "checkpoint") ?? touched[0];
      insertRow(tx as unknown as CairnDb, saveEvents, {
        repositoryId: repo.id,
        sha: commit.sha,
        subject: commit.subject,
        committedAt: commit.committedAt,
        branch: doc?.branch ?? null,
        documentId: doc?.id ?? null,
      });
    }
  });
  return commits.length;
}

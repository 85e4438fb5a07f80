import { and, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, saveEvents, type Repository } from "../../db/schema";
import { isBookkeepingSubject } from "../git/history";
import type { RepoFacts } from "../git/repo-facts";
import { parseDiffTreeBlocks } from "../git/repo-facts";
import { saveCommitNodes } from "../git/save-commits";
import { tryGit } from "../git/runner";
import { COMMIT_FILES_ARGS } from "../derive/freshness-bookkeeping";
import { scanSecrets } from "../derive/secrets";
import { insertRow } from "./statements";

interface SaveCommit {
  sha: string;
  committedAt: string;
  subject: string;
  files: string[];
}

interface RawSaveCommit {
  sha: string;
  time: number;
  subject: string;
  files: string[];
}

/**
 * The save commits answered from the history the freshness step read (local branches included), their files
 * from its diff-tree (facts.commitFiles) or one diff-tree of the rest; null when that history cannot tell.
 */
async function saveCommitsFromHistory(facts: RepoFacts): Promise<RawSaveCommit[] | null> {
  const graph = facts.historyRead();
  if (!graph) return null;
  const nodes = saveCommitNodes(graph, await facts.refs());
  if (!nodes) return null;
  // a merge lists no files (as `git log --name-only` shows it without -m)
  const unread = nodes.filter((node) => node.parents.length <= 1 && !facts.commitFiles.has(node.sha)).map((node) => node.sha);
  if (unread.length > 0) {
    const out = await tryGit(facts.cwd, COMMIT_FILES_ARGS, { input: unread.map((sha) => `${sha}\n`).join(""), timeoutMs: 30_000 });
    const blocks = out === null ? null : parseDiffTreeBlocks(out);
    if (!blocks || blocks.length !== unread.length) return null;
    unread.forEach((sha, index) => facts.commitFiles.set(sha, (blocks[index] ?? []).map((file) => file.path)));
  }
  return nodes.map((node) => ({
    sha: node.sha,
    time: node.committedAt,
    subject: node.subject,
    files: node.parents.length <= 1 ? facts.commitFiles.get(node.sha) ?? [] : [],
  }));
}

/** `chore(checkpoint):` / `chore(session):` commits on local branches, with the files each touched: one process. */
async function logSaveCommits(repoPath: string): Promise<RawSaveCommit[]> {
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
  const commits: RawSaveCommit[] = [];
  for (const block of out.split("\x01").slice(1)) {
    const [header, ...rest] = block.split("\n");
    const [sha, time, subject = ""] = header.split("\0");
    if (!/^[0-9a-f]{40}$/.test(sha) || !isBookkeepingSubject(subject)) continue;
    const files = rest.join("\n").split("\0").map((f) => f.trim()).filter(Boolean);
    commits.push({ sha, time: Number(time), subject, files });
  }
  return commits;
}

/** The save commits, from the history already read when it can tell, else from their own `git log`. */
async function readSaveCommits(repoPath: string, facts: RepoFacts | null): Promise<SaveCommit[]> {
  const raw = (facts ? await saveCommitsFromHistory(facts) : null) ?? (await logSaveCommits(repoPath));
  const commits: SaveCommit[] = [];
  for (const { sha, time, subject, files } of raw) {
    // subjects are stored and shown: redact them like any checkpoint text
    const redacted = (await scanSecrets(subject, "commit-subject.txt")).redacted;
    commits.push({ sha, committedAt: new Date(time * 1000).toISOString(), subject: redacted, files: files.map((f) => f.trim()).filter(Boolean) });
  }
  return commits;
}

/**
 * Save commits become the repository's save timeline, each attached to the checkpoint it committed. With
 * `facts` whose history was read (computeFreshness), no git process of its own in most repositories.
 */
export async function recordSaveEvents(db: CairnDb, repo: Repository, facts: RepoFacts | null = null): Promise<number> {
  const commits = await readSaveCommits(repo.path, facts);
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

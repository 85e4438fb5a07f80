import "server-only";
/**
 * "Not a checkpoint": a file Cairn reads at a checkpoint's place that holds no checkpoint fields is dropped for
 * good by an ignore rule for its exact path, appended to the repository's `.cairnignore` through the one safe
 * writer (allowlisted target, atomic, checked against the version the page showed), then the repository is
 * re-indexed so the file leaves every list. Undo takes the same line out again.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories } from "../../db/schema";
import { readRegularFile } from "../discover/read-file";
import { indexRepositoryAt } from "../index/index-repository";
import { CAIRNIGNORE_PATH, WRITE_READ_MAX_BYTES, WriteError, assertDocumentId, safeWrite } from "../write";

export interface IgnoreOutcome {
  repositoryId: number;
  /** The file the rule drops, relative to the repository. */
  path: string;
  /** The line written into `.cairnignore` (or taken out of it by Undo). */
  rule: string;
  /** The hash of `.cairnignore` after the write: what Undo checks it against. */
  hashAfter: string | null;
}

/**
 * The `.cairnignore` line that drops exactly `path`: anchored at the root (a leading `/`), so `#`/`!` stay literal,
 * and each glob character escaped (`\*`, `\?`, `\\`), so that a file named `*.md` drops that file and not every
 * Markdown file of its folder (issue 42).
 */
export function ignoreRuleFor(path: string): string {
  if (/[\r\n\0]/.test(path) || /\s$/.test(path) || path.startsWith("/")) throw new WriteError("refused", "this path cannot be written as one ignore rule");
  return `/${path.replace(/[*?\\]/g, "\\$&")}`;
}

/** The sha256 of the repository's `.cairnignore` as it is now, or null when there is none: what the form carries. */
export async function ignoreFileHash(repoPath: string): Promise<string | null> {
  const read = await readRegularFile(join(repoPath, CAIRNIGNORE_PATH), { maxBytes: WRITE_READ_MAX_BYTES });
  if (!read.ok) return null;
  return createHash("sha256").update(read.bytes).digest("hex");
}

/** Append `rule` as its own line (after a newline when the file does not end with one); unchanged when it is already there. */
function withRule(current: Buffer | null, rule: string): Buffer | null {
  const text = current?.toString("utf8") ?? "";
  if (text.split(/\r?\n/).some((line) => line === rule)) return null;
  const head = text && !text.endsWith("\n") ? `${text}\n` : text;
  return Buffer.from(`${head}${rule}\n`, "utf8");
}

/** Take the last line equal to `rule` out (Undo). */
function withoutRule(current: Buffer | null, rule: string): Buffer | null {
  if (!current) return null;
  const lines = current.toString("utf8").split("\n");
  const at = lines.map((line) => line.replace(/\r$/, "")).lastIndexOf(rule);
  if (at === -1) return null;
  lines.splice(at, 1);
  return Buffer.from(lines.join("\n"), "utf8");
}

/** Re-index the whole repository: a file the new rules drop (or bring back) leaves (or joins) the index at once. */
async function reindex(db: CairnDb, repositoryId: number): Promise<void> {
  const repo = db.select({ path: repositories.path }).from(repositories).where(eq(repositories.id, repositoryId)).get();
  if (repo) await indexRepositoryAt(db, repo.path, { recordRun: false });
}

/**
 * Write the ignore rule for the document's file into its repository's `.cairnignore`. `expectedHash` is the
 * hash of `.cairnignore` when the page was shown (null: there was none); another version on disk is a conflict.
 */
export async function ignoreNotACheckpoint(db: CairnDb, documentId: string, expectedHash: string | null): Promise<IgnoreOutcome> {
  assertDocumentId(documentId);
  const doc = db.select({ path: documents.path, repositoryId: documents.repositoryId, source: documents.source }).from(documents).where(eq(documents.id, documentId)).get();
  if (!doc) throw new WriteError("not-found", "this file is no longer indexed; reload the page");
  if (doc.repositoryId === null || doc.source !== "worktree") throw new WriteError("refused", "only a file inside a repository's work tree can be ignored");
  const rule = ignoreRuleFor(doc.path);
  const outcome = await safeWrite(db, { target: { kind: "ignore-rule", repositoryId: doc.repositoryId }, expectedHash, edit: (current) => withRule(current, rule) });
  await reindex(db, doc.repositoryId);
  return { repositoryId: doc.repositoryId, path: doc.path, rule, hashAfter: outcome.hashAfter };
}

/** Undo: take `rule` out of the repository's `.cairnignore` again (checked against the version the write left), re-index. */
export async function undoIgnoreRule(db: CairnDb, repositoryId: number, rule: string, expectedHash: string): Promise<IgnoreOutcome> {
  if (!/^\/[^\r\n\0]+$/.test(rule)) throw new WriteError("refused", "this is not a rule Cairn wrote");
  const outcome = await safeWrite(db, { target: { kind: "ignore-rule", repositoryId }, expectedHash, edit: (current) => withoutRule(current, rule) });
  await reindex(db, repositoryId);
  return { repositoryId, path: rule.slice(1), rule, hashAfter: outcome.hashAfter };
}

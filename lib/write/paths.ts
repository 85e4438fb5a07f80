import "server-only";
import { eq } from "drizzle-orm";
import { lstat, mkdir, realpath } from "node:fs/promises";
import { isAbsolute, join, posix } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, repositories, type DocumentRow, type Repository } from "../../db/schema";
import { isInside } from "../discover/candidates";
import { WriteError } from "./errors";
import { holdFolder } from "./folder";
import { unitOf } from "../parse/conventions/unit";

/**
 * The only files Cairn ever writes into a repository, one kind each. Anything else is refused.
 * - checkpoint-status: an indexed checkpoint's own status value (HTML meta or Markdown frontmatter `status:`), or
 *   its previous bytes when a completion is undone
 * - project-notes: `.claude/PROJECT-NOTES.md` (created when absent)
 * - review: `.claude/reviews/<name>.md` (created when absent)
 * - redaction: an indexed document whose secrets are being redacted
 * - unit-status: the file where a convention unit keeps its status: its own record (Spec Kit's spec.md Status
 *   line) or the `metadata.json` beside it (a Conductor track), nothing else
 * - ignore-rule: the repository's `.cairnignore` at its root (created when absent), for "Not a checkpoint"
 */
export type WriteTarget =
  | { kind: "checkpoint-status"; documentId: string }
  | { kind: "project-notes"; repositoryId: number }
  | { kind: "review"; repositoryId: number; name: string }
  | { kind: "redaction"; documentId: string }
  | { kind: "unit-status"; documentId: string }
  | { kind: "ignore-rule"; repositoryId: number };

export type WriteKind = WriteTarget["kind"];

export interface ResolvedTarget {
  kind: WriteKind;
  repository: Repository;
  /** realpath of the repository's work tree. */
  repoReal: string;
  /** Relative to the repository, forward slashes: the path the index knows the file by. */
  relPath: string;
  /** realpath of the folder holding the file. */
  dirReal: string;
  name: string;
  /** `dirReal/name`: the file that is replaced, and the lock key. */
  absPath: string;
  /** Whether the file exists now (only project-notes and review may be created). */
  exists: boolean;
  documentId: string | null;
}

export const PROJECT_NOTES_PATH = ".claude/PROJECT-NOTES.md";
export const CAIRNIGNORE_PATH = ".cairnignore";
const REVIEWS_DIR = ".claude/reviews";
const DOCUMENT_ID = /^[0-9a-f]{16}$/;
const REVIEW_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,200}\.md$/;

/** Document ids are 16 hex digits: nothing else (no `..`, no NUL, no path) gets near the file system. */
export function assertDocumentId(id: string): void {
  if (!DOCUMENT_ID.test(id)) throw new WriteError("refused", `"${printable(id)}" is not a checkpoint id`);
}

function printable(value: string): string {
  return value.replace(/[\u0000-\u001f]/g, "?").slice(0, 80);
}

/** A repository-relative path: no NUL, not absolute, no `..` (or `.`, empty, `.git`) segment. */
export function assertRelativePath(path: string): string[] {
  if (!path) throw new WriteError("refused", "the path is empty");
  if (path.includes("\0")) throw new WriteError("refused", "the path contains a NUL byte");
  if (isAbsolute(path) || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) {
    throw new WriteError("refused", `"${printable(path)}" is absolute; a path inside the repository was expected`);
  }
  const segments = path.split(/[\\/]/);
  for (const segment of segments) {
    if (segment === "..") throw new WriteError("refused", `"${printable(path)}" has a ".." segment`);
    if (segment === "" || segment === ".") throw new WriteError("refused", `"${printable(path)}" is not a plain relative path`);
    if (segment.toLowerCase() === ".git") throw new WriteError("refused", "Cairn never writes inside .git");
  }
  return segments;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

function loadRepository(db: CairnDb, repositoryId: number): Repository {
  if (!Number.isSafeInteger(repositoryId) || repositoryId <= 0) throw new WriteError("refused", "invalid repository id");
  const repo = db.select().from(repositories).where(eq(repositories.id, repositoryId)).get();
  if (!repo) throw new WriteError("not-found", `repository ${repositoryId} is not indexed`);
  if (repo.isBare) throw new WriteError("refused", `${repo.path} is a bare repository: it has no files to write`);
  return repo;
}

function loadDocument(db: CairnDb, documentId: string): { doc: DocumentRow; repo: Repository } {
  assertDocumentId(documentId);
  const doc = db.select().from(documents).where(eq(documents.id, documentId)).get();
  if (!doc) throw new WriteError("not-found", `no indexed checkpoint has the id ${documentId}`);
  if (doc.source !== "worktree") throw new WriteError("refused", "this document was found in git history, not in the work tree");
  if (doc.repositoryId === null) throw new WriteError("refused", "this file is not inside an indexed repository");
  const repo = loadRepository(db, doc.repositoryId);
  assertRelativePath(doc.path);
  if (join(repo.path, doc.path) !== doc.absPath) throw new WriteError("refused", "this file is not inside its repository");
  return { doc, repo };
}

/** Walk the folders from the repository down, creating them when allowed; symlinked folders must stay inside. */
async function resolveFolder(repoReal: string, segments: string[], create: boolean): Promise<string> {
  try {
    return await walkFolders(repoReal, segments, create);
  } catch (error) {
    if (error instanceof WriteError) throw error;
    // a folder vanished or changed kind between two steps: someone is moving things under the write
    const code = errnoCode(error);
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") {
      throw new WriteError("refused", `the folder of ${posix.join(...segments, "…")} changed while Cairn was resolving it; nothing was written`);
    }
    throw new WriteError("io", `cannot resolve the folder of ${posix.join(...segments, "…")}: ${code ?? String(error)}`, { cause: error });
  }
}

async function walkFolders(repoReal: string, segments: string[], create: boolean): Promise<string> {
  let current = repoReal;
  for (const segment of segments) {
    let next = join(current, segment);
    let info;
    try {
      info = await lstat(next);
    } catch (error) {
      if (errnoCode(error) !== "ENOENT" || !create) throw new WriteError("not-found", `the folder ${segment} does not exist`);
      // created in the held parent: a parent swapped for a link meanwhile cannot send the new folder elsewhere
      const parent = await holdFolder(current, posix.join(...segments));
      try {
        await mkdir(parent.path(segment)).catch((e: unknown) => {
          if (errnoCode(e) !== "EEXIST") throw e;
        });
      } finally {
        await parent.close();
      }
      info = await lstat(next);
    }
    if (info.isSymbolicLink()) {
      next = await realpath(next);
      if (!isInside(repoReal, next)) throw new WriteError("refused", `the folder ${segment} is a symlink that leaves the repository`);
      info = await lstat(next);
    }
    if (!info.isDirectory()) throw new WriteError("refused", `${segment} is not a folder`);
    current = next;
  }
  const real = await realpath(current);
  if (!isInside(repoReal, real)) throw new WriteError("refused", "the target folder is outside the repository");
  return real;
}

/** Turn a target into one checked file path, or throw a WriteError. Nothing is written except missing folders. */
export async function resolveTarget(db: CairnDb, target: WriteTarget): Promise<ResolvedTarget> {
  let repo: Repository;
  let relPath: string;
  let documentId: string | null = null;
  let mayCreate = false;
  switch (target.kind) {
    case "checkpoint-status":
    case "redaction": {
      const { doc, repo: owner } = loadDocument(db, target.documentId);
      // the status sits in an HTML meta tag or in Markdown frontmatter (any Markdown family: a handoff with `status:`)
      const statusKept = doc.format === "html" || doc.format === "frontmatter-md" || /\.(?:md|markdown)$/i.test(doc.path);
      if (target.kind === "checkpoint-status" && (doc.kind !== "checkpoint" || !statusKept)) {
        throw new WriteError("refused", "only an HTML or frontmatter checkpoint keeps its status in the file");
      }
      repo = owner;
      relPath = doc.path;
      documentId = doc.id;
      break;
    }
    case "unit-status": {
      const { doc, repo: owner } = loadDocument(db, target.documentId);
      const field = unitOf(doc.meta)?.statusField;
      const folder = doc.path.includes("/") ? doc.path.slice(0, doc.path.lastIndexOf("/")) : "";
      const allowed = field && (field.kind === "markdown-label" ? field.path === doc.path : field.path === (folder ? `${folder}/metadata.json` : "metadata.json"));
      if (doc.kind !== "checkpoint" || !field || !allowed) throw new WriteError("refused", "this record keeps no status file Cairn may write");
      repo = owner;
      relPath = field.path;
      documentId = doc.id;
      break;
    }
    case "project-notes":
      repo = loadRepository(db, target.repositoryId);
      relPath = PROJECT_NOTES_PATH;
      mayCreate = true;
      break;
    case "ignore-rule":
      repo = loadRepository(db, target.repositoryId);
      relPath = CAIRNIGNORE_PATH;
      mayCreate = true;
      break;
    case "review":
      repo = loadRepository(db, target.repositoryId);
      if (!REVIEW_NAME.test(target.name) || target.name.includes("..")) {
        throw new WriteError("refused", `"${printable(target.name)}" is not a review file name`);
      }
      relPath = `${REVIEWS_DIR}/${target.name}`;
      mayCreate = true;
      break;
    default:
      throw new WriteError("refused", "Cairn does not write this kind of file");
  }
  const segments = assertRelativePath(relPath);
  let repoReal: string;
  try {
    repoReal = await realpath(repo.path);
  } catch {
    throw new WriteError("not-found", `the repository ${repo.path} no longer exists`);
  }
  const name = segments[segments.length - 1];
  const dirReal = await resolveFolder(repoReal, segments.slice(0, -1), mayCreate);
  const absPath = join(dirReal, name);
  let exists = false;
  try {
    const info = await lstat(absPath);
    if (info.isSymbolicLink()) throw new WriteError("refused", `${relPath} is a symbolic link; Cairn does not write through links`);
    if (!info.isFile()) throw new WriteError("refused", `${relPath} is not a regular file`);
    exists = true;
  } catch (error) {
    if (error instanceof WriteError) throw error;
    if (errnoCode(error) !== "ENOENT") throw new WriteError("io", `cannot read ${relPath}: ${String(error)}`);
    if (!mayCreate) throw new WriteError("not-found", `${relPath} no longer exists`);
  }
  return { kind: target.kind, repository: repo, repoReal, relPath: posix.join(...segments), dirReal, name, absPath, exists, documentId };
}

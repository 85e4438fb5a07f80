import "server-only";
import { and, desc, eq, inArray, notExists } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { cairnCompletions, documents, type DocumentRow } from "../../db/schema";
import { parseDocument } from "../parse/registry";
import {
  WriteError,
  assertUnchanged,
  loadDocument,
  locateStatus,
  readDocumentBytes,
  refreshDocument,
  replaceRanges,
  safeWrite,
  type LoadedDocument,
  type WriteHooks,
} from "../write";
import { rememberCairnCompletion, rememberFileCompletion } from "./complete-undo";
import { writeUnitStatus } from "./complete-unit";
import { unitOf } from "../parse/conventions/unit";
import { familyLabelOf } from "../parse/conventions/families";

export { UNDO_CONFLICT_MESSAGE, UNDO_TICKET, undoCompletion, type UndoResult } from "./complete-undo";

export type CompleteOutcome = "written" | "completed-in-cairn" | "already-completed";

export interface CompleteResult {
  outcome: CompleteOutcome;
  documentId: string;
  title: string | null;
  path: string;
  message: string;
  /** A ticket that undoes this completion while the file is unchanged since (null: nothing to undo). */
  undo: string | null;
}

export interface CompleteOptions {
  /** The hash the form was rendered with: a different file on disk is a conflict. Omitted (CLI): the file as it is now. */
  expectedHash?: string;
  hooks?: WriteHooks;
}

const OPEN_STATUSES = ["in-progress", "blocked"];

function isCompletedInCairn(db: CairnDb, documentId: string): boolean {
  return !!db.select().from(cairnCompletions).where(eq(cairnCompletions.documentId, documentId)).get();
}

function result(doc: DocumentRow, outcome: CompleteOutcome, message: string, undo: string | null = null): CompleteResult {
  return { outcome, documentId: doc.id, title: doc.title, path: doc.path, message, undo };
}

const labelOf = (doc: DocumentRow) => doc.title ?? doc.path;

/** Families with no status in the file: the completion lives in Cairn's database only. */
function completeInCairn(db: CairnDb, doc: DocumentRow, why: string): CompleteResult {
  const completedAt = new Date().toISOString();
  const added = db.transaction((tx) => {
    const inserted = tx.insert(cairnCompletions).values({ documentId: doc.id, completedAt }).onConflictDoNothing().run();
    tx.update(documents).set({ completedInCairn: true }).where(eq(documents.id, doc.id)).run();
    return inserted.changes > 0;
  });
  const undo = added ? rememberCairnCompletion(doc.id, labelOf(doc), completedAt) : null;
  return result(doc, "completed-in-cairn", `Completed in Cairn; the file was not changed (${why}).`, undo);
}

/** A Markdown checkpoint may keep its status in frontmatter, whatever its family (a handoff with `status:`). */
function statusFormat(doc: DocumentRow): "html" | "frontmatter-md" | null {
  if (doc.format === "html") return "html";
  if (doc.format === "frontmatter-md" || /\.(?:md|markdown)$/i.test(doc.path)) return "frontmatter-md";
  return null;
}

/** Change the status value alone to `completed`, and check the parser now reads it so. */
function statusEdit(doc: DocumentRow) {
  return (current: Buffer | null): Buffer => {
    if (current === null) throw new WriteError("not-found", `${doc.path} no longer exists`);
    const format = statusFormat(doc);
    const located = format ? locateStatus(current, format) : ({ ok: false, reason: "no status in the file" } as const);
    if (!located.ok) throw new WriteError("invalid-edit", located.reason);
    const next = replaceRanges(current, located.ranges, "completed");
    const reparsed = parseDocument({ path: doc.path, text: next.toString("utf8") }).document;
    if (reparsed?.status !== "completed") throw new WriteError("invalid-edit", "the edited file would not read as completed");
    return next;
  };
}

/**
 * Complete one checkpoint. HTML (`jacked:status`) and Markdown frontmatter (`status:`) checkpoints, handoffs
 * included, get that value alone changed to `completed`, through the safe writer; a file with no status Cairn
 * can change is "completed in Cairn". The result carries a ticket that undoes the completion.
 */
export async function completeCheckpoint(db: CairnDb, documentId: string, options: CompleteOptions = {}): Promise<CompleteResult> {
  let loaded: LoadedDocument = loadDocument(db, documentId);
  if (loaded.doc.kind !== "checkpoint") {
    throw new WriteError("refused", `only checkpoints can be completed; ${loaded.doc.path} is a ${loaded.doc.kind}`);
  }
  if (options.expectedHash === undefined) loaded = await refreshDocument(db, loaded);
  const { doc } = loaded;
  if (doc.status === "completed" || doc.status === "superseded" || isCompletedInCairn(db, doc.id)) {
    return result(doc, "already-completed", `${labelOf(doc)} is already completed.`);
  }
  const expectedHash = options.expectedHash ?? doc.contentHash;
  await assertUnchanged(db, loaded, expectedHash);

  // a convention unit (Spec Kit feature, Conductor track...): its own status field, else completed in Cairn
  const unit = unitOf(doc.meta);
  if (unit) {
    if (!unit.statusField || loaded.repo === null || doc.source !== "worktree") return completeInCairn(db, doc, `a ${familyLabelOf(doc.format)} keeps no status of its own`);
    const written = await writeUnitStatus(db, { doc, repo: loaded.repo }, unit.statusField, { expectedHash, hooks: options.hooks });
    if (!written.ok) return completeInCairn(db, doc, written.reason);
    return result(doc, "written", `Completed ${labelOf(doc)}: ${written.where}; nothing else changed.`, written.undo);
  }

  const format = statusFormat(doc);
  const writable = format !== null && loaded.repo !== null && doc.source === "worktree";
  if (!writable) return completeInCairn(db, doc, `${doc.path} keeps no status of its own`);
  const bytes = await readDocumentBytes(loaded); // a FIFO, device or link swapped in is refused here, unread
  if (bytes === null) throw new WriteError("not-found", `${doc.path} no longer exists`);
  const located = locateStatus(bytes, format);
  if (!located.ok) return completeInCairn(db, doc, `${doc.path} has no status line Cairn can change: ${located.reason}`);
  let undo: string | null = null;
  try {
    const edit = statusEdit(doc);
    await safeWrite(db, {
      target: { kind: "checkpoint-status", documentId: doc.id },
      expectedHash,
      hooks: options.hooks,
      // what was replaced and what was written, both read under the lock: the undo restores exactly these bytes
      edit: (current) => {
        const next = edit(current);
        if (current !== null) undo = rememberFileCompletion(doc.id, labelOf(doc), current, next);
        return next;
      },
    });
  } catch (error) {
    if (error instanceof WriteError && error.code === "invalid-edit") {
      return completeInCairn(db, doc, `the status in ${doc.path} could not be changed safely (${error.message})`);
    }
    throw error;
  }
  const where = format === "html" ? '<meta name="jacked:status"> now says "completed"' : 'its frontmatter now says "status: completed"';
  return result(doc, "written", `Completed ${labelOf(doc)}: ${where}; nothing else in the file changed.`, undo);
}

/** The newest in-progress checkpoint of a branch in a repository, or null. */
export function newestInProgressOnBranch(db: CairnDb, repositoryId: number, branch: string): DocumentRow | null {
  return (
    db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.repositoryId, repositoryId),
          eq(documents.kind, "checkpoint"),
          eq(documents.branch, branch),
          eq(documents.source, "worktree"),
          inArray(documents.status, OPEN_STATUSES),
          notExists(db.select().from(cairnCompletions).where(eq(cairnCompletions.documentId, documents.id))),
        ),
      )
      .orderBy(desc(documents.savedAt))
      .get() ?? null
  );
}

/** The one-click "complete the newest in-progress checkpoint of this branch" (`/checkpoint complete`). */
export async function completeNewestOnBranch(db: CairnDb, repositoryId: number, branch: string, options: CompleteOptions = {}): Promise<CompleteResult> {
  const newest = newestInProgressOnBranch(db, repositoryId, branch);
  if (!newest) throw new WriteError("not-found", `no in-progress checkpoint on branch ${branch}`);
  return completeCheckpoint(db, newest.id, options);
}

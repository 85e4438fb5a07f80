import "server-only";
/**
 * Undoing a completion, from the confirmation it showed. The running server remembers, for each recent
 * completion, what it takes to put things back: the file's exact previous bytes and the hash of the bytes
 * Cairn wrote (a completion in the file), or the time of the completion kept by Cairn. The record is held in
 * this process only, under a random ticket handed to the form that completed: a restart forgets it, and
 * nobody else can replay it. Restoring goes through the one safe writer, and only while the file is still
 * exactly what the completion left.
 */
import { randomBytes, createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { cairnCompletions, documents } from "../../db/schema";
import { WriteError, loadDocument, safeWrite, type WriteHooks } from "../write";
import { reindexFile } from "../index/reindex-file";

type UndoRecord =
  | { kind: "file"; documentId: string; label: string; before: Buffer; after: Buffer; afterHash: string; at: number; target: "checkpoint-status" | "unit-status" }
  | { kind: "cairn"; documentId: string; label: string; completedAt: string; at: number };

/** At most this many completions can be undone, and at most this many bytes of previous versions are kept. */
const MAX_RECORDS = 16;
const MAX_BYTES = 32 * 1024 * 1024;

const STORE = Symbol.for("cairn.complete-undo");
type Store = Map<string, UndoRecord>;
const holder = globalThis as unknown as Record<typeof STORE, Store | undefined>;
const store = (): Store => (holder[STORE] ??= new Map());

export const UNDO_TICKET = /^[0-9a-f]{32}$/;

export const UNDO_CONFLICT_MESSAGE =
  "the file changed after it was completed, so Cairn did not undo the completion and nothing was lost; reload to see the file as it is now";

function remember(record: UndoRecord): string {
  const records = store();
  const ticket = randomBytes(16).toString("hex");
  records.set(ticket, record);
  // the oldest go first: a bounded memory, whatever the sizes of the files
  const size = () => [...records.values()].reduce((n, r) => n + (r.kind === "file" ? r.before.length + r.after.length : 0), 0);
  while (records.size > MAX_RECORDS || (records.size > 1 && size() > MAX_BYTES)) records.delete(records.keys().next().value as string);
  return ticket;
}

/** After a completion written into the file: `before` the bytes it replaced, `after` the bytes it wrote. */
export function rememberFileCompletion(documentId: string, label: string, before: Buffer, after: Buffer, target: "checkpoint-status" | "unit-status" = "checkpoint-status"): string {
  const afterHash = createHash("sha256").update(after).digest("hex");
  return remember({ kind: "file", documentId, label, before: Buffer.from(before), after: Buffer.from(after), afterHash, at: Date.now(), target });
}

/** After a completion kept by Cairn (the file was not changed). */
export function rememberCairnCompletion(documentId: string, label: string, completedAt: string): string {
  return remember({ kind: "cairn", documentId, label, completedAt, at: Date.now() });
}

export interface UndoResult {
  documentId: string;
  message: string;
}

/**
 * Undo the completion behind `ticket`. A completion in the file is undone only while the file is byte for byte
 * what the completion wrote: then its previous bytes are restored through the safe writer. Any change since
 * gives a conflict and nothing is written.
 */
export async function undoCompletion(db: CairnDb, ticket: string, options: { hooks?: WriteHooks } = {}): Promise<UndoResult> {
  const record = UNDO_TICKET.test(ticket) ? store().get(ticket) : undefined;
  if (!record) {
    throw new WriteError(
      "not-found",
      "this completion can no longer be undone here (it was undone already, or Cairn restarted since); set the status back in the file, or with Edit details",
    );
  }
  if (record.kind === "cairn") {
    const removed = db.transaction((tx) => {
      const gone = tx
        .delete(cairnCompletions)
        .where(and(eq(cairnCompletions.documentId, record.documentId), eq(cairnCompletions.completedAt, record.completedAt)))
        .run();
      if (gone.changes === 0) return false;
      tx.update(documents).set({ completedInCairn: false }).where(eq(documents.id, record.documentId)).run();
      return true;
    });
    store().delete(ticket);
    if (!removed) throw new WriteError("not-found", `${record.label} is no longer completed in Cairn: there is nothing to undo`);
    return { documentId: record.documentId, message: `Undone: ${record.label} is no longer completed; the file was never changed.` };
  }
  try {
    await safeWrite(db, {
      target: { kind: record.target, documentId: record.documentId },
      expectedHash: record.afterHash,
      hooks: options.hooks,
      // read under the file's lock: exactly the bytes the completion wrote, or nothing is written
      edit: (current) => {
        if (current === null || !current.equals(record.after)) throw new WriteError("conflict", UNDO_CONFLICT_MESSAGE);
        return record.before;
      },
    });
  } catch (error) {
    if (error instanceof WriteError && error.code === "conflict") {
      throw new WriteError("conflict", UNDO_CONFLICT_MESSAGE, { cause: error });
    }
    throw error;
  }
  store().delete(ticket);
  // a unit's status kept beside its record (metadata.json): read the record again with it
  if (record.target === "unit-status") {
    const { doc, repo } = loadDocument(db, record.documentId);
    if (repo) await reindexFile(db, repo, doc.path);
  }
  return { documentId: record.documentId, message: `Undone: ${record.label} is back as it was, byte for byte.` };
}

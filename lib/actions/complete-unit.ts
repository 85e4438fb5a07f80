import "server-only";
/**
 * Completing a convention unit in the convention's own words: Spec Kit's `**Status**:` line in spec.md becomes
 * "Complete", a Conductor track's metadata.json `"status"` becomes "completed". Only that value changes (byte for
 * byte elsewhere), through the safe writer, with an undo ticket. A convention without a status field (OpenSpec,
 * Kiro) is completed in Cairn by the caller.
 */
import { createHash } from "node:crypto";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import type { CairnDb } from "../../db/client";
import type { DocumentRow, Repository } from "../../db/schema";
import { readRegularFile } from "../discover/read-file";
import { reindexFile } from "../index/reindex-file";
import { parseDocument } from "../parse/registry";
import type { UnitMeta } from "../parse/conventions/unit";
import { WRITE_READ_MAX_BYTES, WriteError, locateUnitStatus, replaceRanges, safeWrite, type WriteHooks } from "../write";
import { rememberFileCompletion } from "./complete-undo";

export type UnitWrite = { ok: true; undo: string | null; where: string } | { ok: false; reason: string };

type StatusField = NonNullable<UnitMeta["statusField"]>;

/** The edited bytes must read as completed: the record re-parsed (its own file), or the JSON key read back. */
function readsCompleted(doc: DocumentRow, field: StatusField, next: Buffer): boolean {
  if (field.kind === "json-key") {
    try {
      return (JSON.parse(next.toString("utf8")) as Record<string, unknown>)[field.key] === field.completedWord;
    } catch {
      return false;
    }
  }
  return parseDocument({ path: doc.path, text: next.toString("utf8") }).document?.status === "completed";
}

export async function writeUnitStatus(
  db: CairnDb,
  loaded: { doc: DocumentRow; repo: Repository },
  field: StatusField,
  options: { expectedHash: string; hooks?: WriteHooks },
): Promise<UnitWrite> {
  const { doc, repo } = loaded;
  const label = doc.title ?? doc.path;
  const own = field.path === doc.path;
  let expectedHash = options.expectedHash;
  if (!own) {
    // the status lives beside the record: read it as carefully as the indexer does, and hold the write to these bytes
    const read = await readRegularFile(join(repo.path, field.path), { maxBytes: WRITE_READ_MAX_BYTES, links: { within: await realpath(repo.path) } });
    if (!read.ok) return { ok: false, reason: `${field.path} could not be read` };
    const located = locateUnitStatus(read.bytes, field);
    if (!located.ok) return { ok: false, reason: `${field.path}: ${located.reason}` };
    expectedHash = createHash("sha256").update(read.bytes).digest("hex");
  }
  let undo: string | null = null;
  try {
    await safeWrite(db, {
      target: { kind: "unit-status", documentId: doc.id },
      expectedHash,
      hooks: options.hooks,
      edit: (current) => {
        if (current === null) throw new WriteError("not-found", `${field.path} no longer exists`);
        const located = locateUnitStatus(current, field);
        if (!located.ok) throw new WriteError("invalid-edit", located.reason);
        const next = replaceRanges(current, located.ranges, field.completedWord);
        if (!readsCompleted(doc, field, next)) throw new WriteError("invalid-edit", "the edited file would not read as completed");
        undo = rememberFileCompletion(doc.id, label, current, next, "unit-status");
        return next;
      },
    });
  } catch (error) {
    if (error instanceof WriteError && error.code === "invalid-edit") return { ok: false, reason: `the status in ${field.path} could not be changed safely (${error.message})` };
    throw error;
  }
  // metadata.json is no record of its own: read the track again with it
  if (!own) await reindexFile(db, repo, doc.path);
  const where = field.kind === "json-key" ? `${field.path} now says "${field.key}": "${field.completedWord}"` : `its Status line now says ${field.completedWord}`;
  return { ok: true, undo, where };
}

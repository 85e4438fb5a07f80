import "server-only";
/**
 * "Edit details": the user corrects a document's title, status, branch, commit or save time. Kept by Cairn in
 * `document_overrides` (never written into the file), applied at once and after every re-index, with the
 * document's freshness recomputed through the usual derive step. Shared by the page's form and `cairn set`.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { CairnDb } from "../../db/client";
import { cairnCompletions, documents } from "../../db/schema";
import { resolveCommit } from "../git/runner";
import { deriveRepository } from "../index/derive-step";
import { clearOverride, correctedFields, readOverride, saveOverride, type Corrections } from "../index/overrides";
import { documentWithRepository } from "../queries/shared";
import { parseUserDate } from "./user-date";

export const CORRECTION_STATUSES = ["in-progress", "completed"] as const;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v), schema.optional());

/** The rules every correction obeys, whichever way it arrives. */
export const correctionSchema = z.object({
  title: optional(z.string().max(300, "Keep the title under 300 characters.")),
  status: optional(z.enum(CORRECTION_STATUSES, { message: "Status must be in-progress or completed." })),
  branch: optional(
    z
      .string()
      .max(250, "Keep the branch name under 250 characters.")
      .regex(/^(?!-)(?!.*\.\.)[^\s~^:?*[\\\u0000-\u001f\u007f]+$/, "That is not a branch name git would accept."),
  ),
  headSha: optional(z.string().regex(/^(?:[0-9a-fA-F]{4,64})$/, "The commit must be 4 to 64 hexadecimal characters.")),
  savedAt: optional(
    // read as every typed date is (lib/actions/user-date.ts): 2027-02-29 is refused, never taken for March 1
    z.string().superRefine((value, ctx) => {
      const date = parseUserDate(value);
      if (!date.ok) ctx.addIssue({ code: "custom", message: date.message });
    }),
  ),
});
export type CorrectionInput = z.infer<typeof correctionSchema>;

export class CorrectionError extends Error {}

export interface CorrectionResult {
  documentId: string;
  /** Fields now set by the user. */
  corrected: string[];
  /** Whether the corrected commit names a commit of the repository (null: no commit corrected, or no repository). */
  shaResolves: boolean | null;
  message: string;
}

function toIso(value: string): string {
  const date = parseUserDate(value);
  if (!date.ok) throw new CorrectionError(date.message);
  return date.iso;
}

function repositoryOf(db: CairnDb, id: string) {
  const row = documentWithRepository(db, id);
  if (!row) throw new CorrectionError(`No checkpoint with id ${id}; see \`cairn list\`.`);
  return row;
}

async function refresh(db: CairnDb, id: string): Promise<void> {
  const { repo } = repositoryOf(db, id);
  if (repo) await deriveRepository(db, repo, { documentsChanged: true });
}

/**
 * Set corrections (fields left out stay as they are). The values must already have passed `correctionSchema`.
 * The document's freshness is recomputed before this returns.
 */
export async function setCorrections(db: CairnDb, id: string, input: CorrectionInput): Promise<CorrectionResult> {
  const { doc, repo } = repositoryOf(db, id);
  const corrections: Corrections = {};
  if (input.title !== undefined) corrections.title = input.title;
  if (input.status !== undefined) corrections.status = input.status;
  if (input.branch !== undefined) corrections.branch = input.branch;
  if (input.headSha !== undefined) corrections.headSha = input.headSha.toLowerCase();
  if (input.savedAt !== undefined) corrections.savedAt = toIso(input.savedAt);
  if (Object.keys(corrections).length === 0) throw new CorrectionError("Nothing to set: give at least one of title, status, branch, commit or date.");
  let shaResolves: boolean | null = null;
  if (corrections.headSha && repo) shaResolves = (await resolveCommit(repo.path, corrections.headSha)) !== null;
  db.transaction((tx) => {
    const txDb = tx as unknown as CairnDb;
    saveOverride(txDb, doc.id, corrections);
    // the user's word on the status wins over an earlier "completed in Cairn"
    if (corrections.status === "in-progress") {
      txDb.delete(cairnCompletions).where(eq(cairnCompletions.documentId, doc.id)).run();
      txDb.update(documents).set({ completedInCairn: false }).where(eq(documents.id, doc.id)).run();
    }
  });
  await refresh(db, doc.id);
  const corrected = correctedFields(readOverride(db, doc.id));
  const shaNote = shaResolves === null ? "" : shaResolves ? " The commit was found in this repository." : " The commit was not found in this repository: freshness falls back to the date.";
  return { documentId: doc.id, corrected, shaResolves, message: `Saved: ${Object.keys(corrections).join(", ")} set by you.${shaNote}` };
}

/** Back to the file's values. */
export async function clearCorrections(db: CairnDb, id: string): Promise<CorrectionResult> {
  const { doc } = repositoryOf(db, id);
  db.transaction((tx) => clearOverride(tx as unknown as CairnDb, doc.id));
  await refresh(db, doc.id);
  return { documentId: doc.id, corrected: [], shaResolves: null, message: "Cleared: the file's values are shown again." };
}

/** What the user set, for the form and the page ("set by you"). */
export function correctionsOf(db: CairnDb, id: string): { fields: string[]; values: Corrections } {
  const override = readOverride(db, id);
  return { fields: correctedFields(override), values: override ?? {} };
}

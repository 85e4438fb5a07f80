import "server-only";
import type { CairnDb } from "../../db/client";
import { settleCheckouts } from "../index/indexer";
import { emptySummary } from "../index/progress";

export class CheckoutChoiceError extends Error {}

export interface CheckoutChoice {
  /** The record's id now (the document lives in the chosen checkout: its id follows it). */
  documentId: string;
  message: string;
}

const CHOICE_OF = `SELECT d."path" AS path, d."source" AS source, c."abs_path" AS absPath, r."path" AS repoPath, r."project_key" AS projectKey
  FROM "documents" d JOIN "document_checkouts" c ON c."document_id" = d."id" JOIN "repositories" r ON r."id" = c."repository_id"
  WHERE d."id" = ? AND c."repository_id" = ?`;

/**
 * Continue a file's work in another checkout that holds it (issue 25): that checkout becomes the record's primary,
 * so Resume continues there and Complete, Promote and Review write its file. Kept by Cairn (never in a file), over
 * the rule (the checkout on the checkpoint's branch, else the main worktree) until the copies differ.
 */
export async function chooseCheckout(db: CairnDb, documentId: string, repositoryId: number): Promise<CheckoutChoice> {
  const row = db.$client.prepare(CHOICE_OF).get(documentId, repositoryId) as
    | { path: string; source: string; absPath: string; repoPath: string; projectKey: string | null }
    | undefined;
  if (!row || row.source !== "worktree" || !row.projectKey) throw new CheckoutChoiceError("That checkout does not hold this file (any more); reload the page.");
  db.$client
    .prepare(`INSERT INTO "checkout_choices" ("project_key", "path", "repository_path", "chosen_at") VALUES (?, ?, ?, ?)
      ON CONFLICT ("project_key", "path") DO UPDATE SET "repository_path" = excluded."repository_path", "chosen_at" = excluded."chosen_at"`)
    .run(row.projectKey, row.path, row.repoPath, new Date().toISOString());
  await settleCheckouts(db, [row.projectKey], emptySummary([]));
  const now = db.$client.prepare('SELECT "document_id" FROM "indexed_files" WHERE "abs_path" = ?').pluck().get(row.absPath) as string | undefined;
  if (!now) throw new CheckoutChoiceError("The file could not be read in that checkout; reload the page.");
  return { documentId: now, message: `Continuing in ${row.repoPath}: Resume, Complete, Promote and Review use ${row.absPath}.` };
}

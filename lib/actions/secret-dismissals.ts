import "server-only";
/**
 * "Not a secret": the user dismisses a finding (a test key, an example, a hash that looks like a token). Kept in
 * Cairn's database, never in the repository, keyed by the file (its document id), the rule and the hash of the
 * finding's redacted line: never the value. A re-index finds the same finding again and it stays dismissed; Undo
 * forgets the dismissal.
 */
import { and, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { secretDismissals, secretFindings } from "../../db/schema";

export interface DismissalKey {
  documentId: string;
  rule: string;
  matchHash: string;
}

export type DismissalOutcome = { ok: true; key: DismissalKey } | { ok: false; message: string };

/** Dismiss a finding the index holds now (the page's key must still name one: else the file changed). */
export function dismissSecret(db: CairnDb, key: DismissalKey): DismissalOutcome {
  const found = db
    .select({ id: secretFindings.id })
    .from(secretFindings)
    .where(and(eq(secretFindings.documentId, key.documentId), eq(secretFindings.rule, key.rule), eq(secretFindings.matchHash, key.matchHash)))
    .get();
  if (!found) return { ok: false, message: "this finding is no longer in the file; reload the page" };
  db.insert(secretDismissals).values({ ...key, createdAt: new Date().toISOString() }).onConflictDoNothing().run();
  return { ok: true, key };
}

/** Undo "Not a secret": the finding counts again. */
export function undoDismissSecret(db: CairnDb, key: DismissalKey): DismissalOutcome {
  const removed = db
    .delete(secretDismissals)
    .where(and(eq(secretDismissals.documentId, key.documentId), eq(secretDismissals.rule, key.rule), eq(secretDismissals.matchHash, key.matchHash)))
    .run();
  if (removed.changes === 0) return { ok: false, message: "this finding was not dismissed" };
  return { ok: true, key };
}

import "server-only";
/**
 * "Not a secret": a finding the user dismissed (secret_dismissals, keyed by file, rule and the hash of its redacted
 * line) leaves every count and the "With secrets" card; the Secrets page shows it again with its filter.
 */
import { sql } from "drizzle-orm";
import { secretDismissals, secretFindings } from "../../db/schema";

/** True for a finding the user dismissed (use inside a query over secret_findings). */
export const dismissedSql = sql<number>`exists (select 1 from ${secretDismissals} where ${secretDismissals.documentId} = ${secretFindings.documentId} and ${secretDismissals.rule} = ${secretFindings.rule} and ${secretDismissals.matchHash} = ${secretFindings.matchHash})`;

/** Findings still to deal with: not dismissed. */
export const liveFindingSql = sql`not ${dismissedSql}`;

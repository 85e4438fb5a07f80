import "server-only";
import { eq } from "drizzle-orm";
import { basename } from "node:path";
import type { CairnDb } from "../../db/client";
import { secretFindings } from "../../db/schema";
import { scanSecrets } from "../derive/secrets";
import { WriteError, loadDocument, refreshDocument, safeWrite, type WriteHooks } from "../write";

export interface RedactResult {
  documentId: string;
  path: string;
  /** Secrets replaced by `[REDACTED:<rule>]` in the file. */
  redacted: number;
  /** Findings the index holds for the file after the re-scan: 0 on success. */
  remaining: number;
  message: string;
}

export interface RedactOptions {
  /** `documents.contentHash` when the page was rendered: a different file on disk is a conflict. Omitted: the file as it is now. */
  expectedHash?: string;
  hooks?: WriteHooks;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * The edit: scan the bytes on disk now (under the writer's lock) and replace every finding's value with
 * `[REDACTED:<rule>]`; nothing else in the file changes. A file that is not valid UTF-8 is refused
 * rather than re-encoded.
 */
function redactionEdit(path: string, counted: { n: number }) {
  return async (current: Buffer | null): Promise<Buffer | null> => {
    if (current === null) throw new WriteError("not-found", `${path} no longer exists`);
    const text = current.toString("utf8");
    if (!Buffer.from(text, "utf8").equals(current)) {
      throw new WriteError("invalid-edit", `${path} is not valid UTF-8: Cairn will not rewrite it; redact it in an editor`);
    }
    const scan = await scanSecrets(text, basename(path));
    counted.n = scan.findings.length;
    if (scan.findings.length === 0) return null;
    const after = await scanSecrets(scan.redacted, basename(path));
    if (after.findings.length > 0) throw new WriteError("invalid-edit", "the redacted file would still hold a secret");
    return Buffer.from(scan.redacted, "utf8");
  };
}

/** Redact every secret of one indexed file in place (through the safe writer), then re-index it. */
export async function redactDocument(db: CairnDb, documentId: string, options: RedactOptions = {}): Promise<RedactResult> {
  let loaded = loadDocument(db, documentId);
  if (options.expectedHash === undefined) loaded = await refreshDocument(db, loaded);
  const doc = loaded.doc;
  const counted = { n: 0 };
  const outcome = await safeWrite(db, {
    target: { kind: "redaction", documentId },
    expectedHash: options.expectedHash ?? doc.contentHash,
    edit: redactionEdit(doc.path, counted),
    hooks: options.hooks,
  });
  // nothing written: the index may still list findings the file no longer has
  if (!outcome.written) await refreshDocument(db, loadDocument(db, documentId)).catch(() => undefined);
  const remaining = db.select({ id: secretFindings.id }).from(secretFindings).where(eq(secretFindings.documentId, documentId)).all().length;
  const base = { documentId, path: doc.path, remaining };
  if (outcome.reindexError) {
    return { ...base, redacted: counted.n, message: `Redacted ${plural(counted.n, "secret")} in ${doc.path}, but re-indexing failed (${outcome.reindexError}); the next index run catches up.` };
  }
  if (!outcome.written) {
    return { ...base, redacted: 0, message: `${doc.path} holds no secret any more: nothing to redact.` };
  }
  const tail = remaining === 0 ? "the file now scans clean" : `${plural(remaining, "finding")} remain`;
  return { ...base, redacted: counted.n, message: `Redacted ${plural(counted.n, "secret")} in ${doc.path}: ${tail}. Rotate any key that was committed or shared.` };
}

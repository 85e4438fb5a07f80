/**
 * Passages and their vectors in SQLite (migration 0016): passages per document, rebuilt only when the document's
 * content changed; vectors per (model, passage hash), int8 with one scale each, so the same text is embedded once
 * per model whichever documents hold it.
 */
import type { CairnDb } from "../../db/client";
import { passagesOf, type Passage } from "./passages";
import type { EmbedSettings, ProviderName } from "./types";

type Sections = Array<{ canonical: string | null; heading: string; text: string }>;

/**
 * Rebuilds the passages of up to `limit` documents added or changed since last time; returns how many. Small
 * steps: the caller yields between them, so a page waits for one step at most.
 */
export function syncPassages(db: CairnDb, limit = 50): number {
  const client = db.$client;
  const stale = client
    .prepare(
      `SELECT d.id, d.title, d.content_hash AS hash, d.decisions_text AS decisions, d.body FROM documents d
       LEFT JOIN document_passages p ON p.document_id = d.id AND p.position = 0
       WHERE d.duplicate_of IS NULL AND (p.doc_hash IS NULL OR p.doc_hash <> d.content_hash) LIMIT ?`,
    )
    .all(limit) as Array<{ id: string; title: string | null; hash: string; decisions: string; body: string }>;
  if (stale.length === 0) return 0;
  const sectionsOf = client.prepare("SELECT canonical, heading, text FROM sections WHERE document_id = ? ORDER BY position");
  const remove = client.prepare("DELETE FROM document_passages WHERE document_id = ?");
  const insert = client.prepare("INSERT INTO document_passages (document_id, position, kind, text, hash, doc_hash) VALUES (?, ?, ?, ?, ?, ?)");
  client.transaction(() => {
    for (const doc of stale) {
      remove.run(doc.id);
      const passages: Passage[] = passagesOf({ title: doc.title, body: doc.body, decisionsText: doc.decisions, sections: sectionsOf.all(doc.id) as Sections });
      // an empty document keeps one empty marker row, so it is not looked at again until it changes
      if (passages.length === 0) insert.run(doc.id, 0, "none", "", "", doc.hash);
      passages.forEach((p, i) => insert.run(doc.id, i, p.kind, p.text, p.hash, doc.hash));
    }
  })();
  return stale.length;
}

/** Passages whose text this model has not embedded yet (each text once). */
export function pendingPassages(db: CairnDb, model: string, limit: number): Array<{ hash: string; text: string }> {
  return db.$client
    .prepare(
      `SELECT p.hash, MIN(p.text) AS text FROM document_passages p
       WHERE p.hash <> '' AND NOT EXISTS (SELECT 1 FROM embedding_vectors v WHERE v.model = ? AND v.hash = p.hash)
       GROUP BY p.hash LIMIT ?`,
    )
    .all(model, limit) as Array<{ hash: string; text: string }>;
}

/** int8 with one scale: value = byte * scale. */
export function quantize(vector: Float32Array): { scale: number; bytes: Int8Array } {
  let max = 0;
  for (const v of vector) max = Math.max(max, Math.abs(v));
  const scale = max / 127 || 1;
  const bytes = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) bytes[i] = Math.round(vector[i] / scale);
  return { scale, bytes };
}

export function storeVectors(db: CairnDb, model: string, items: Array<{ hash: string; vector: Float32Array }>): void {
  const insert = db.$client.prepare("INSERT OR REPLACE INTO embedding_vectors (model, hash, dims, scale, vector) VALUES (?, ?, ?, ?, ?)");
  db.$client.transaction(() => {
    for (const { hash, vector } of items) {
      const { scale, bytes } = quantize(vector);
      insert.run(model, hash, vector.length, scale, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
  })();
}

export interface EmbedProgress {
  /** Distinct passage texts of the indexed documents. */
  passages: number;
  /** Of those, embedded by this model. */
  embedded: number;
  /** Bytes of this model's vectors. */
  bytes: number;
}

export function embedProgress(db: CairnDb, model: string): EmbedProgress {
  const row = db.$client
    .prepare(
      `SELECT (SELECT COUNT(DISTINCT hash) FROM document_passages WHERE hash <> '') AS passages,
              (SELECT COUNT(*) FROM (SELECT DISTINCT p.hash FROM document_passages p JOIN embedding_vectors v ON v.model = ? AND v.hash = p.hash)) AS embedded,
              (SELECT COALESCE(SUM(LENGTH(vector)) + COUNT(*) * 8, 0) FROM embedding_vectors WHERE model = ?) AS bytes`,
    )
    .get(model, model) as EmbedProgress;
  return row;
}

/** The provider chosen with `cairn index --embed` (kept in the database), if any. */
export function savedEmbedSettings(db: CairnDb): Partial<EmbedSettings> {
  try {
    const rows = db.$client.prepare("SELECT key, value FROM embed_settings").all() as Array<{ key: string; value: string }>;
    const map = new Map(rows.map((r) => [r.key, r.value]));
    const out: Partial<EmbedSettings> = {};
    if (map.has("provider")) out.provider = map.get("provider") as ProviderName;
    if (map.has("folder")) out.folder = map.get("folder");
    if (map.has("url")) out.url = map.get("url");
    if (map.has("endpointModel")) out.endpointModel = map.get("endpointModel");
    return out;
  } catch {
    return {};
  }
}

export function saveEmbedSettings(db: CairnDb, settings: EmbedSettings): void {
  const client = db.$client;
  client.transaction(() => {
    client.prepare("DELETE FROM embed_settings").run();
    const insert = client.prepare("INSERT INTO embed_settings (key, value) VALUES (?, ?)");
    for (const [key, value] of Object.entries(settings)) if (typeof value === "string" && value) insert.run(key, value);
  })();
}

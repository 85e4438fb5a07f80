/**
 * Meaning search by brute force: every passage vector of one model in one contiguous int8 array, scanned per
 * query (a dot product per passage, the best passage per document). Reloaded when the stored vectors change.
 */
import type { CairnDb } from "../../db/client";

interface Matrix {
  model: string;
  stamp: string;
  dims: number;
  rowids: Int32Array;
  scales: Float32Array;
  data: Int8Array;
  kinds: string[];
  texts: string[];
  checkedAt: number;
}

const cache = new WeakMap<object, Matrix>();
/** How often (ms) the stored vectors are checked for a change. */
const RECHECK_MS = 1_000;

function stampOf(db: CairnDb, model: string): string {
  const row = db.$client
    .prepare("SELECT (SELECT COUNT(*) FROM embedding_vectors WHERE model = ?) AS v, (SELECT COUNT(*) FROM document_passages) AS p, (SELECT MAX(rowid) FROM documents) AS d")
    .get(model) as { v: number; p: number; d: number | null };
  return `${row.v}/${row.p}/${row.d ?? 0}`;
}

function load(db: CairnDb, model: string, stamp: string): Matrix {
  const rows = db.$client
    .prepare(
      `SELECT d.rowid AS rowid, p.kind AS kind, p.text AS text, v.scale AS scale, v.dims AS dims, v.vector AS vector
       FROM document_passages p JOIN documents d ON d.id = p.document_id JOIN embedding_vectors v ON v.model = ? AND v.hash = p.hash`,
    )
    .all(model) as Array<{ rowid: number; kind: string; text: string; scale: number; dims: number; vector: Buffer }>;
  const dims = rows[0]?.dims ?? 0;
  const usable = rows.filter((r) => r.dims === dims);
  const data = new Int8Array(usable.length * dims);
  const rowids = new Int32Array(usable.length);
  const scales = new Float32Array(usable.length);
  usable.forEach((r, i) => {
    data.set(new Int8Array(r.vector.buffer, r.vector.byteOffset, dims), i * dims);
    rowids[i] = r.rowid;
    scales[i] = r.scale;
  });
  return { model, stamp, dims, rowids, scales, data, kinds: usable.map((r) => r.kind), texts: usable.map((r) => r.text), checkedAt: Date.now() };
}

function matrixOf(db: CairnDb, model: string): Matrix {
  const key = db.$client;
  const held = cache.get(key);
  if (held && held.model === model && Date.now() - held.checkedAt < RECHECK_MS) return held;
  const stamp = stampOf(db, model);
  if (held && held.model === model && held.stamp === stamp) {
    held.checkedAt = Date.now();
    return held;
  }
  const fresh = load(db, model, stamp);
  cache.set(key, fresh);
  return fresh;
}

export interface VectorHit {
  rowid: number;
  /** Cosine similarity of the best passage. */
  score: number;
  kind: string;
  passage: string;
}

/** The `k` documents whose best passage is nearest the query, of those `keep` accepts. */
export function nearestDocuments(db: CairnDb, model: string, query: Float32Array, k: number, keep: (rowid: number) => boolean): VectorHit[] {
  const m = matrixOf(db, model);
  if (m.rowids.length === 0 || m.dims !== query.length) return [];
  const { data, dims, rowids, scales } = m;
  const scores = new Float32Array(rowids.length);
  const best = new Map<number, number>();
  for (let i = 0, off = 0; i < rowids.length; i++, off += dims) {
    let dot = 0;
    for (let j = 0; j < dims; j++) dot += data[off + j] * query[j];
    scores[i] = dot * scales[i];
    const at = best.get(rowids[i]);
    if (at === undefined || scores[i] > scores[at]) best.set(rowids[i], i);
  }
  const scored: VectorHit[] = [];
  for (const [rowid, index] of best) {
    if (keep(rowid)) scored.push({ rowid, score: scores[index], kind: m.kinds[index], passage: m.texts[index] });
  }
  return scored.sort((a, b) => b.score - a.score || b.rowid - a.rowid).slice(0, k);
}

/** Passages held in memory for this model (for the page's "how much is embedded"). */
export function heldPassages(db: CairnDb, model: string): number {
  return matrixOf(db, model).rowids.length;
}

/**
 * A model folder the user points to: an ONNX sentence model (all-MiniLM-L6-v2, bge-small, e5-small and the like,
 * exported as `model.onnx` or `onnx/model.onnx`, optionally quantized) with its WordPiece vocabulary (`vocab.txt`,
 * or `tokenizer.json`'s `model.vocab`). Run by onnxruntime-node, which is not installed by default (about
 * 100 MB): `npm install onnxruntime-node` to use this provider. Mean pooling over the attention mask, then unit
 * length, as sentence-transformers does for these models.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { normalize, type Embedder } from "./types";

const MAX_TOKENS = 256;

export function findModelFile(folder: string): string | null {
  for (const name of ["model_quantized.onnx", "model.onnx", join("onnx", "model_quantized.onnx"), join("onnx", "model.onnx")]) {
    const path = join(folder, name);
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** The vocabulary (token -> id) of vocab.txt, or of tokenizer.json's WordPiece model. */
export function readVocabulary(folder: string): Map<string, number> | null {
  const txt = join(folder, "vocab.txt");
  if (existsSync(txt)) return new Map(readFileSync(txt, "utf8").split(/\r?\n/).map((token, id) => [token, id] as [string, number]).filter(([t]) => t !== ""));
  const json = join(folder, "tokenizer.json");
  if (existsSync(json)) {
    const vocab = (JSON.parse(readFileSync(json, "utf8")) as { model?: { vocab?: Record<string, number> } }).model?.vocab;
    if (vocab && typeof vocab === "object" && !Array.isArray(vocab)) return new Map(Object.entries(vocab));
  }
  return null;
}

/** BERT's uncased WordPiece: lowercase, accents stripped, split on spaces and punctuation, greedy longest pieces. */
export function wordPiece(text: string, vocab: Map<string, number>, maxTokens = MAX_TOKENS): number[] {
  const id = (t: string) => vocab.get(t);
  const unk = id("[UNK]") ?? 100;
  const ids: number[] = [id("[CLS]") ?? 101];
  const words = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? [];
  for (const word of words) {
    if (ids.length >= maxTokens - 1) break;
    let start = 0;
    const pieces: number[] = [];
    while (start < word.length) {
      let end = word.length;
      let found: number | undefined;
      while (end > start) {
        found = id((start > 0 ? "##" : "") + word.slice(start, end));
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) {
        pieces.length = 0;
        pieces.push(unk);
        break;
      }
      pieces.push(found);
      start = end;
    }
    ids.push(...pieces.slice(0, maxTokens - 1 - ids.length));
  }
  ids.push(id("[SEP]") ?? 102);
  return ids;
}

type Ort = {
  InferenceSession: { create(path: string, options?: unknown): Promise<OrtSession> };
  Tensor: new (type: string, data: BigInt64Array, dims: number[]) => unknown;
};
type OrtSession = { inputNames: string[]; run(feeds: Record<string, unknown>): Promise<Record<string, { data: Float32Array; dims: number[] }>>; release?: () => Promise<void> };

/** onnxruntime-node when installed, else null. */
export function loadOrt(): Ort | null {
  try {
    return createRequire(import.meta.url)("onnxruntime-node") as Ort;
  } catch {
    return null;
  }
}

/** The embedder for this folder, or the reason it cannot run here. */
export function folderEmbedder(folder: string): Embedder | { error: string } {
  const modelFile = findModelFile(folder);
  if (!modelFile) return { error: `no model.onnx in ${folder} (nor onnx/model.onnx)` };
  const vocab = readVocabulary(folder);
  if (!vocab) return { error: `no vocab.txt or tokenizer.json in ${folder}` };
  const ort = loadOrt();
  if (!ort) return { error: "the folder provider needs onnxruntime-node: npm install onnxruntime-node" };
  let session: Promise<OrtSession> | null = null;
  const open = () => (session ??= ort.InferenceSession.create(modelFile, { intraOpNumThreads: 1, interOpNumThreads: 1 }));
  return {
    provider: "folder",
    model: `folder:${modelFile}:${statSync(modelFile).size}`,
    label: `model folder ${folder}`,
    async embed(texts) {
      const s = await open();
      const out: Float32Array[] = [];
      for (const text of texts) {
        const ids = wordPiece(text, vocab);
        const n = ids.length;
        const feeds: Record<string, unknown> = {};
        const tensor = (values: number[]) => new ort.Tensor("int64", BigInt64Array.from(values.map(BigInt)), [1, n]);
        for (const name of s.inputNames) {
          if (name === "input_ids") feeds[name] = tensor(ids);
          else if (name === "attention_mask") feeds[name] = tensor(ids.map(() => 1));
          else if (name === "token_type_ids") feeds[name] = tensor(ids.map(() => 0));
        }
        const result = await s.run(feeds);
        const hidden = result.last_hidden_state ?? result[Object.keys(result)[0]];
        const dims = hidden.dims[hidden.dims.length - 1];
        const pooled = new Float32Array(dims);
        if (hidden.dims.length === 2) pooled.set(hidden.data.subarray(0, dims));
        else for (let t = 0; t < n; t++) for (let d = 0; d < dims; d++) pooled[d] += hidden.data[t * dims + d] / n;
        out.push(normalize(pooled));
      }
      return out;
    },
    async close() {
      const s = session ? await session : null;
      await s?.release?.();
    },
  };
}

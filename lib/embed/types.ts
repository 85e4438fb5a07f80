/**
 * One embedder interface (issue 38), three providers: the built-in model whose weights `npm ci` installs
 * (lib/embed/builtin.ts), a model folder the user points to (folder.ts), and a local endpoint speaking the
 * OpenAI embeddings API (endpoint.ts), off unless turned on. lib/embed/choose.ts picks one from the settings.
 */
export type ProviderName = "builtin" | "folder" | "endpoint" | "off";
export const PROVIDER_NAMES: ProviderName[] = ["builtin", "folder", "endpoint", "off"];

export interface Embedder {
  provider: Exclude<ProviderName, "off">;
  /** Names the model and its version: vectors are kept per model, so a change of model never mixes spaces. */
  model: string;
  /** What the search page says is active, in plain words. */
  label: string;
  /** Unit-length vectors, one per text, in order. Texts are already redacted. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Frees the model (a worker thread, a session); the embedder is not used after. */
  close(): Promise<void>;
}

export interface EmbedSettings {
  provider: ProviderName;
  /** folder provider: a folder holding model.onnx (or onnx/model.onnx) and tokenizer.json or vocab.txt. */
  folder?: string;
  /** endpoint provider: base URL, e.g. http://127.0.0.1:11434/v1 (Ollama) or http://127.0.0.1:8080/v1 (llama.cpp). */
  url?: string;
  /** endpoint provider: the model name to ask for. */
  endpointModel?: string;
}

export function normalize(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  const norm = Math.sqrt(sum) || 1;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i] / norm;
  return out;
}

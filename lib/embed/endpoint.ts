/**
 * Opt-in: a local server speaking the OpenAI embeddings API (`POST {url}/embeddings` with `{ model, input }`),
 * such as Ollama (`http://127.0.0.1:11434/v1`) or llama.cpp's server (`http://127.0.0.1:8080/v1`). Off unless
 * configured. Only redacted passage text and typed queries are sent (documents are stored redacted, see
 * lib/index/prepare.ts), only to a loopback address, never with a key from a file.
 */
import { normalize, type Embedder } from "./types";

const TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The URL, or a reason it cannot be used: only http(s) on this machine (loopback). */
export function checkEndpointUrl(url: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `not a URL: ${JSON.stringify(url)}` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { ok: false, reason: "the endpoint must be http:// or https://" };
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (!(host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    return { ok: false, reason: `the endpoint must be on this machine (localhost, 127.0.0.1 or ::1), not ${host}` };
  }
  return { ok: true, url: parsed };
}

export function endpointEmbedder(url: string, model: string): Embedder {
  const checked = checkEndpointUrl(url);
  if (!checked.ok) throw new Error(checked.reason);
  const target = new URL(checked.url.href.replace(/\/+$/, "") + "/embeddings");
  return {
    provider: "endpoint",
    model: `endpoint:${model}`,
    label: `local endpoint ${checked.url.host} (${model})`,
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model, input: texts }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
      const raw = await response.text();
      if (raw.length > MAX_RESPONSE_BYTES) throw new Error("the endpoint answered too much");
      if (!response.ok) throw new Error(`the endpoint answered ${response.status}: ${raw.slice(0, 200)}`);
      const body = JSON.parse(raw) as { data?: Array<{ index?: number; embedding?: unknown }> };
      const data = Array.isArray(body.data) ? body.data : [];
      if (data.length !== texts.length) throw new Error(`the endpoint answered ${data.length} vectors for ${texts.length} texts`);
      const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return ordered.map((d) => {
        if (!Array.isArray(d.embedding) || d.embedding.length === 0 || d.embedding.length > 8192 || !d.embedding.every((x) => typeof x === "number" && Number.isFinite(x))) {
          throw new Error("the endpoint answered a vector that is not a list of numbers");
        }
        return normalize(d.embedding as number[]);
      });
    },
    async close() {},
  };
}

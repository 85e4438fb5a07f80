/**
 * The meaning search of one process (a server, a `cairn index` run): the chosen embedder, loaded once and kept
 * warm; query vectors (cached); the background embedding after an index run; and the one line the search page
 * shows about it.
 */
import type { CairnDb } from "../../db/client";
import { embedPending, type EmbedRun } from "./background";
import { chooseEmbedder, embedSettings } from "./choose";
import { embedProgress } from "./store";
import type { Embedder } from "./types";

interface Active {
  key: string;
  embedder: Embedder | null;
  reason: string | null;
}

let active: Active | null = null;
let running: Promise<EmbedRun | null> | null = null;
const queryCache = new Map<string, Float32Array>();
const QUERY_CACHE = 500;
/** A query's embedding waits at most this long (the model loading, a slow endpoint): then the search is lexical. */
const QUERY_TIMEOUT_MS = Number(process.env.CAIRN_EMBED_QUERY_TIMEOUT_MS ?? 3_000);

export function currentEmbedder(db: CairnDb): Active {
  const settings = embedSettings(db);
  const key = JSON.stringify(settings);
  if (active && active.key === key) return active;
  void active?.embedder?.close();
  const chosen = chooseEmbedder(settings);
  active = { key, embedder: chosen.embedder, reason: chosen.embedder ? null : chosen.reason };
  queryCache.clear();
  return active;
}

/** The question's vector, or null (no embedder, nothing embedded yet, or too slow). */
export async function queryVector(db: CairnDb, text: string): Promise<{ model: string; vector: Float32Array } | null> {
  const { embedder } = currentEmbedder(db);
  if (!embedder) return null;
  const key = text.trim().toLowerCase();
  const held = queryCache.get(key);
  if (held) return { model: embedder.model, vector: held };
  try {
    // what leaves the process is redacted: passages are stored redacted, and a typed question is scanned here
    const sent = embedder.provider === "endpoint" ? await (await import("../derive/secrets")).redactValue(text) : text;
    const vector = await Promise.race([
      embedder.embed([sent]).then((v) => v[0]),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), QUERY_TIMEOUT_MS).unref()),
    ]);
    if (!vector) return null;
    if (queryCache.size >= QUERY_CACHE) queryCache.delete(queryCache.keys().next().value!);
    queryCache.set(key, vector);
    return { model: embedder.model, vector };
  } catch {
    return null;
  }
}

export interface MeaningStatus {
  active: boolean;
  provider: string;
  /** One line for the page and the CLI. */
  line: string;
  embedded: number;
  passages: number;
}

let statusHeld: { at: number; key: string; status: MeaningStatus } | null = null;
/** The status is counted at most this often (ms): counting the passages costs a few ms at thousands of documents. */
const STATUS_MS = 2_000;

export function meaningStatus(db: CairnDb): MeaningStatus {
  const current = currentEmbedder(db);
  if (statusHeld && statusHeld.key === current.key && Date.now() - statusHeld.at < STATUS_MS) return statusHeld.status;
  const status = countStatus(db, current);
  statusHeld = { at: Date.now(), key: current.key, status };
  return status;
}

function countStatus(db: CairnDb, { embedder, reason }: Active): MeaningStatus {
  if (!embedder) return { active: false, provider: "off", line: `Searching by words only: ${reason}.`, embedded: 0, passages: 0 };
  let progress = { passages: 0, embedded: 0 };
  try {
    progress = embedProgress(db, embedder.model);
  } catch {
    // no tables yet
  }
  const share = progress.passages ? Math.floor((progress.embedded / progress.passages) * 100) : 0;
  const line =
    progress.embedded >= progress.passages
      ? `Searching by words and by meaning (${embedder.label}).`
      : `Searching by words and by meaning (${embedder.label}): ${share}% of passages embedded so far (${progress.embedded} of ${progress.passages}).`;
  return { active: true, provider: embedder.provider, line, embedded: progress.embedded, passages: progress.passages };
}

/** Embeds what the index added, once at a time; resolves when done (null when there is no embedder). */
export function embedInBackground(db: CairnDb, log: (line: string) => void = () => {}): Promise<EmbedRun | null> {
  if (running) return running;
  const { embedder } = currentEmbedder(db);
  if (!embedder) return Promise.resolve(null);
  running = embedPending(db, embedder)
    .catch((error: unknown) => {
      log(`cairn: embedding stopped: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

export async function closeEmbedder(): Promise<void> {
  const held = active;
  active = null;
  await held?.embedder?.close();
}

/** Loads the model now when there is something embedded to search (a server at start), so no question waits for it. */
export async function warmEmbedder(db: CairnDb): Promise<void> {
  try {
    if (meaningStatus(db).embedded > 0) await queryVector(db, "warm up the model");
  } catch {
    // searched by words until it loads
  }
}

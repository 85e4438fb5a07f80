/**
 * `cairn index --embed <provider>` (issue 38): saves the choice in the database (the server uses it from then on)
 * and embeds what the index holds, printing how long it took and how many bytes the vectors take.
 */
import type { CairnDb } from "../../db/client";
import { PROVIDER_NAMES, type EmbedSettings, type ProviderName } from "../embed/types";

export interface EmbedOptions {
  embed?: string;
  embedFolder?: string;
  embedUrl?: string;
  embedModel?: string;
}

export async function embedAfterIndex(db: CairnDb, opts: EmbedOptions, fail: (message: string) => never): Promise<Record<string, unknown> | null> {
  if (!opts.embed) return null;
  if (!(PROVIDER_NAMES as string[]).includes(opts.embed)) fail(`--embed must be one of ${PROVIDER_NAMES.join(", ")}, not ${JSON.stringify(opts.embed)}`);
  const settings: EmbedSettings = { provider: opts.embed as ProviderName, folder: opts.embedFolder, url: opts.embedUrl, endpointModel: opts.embedModel };
  const [{ saveEmbedSettings }, { chooseEmbedder }, { embedPending }] = await Promise.all([import("../embed/store"), import("../embed/choose"), import("../embed/background")]);
  if (settings.provider === "endpoint" && settings.url) {
    const { checkEndpointUrl } = await import("../embed/endpoint");
    const checked = checkEndpointUrl(settings.url);
    if (!checked.ok) fail(checked.reason);
  }
  saveEmbedSettings(db, settings);
  if (settings.provider === "off") return { provider: "off" };
  const chosen = chooseEmbedder(settings);
  if (!chosen.embedder) fail(`cannot embed with ${settings.provider}: ${chosen.reason}`);
  const embedder = chosen.embedder;
  try {
    const run = await embedPending(db, embedder, { onProgress: (p) => process.stderr.write(`embedding: ${p.embedded} of ${p.passages} passages\n`) });
    process.stderr.write(`embedded ${run.embeddedNow} passages in ${(run.ms / 1000).toFixed(1)} s with ${embedder.label}; ${run.embedded} of ${run.passages} passages embedded, ${(run.bytes / 1024).toFixed(0)} KiB of vectors\n`);
    return { provider: embedder.provider, model: embedder.model, embeddedNow: run.embeddedNow, passages: run.passages, embedded: run.embedded, bytes: run.bytes, ms: Math.round(run.ms) };
  } finally {
    await embedder.close();
  }
}

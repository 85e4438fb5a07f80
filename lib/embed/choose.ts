/**
 * Which embedder runs: `CAIRN_EMBED` (builtin | folder | endpoint | off), else the choice saved by
 * `cairn index --embed`, else the built-in model when its package is installed. The folder comes from
 * `CAIRN_EMBED_FOLDER`, the endpoint from `CAIRN_EMBED_URL` and `CAIRN_EMBED_MODEL` (or the saved ones).
 */
import type { CairnDb } from "../../db/client";
import { builtinEmbedder } from "./builtin";
import { endpointEmbedder } from "./endpoint";
import { folderEmbedder } from "./folder";
import { savedEmbedSettings } from "./store";
import { PROVIDER_NAMES, type Embedder, type EmbedSettings, type ProviderName } from "./types";

export function embedSettings(db: CairnDb | null, env: Record<string, string | undefined> = process.env): EmbedSettings {
  const saved = db ? savedEmbedSettings(db) : {};
  const fromEnv = env.CAIRN_EMBED && (PROVIDER_NAMES as string[]).includes(env.CAIRN_EMBED) ? (env.CAIRN_EMBED as ProviderName) : undefined;
  return {
    provider: fromEnv ?? saved.provider ?? "builtin",
    folder: env.CAIRN_EMBED_FOLDER || saved.folder,
    url: env.CAIRN_EMBED_URL || saved.url,
    endpointModel: env.CAIRN_EMBED_MODEL || saved.endpointModel,
  };
}

/** The embedder for these settings, or why there is none (then search is lexical and says so). */
export function chooseEmbedder(settings: EmbedSettings): { embedder: Embedder } | { embedder: null; reason: string } {
  switch (settings.provider) {
    case "off":
      return { embedder: null, reason: "meaning search is off" };
    case "builtin": {
      const embedder = builtinEmbedder();
      return embedder ? { embedder } : { embedder: null, reason: "the built-in model's package is not installed" };
    }
    case "folder": {
      if (!settings.folder) return { embedder: null, reason: "no model folder set (CAIRN_EMBED_FOLDER or cairn index --embed folder --embed-folder DIR)" };
      const made = folderEmbedder(settings.folder);
      return "error" in made ? { embedder: null, reason: made.error } : { embedder: made };
    }
    case "endpoint": {
      if (!settings.url) return { embedder: null, reason: "no endpoint set (CAIRN_EMBED_URL)" };
      try {
        return { embedder: endpointEmbedder(settings.url, settings.endpointModel || "nomic-embed-text") };
      } catch (error) {
        return { embedder: null, reason: error instanceof Error ? error.message : String(error) };
      }
    }
  }
}

import type { ParsedDocument } from "../parse/types";
import { companionTextsOf, unitOf, type CompanionRole, type CompanionText } from "../parse/conventions/unit";

/** Each companion's text is kept (shown on the unit's page, searched as the unit) up to here... */
export const COMPANION_TEXT_MAX = 64 * 1024;
/** ...and all of a unit's companions together up to here. */
export const COMPANION_TEXTS_MAX = 256 * 1024;

/** Companions read as prose: a convention's index of every unit (conductor/tracks.md) and its metadata are not the unit's text. */
const PROSE_ROLES = new Set<CompanionRole>(["spec", "plan", "tasks", "research", "design", "requirements", "proposal", "context", "progress", "other"]);
const PROSE_FILE = /\.(?:md|markdown|mdx|txt)$/i;

/** The start of `text` within `max` UTF-8 bytes, cut at a character boundary (no lone surrogate). */
function capped(text: string, max: number): { text: string; truncated: boolean } {
  if (Buffer.byteLength(text, "utf8") <= max) return { text, truncated: false };
  let cut = Buffer.from(text, "utf8").subarray(0, max).toString("utf8");
  // a character cut in two decodes as U+FFFD at the end: drop it
  cut = cut.replace(/\uFFFD$/, "");
  const lastBreak = cut.lastIndexOf("\n");
  return { text: lastBreak > max / 2 ? cut.slice(0, lastBreak) : cut, truncated: true };
}

/**
 * Keep a convention unit's companion files (plan.md, research.md, proposal.md, design.md, progress.md...) with it
 * as `meta.companionTexts`: the unit's page shows each, and the search reads them as the unit's body
 * (lib/index/terms/fields.ts). `companions` must already be redacted (lib/index/prepare.ts scans each one for
 * secrets before parsing): no raw secret is kept or indexed. Each is capped at 64 KB, all of them at 256 KB.
 */
export function attachCompanionTexts(doc: ParsedDocument, companions: Record<string, string>): void {
  const unit = unitOf(doc.meta);
  if (!unit) return;
  const kept: CompanionText[] = [];
  let budget = COMPANION_TEXTS_MAX;
  for (const companion of unit.companions) {
    const text = companions[companion.path];
    if (text === undefined || !PROSE_ROLES.has(companion.role) || !PROSE_FILE.test(companion.path) || budget <= 0) continue;
    if (!text.trim()) continue;
    const cut = capped(text, Math.min(COMPANION_TEXT_MAX, budget));
    budget -= Buffer.byteLength(cut.text, "utf8");
    kept.push({ path: companion.path, role: companion.role, text: cut.text, truncated: cut.truncated });
  }
  if (kept.length) doc.meta = { ...doc.meta, companionTexts: kept };
}

/** The companions' text to search as the unit's own (none for other records). */
export function companionSearchText(doc: ParsedDocument): string {
  return companionTextsOf(doc.meta)
    .map((c) => c.text)
    .join("\n\n");
}

/** Small display helpers shared by pages (no DB, no fs). */
import { FAMILY_NAMES } from "@/lib/parse/conventions/families";

export function formatDate(iso: string | null): string {
  if (!iso) return "unknown date";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace("T", " ");
}

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "";
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  const abs = Math.abs(seconds);
  const units: [number, string][] = [
    [60, "second"],
    [60, "minute"],
    [24, "hour"],
    [30, "day"],
    [12, "month"],
    [Number.POSITIVE_INFINITY, "year"],
  ];
  let value = abs;
  for (const [size, name] of units) {
    if (value < size) {
      const n = Math.max(1, Math.floor(value));
      const label = `${n} ${name}${n === 1 ? "" : "s"}`;
      return seconds >= 0 ? `${label} ago` : `in ${label}`;
    }
    value /= size;
  }
  return "";
}

/**
 * The families (documents.format), in words a newcomer can decode: a short label, one line of help shown beside
 * it, and whether its files are checkpoints to resume. The table lives in lib/parse/conventions/families.ts (lists,
 * search facets and MCP read it too).
 */
export const FAMILIES: Record<string, { label: string; help: string; resumable: boolean }> = FAMILY_NAMES;

/** Readable names of the families (documents.format). */
export const FAMILY_LABELS: Record<string, string> = Object.fromEntries(Object.entries(FAMILIES).map(([format, f]) => [format, f.label]));

export function familyLabel(format: string): string {
  return FAMILY_LABELS[format] ?? format;
}

export function familyHelp(format: string): string | null {
  return FAMILIES[format]?.help ?? null;
}

/**
 * Is this document a checkpoint or handoff to resume? Then its page shows the freshness banner and the Resume
 * panel. Research, plans, journals (PROJECT-NOTES.md) and reviews are read, not resumed.
 */
export function isResumable(doc: { format: string; kind: string }): boolean {
  return doc.kind === "checkpoint" && (FAMILIES[doc.format]?.resumable ?? true);
}

export const KIND_LABELS: Record<string, string> = {
  checkpoint: "Checkpoint",
  research: "Research",
  plan: "Plan",
  journal: "Journal",
  review: "Review",
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** "2026-11-02" for a date input. */
export function dayOf(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "";
}

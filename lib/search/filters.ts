/** The search filters, their allowed values and the words users type for them. Pure: no DB, usable anywhere. */
import { FORMATS, KINDS } from "../parse/types";
import { familyLabelOf } from "../parse/conventions/families";

export const STATUS_VALUES = ["in-progress", "completed", "none"] as const;
export const LEVEL_VALUES = ["fresh", "slightly-stale", "stale", "very-stale", "unknown"] as const;
export const FORMAT_VALUES = FORMATS;
export const KIND_VALUES = KINDS;
export const GROUP_VALUES = ["flat", "repo"] as const;

export type StatusValue = (typeof STATUS_VALUES)[number];
export type LevelValue = (typeof LEVEL_VALUES)[number];
export type FilterKey = "repo" | "branch" | "status" | "format" | "kind" | "level" | "from" | "to";

export interface SearchFilters {
  /** A repository's absolute path, its name, its numeric id, or "global" (outside any repository). */
  repo?: string;
  branch?: string;
  status?: StatusValue;
  /** The family (record.md's `format`). */
  format?: string;
  kind?: string;
  /** Freshness level. */
  level?: LevelValue;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
}

export const FILTER_KEYS: readonly FilterKey[] = ["repo", "branch", "status", "format", "kind", "level", "from", "to"];

const STATUS_WORDS: Record<string, StatusValue> = {
  "in-progress": "in-progress",
  inprogress: "in-progress",
  in_progress: "in-progress",
  wip: "in-progress",
  active: "in-progress",
  open: "in-progress",
  ongoing: "in-progress",
  blocked: "in-progress",
  completed: "completed",
  complete: "completed",
  done: "completed",
  closed: "completed",
  finished: "completed",
  superseded: "completed",
  none: "none",
  unknown: "none",
};

const LEVEL_WORDS: Record<string, LevelValue> = {
  fresh: "fresh",
  "slightly-stale": "slightly-stale",
  slightly_stale: "slightly-stale",
  stale: "stale",
  "very-stale": "very-stale",
  very_stale: "very-stale",
  unknown: "unknown",
};

/** A real calendar day as YYYY-MM-DD. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The day after a YYYY-MM-DD day: an exclusive upper bound for an inclusive `to`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export type Normalized = { ok: true; value: string } | { ok: false; note: string };

/** Check one filter value as typed in a query (`status:done`); explain instead of failing. */
export function normalizeFilter(key: FilterKey, raw: string): Normalized {
  const value = raw.trim();
  if (!value) return { ok: false, note: `${key}: needs a value` };
  const lower = value.toLowerCase();
  switch (key) {
    case "status": {
      const status = STATUS_WORDS[lower];
      return status ? { ok: true, value: status } : { ok: false, note: `unknown status "${value}" ignored (use ${STATUS_VALUES.join(", ")})` };
    }
    case "level": {
      const level = LEVEL_WORDS[lower];
      return level ? { ok: true, value: level } : { ok: false, note: `unknown freshness "${value}" ignored (use ${LEVEL_VALUES.join(", ")})` };
    }
    case "format": {
      // the family as stored (spec-kit) or by its readable name ("Spec Kit feature", speckit, "Conductor track")
      const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
      const format = FORMAT_VALUES.find((f) => f === lower || bare(f) === bare(value) || bare(familyLabelOf(f)) === bare(value));
      return format
        ? { ok: true, value: format }
        : { ok: false, note: `unknown family "${value}" ignored (use ${FORMAT_VALUES.join(", ")})` };
    }
    case "kind":
      return (KIND_VALUES as readonly string[]).includes(lower)
        ? { ok: true, value: lower }
        : { ok: false, note: `unknown kind "${value}" ignored (use ${KIND_VALUES.join(", ")})` };
    case "from":
    case "to":
      return isDay(value) ? { ok: true, value } : { ok: false, note: `${key}: "${value}" is not a date like 2026-11-01; ignored` };
    default:
      return { ok: true, value };
  }
}

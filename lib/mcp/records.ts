import "server-only";
import type { CairnDb } from "../../db/client";
import { listRecords, type CheckpointRecord } from "../queries/records";
import { nextDay } from "../search/filters";

/** The record of record.md with its freshness cut to the verdict: the list answers stay small. */
export type RecordSummary = Omit<CheckpointRecord, "freshness"> & { freshness: Record<string, unknown> | null };

const FRESHNESS_KEEP = [
  "level",
  "reasons",
  "newCommits",
  "bookkeepingCommits",
  "branchMatches",
  "currentBranch",
  "savedBranchExists",
  "filesChanged",
  "missingFiles",
  "dirtySaved",
  "dirtyNow",
  "ageDays",
  "landed",
];

export function summarise(record: CheckpointRecord): RecordSummary {
  const f = record.freshness;
  const freshness = f ? Object.fromEntries(FRESHNESS_KEEP.filter((k) => k in f).map((k) => [k, f[k]])) : null;
  return { ...record, freshness };
}

export interface ListFilters {
  repo?: string;
  branch?: string;
  status?: "in-progress" | "completed";
  guessedStatus?: boolean;
  family?: string;
  kind?: string;
  level?: string;
  from?: string;
  to?: string;
}

/** `cairn list --json`'s records (the same function), narrowed by the filters the CLI does not take. */
export function filteredRecords(db: CairnDb, filters: ListFilters): CheckpointRecord[] {
  const records = listRecords(db, { repo: filters.repo, status: filters.status, kind: filters.kind ?? "checkpoint", format: filters.family, guessedStatus: filters.guessedStatus });
  const until = filters.to ? nextDay(filters.to) : null;
  return records.filter((r) => {
    if (filters.branch && r.branch !== filters.branch) return false;
    if (filters.level && (r.freshness?.level ?? "unknown") !== filters.level) return false;
    if (filters.from && (!r.savedAt || r.savedAt < filters.from)) return false;
    if (until && (!r.savedAt || r.savedAt >= until)) return false;
    return true;
  });
}

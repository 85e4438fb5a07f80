import "server-only";
import type { CairnDb } from "../../db/client";
import { listRecords, type CheckpointRecord } from "../queries/records";

/** One entry of the queue, as `cairn queue --json` prints it (record.md): best first. */
export interface QueueEntry {
  id: string;
  rank: number;
  action: string;
  reason: string;
}

const LEVEL_ORDER: Record<string, number> = { fresh: 0, "slightly-stale": 1, stale: 2, "very-stale": 3, unknown: 4 };

function levelOf(r: CheckpointRecord): string {
  const level = r.freshness?.level;
  return typeof level === "string" && level in LEVEL_ORDER ? level : "unknown";
}

function entryFor(r: CheckpointRecord): Omit<QueueEntry, "rank"> {
  const level = levelOf(r);
  const reasons = Array.isArray(r.freshness?.reasons) ? (r.freshness.reasons as unknown[]).filter((x): x is string => typeof x === "string") : [];
  if (r.supersededBy) return { id: r.id, action: "complete", reason: "a later save of the same work supersedes it" };
  if (level === "fresh" || level === "slightly-stale") {
    return { id: r.id, action: "resume", reason: level === "fresh" ? "in progress and fresh: nothing moved since the save" : `in progress, slightly stale: ${reasons.join("; ")}` };
  }
  if (level === "unknown") return { id: r.id, action: "check", reason: "in progress; Cairn cannot tell how far the code moved since the save" };
  return { id: r.id, action: "check", reason: `in progress but ${level}: ${reasons.join("; ") || "the code moved on"}; verify it still applies, or complete it` };
}

/**
 * The queue: in-progress checkpoints ranked by freshness level (fresh first), then newest save.
 * Stands in until the overview's queue (lib/queries/queue.ts) exists; same entry shape as `cairn queue --json`.
 */
export function queueEntries(db: CairnDb, options: { repo?: string } = {}): QueueEntry[] {
  const records = listRecords(db, { repo: options.repo, status: "in-progress", kind: "checkpoint" });
  return records
    .map((r, i) => ({ r, i }))
    .sort((a, b) => LEVEL_ORDER[levelOf(a.r)] - LEVEL_ORDER[levelOf(b.r)] || a.i - b.i)
    .map(({ r }, i) => ({ ...entryFor(r), rank: i + 1 }));
}

import "server-only";
import type { CairnDb } from "../../db/client";
import { loadQueue, queueRecords } from "../queries/queue";

/** One entry of the queue, as `cairn queue --json` prints it (record.md): best first. */
export type QueueEntry = ReturnType<typeof queueRecords>[number];

/** The overview's queue (lib/queries/queue.ts), in the public shape of `cairn queue --json`. */
export async function queueEntries(db: CairnDb, options: { repo?: string } = {}): Promise<{ items: QueueEntry[]; setAside: number }> {
  const { items, setAside } = await loadQueue(db, { repo: options.repo });
  return { items: queueRecords(items), setAside: setAside.length };
}

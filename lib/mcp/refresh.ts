import "server-only";
import type { CairnDb } from "../../db/client";
import { indexRepositoryAt } from "../index/index-repository";
import { withPrepareWorker } from "../index/prepare-pool";

export interface Refreshed {
  repo: string;
  /** Documents whose file changed since the last index run (new, changed or removed). */
  changed: number;
  error: string | null;
}

/**
 * Bring one repository's index up to date before answering, as `cairn serve`'s watcher would: the same
 * incremental run (unchanged files are not read again; freshness is recomputed when git moved).
 * Nothing in the repository is written. A failure is reported, and the answer uses the index as it was.
 */
export function refreshRepository(db: CairnDb, repoPath: string): Promise<Refreshed> {
  // one run per repository at a time: a client may send several calls at once
  const running = inFlight.get(repoPath);
  if (running) return running;
  const run = refreshNow(db, repoPath).finally(() => inFlight.delete(repoPath));
  inFlight.set(repoPath, run);
  return run;
}

const inFlight = new Map<string, Promise<Refreshed>>();

async function refreshNow(db: CairnDb, repoPath: string): Promise<Refreshed> {
  try {
    // changed documents on the parse worker under its time budget, as in `cairn index`
    const summary = await withPrepareWorker(() => indexRepositoryAt(db, repoPath, { recordRun: false }), { warm: false });
    const d = summary.documents;
    return { repo: repoPath, changed: d.new + d.changed + d.removed, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`cairn mcp: could not refresh ${repoPath}: ${message}\n`);
    return { repo: repoPath, changed: 0, error: message.split("\n")[0] };
  }
}

import { EventEmitter } from "node:events";
import type { IndexProgress, IndexSummary } from "./progress";

export interface IndexState {
  running: boolean;
  done: number;
  total: number;
  current: string | null;
  lastSummary: IndexSummary | null;
  lastError: string | null;
  finishedAt: string | null;
}

/**
 * The one index run of this server process, shared by the server entry and Next's bundles (which may
 * load this module more than once), hence the global.
 */
class IndexStatus extends EventEmitter {
  state: IndexState = { running: false, done: 0, total: 0, current: null, lastSummary: null, lastError: null, finishedAt: null };
  private pending: Promise<IndexSummary> | null = null;

  report(event: IndexProgress): void {
    if (event.phase === "repositories") this.state = { ...this.state, total: event.total, done: 0 };
    if (event.phase === "repository") this.state = { ...this.state, done: event.done, total: event.total, current: event.path };
    this.emit("progress", this.state);
  }

  /** Runs at most one index at a time; a second caller waits for the same run. */
  run(task: () => Promise<IndexSummary>): Promise<IndexSummary> {
    if (this.pending) return this.pending;
    this.state = { ...this.state, running: true, done: 0, total: 0, current: null, lastError: null };
    this.emit("progress", this.state);
    this.pending = task()
      .then((summary) => {
        this.state = { ...this.state, running: false, lastSummary: summary, finishedAt: new Date().toISOString(), current: null };
        return summary;
      })
      .catch((error: unknown) => {
        this.state = { ...this.state, running: false, lastError: error instanceof Error ? error.message : String(error) };
        throw error;
      })
      .finally(() => {
        this.pending = null;
        this.emit("progress", this.state);
        this.emit("indexed", this.state);
      });
    return this.pending;
  }
}

const holder = globalThis as unknown as { __cairnIndexStatus?: IndexStatus };
export const indexStatus: IndexStatus = (holder.__cairnIndexStatus ??= new IndexStatus());

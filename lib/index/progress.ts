export interface IndexSummary {
  roots: string[];
  repositories: number;
  documents: { new: number; changed: number; removed: number; unchanged: number };
  parsed: number;
  problems: number;
  secrets: number;
  durationMs: number;
  /** git processes this process started during the run (0 when no repository changed since the last run). */
  gitProcesses?: number;
  /** Documents prepared (scanned, parsed) on the worker thread rather than this one (see prepare-pool.ts). */
  parsedOffThread?: number;
  /** What discovery cost over all repositories: files walked, git processes, files sniffed by their first bytes. */
  discovery?: { walkedFiles: number; gitProcesses: number; sniffed: number; remembered: number; bytesRead: number };
  /** Agents' session logs read this run (lib/index/sessions-step.ts): logs looked at, bytes read, sessions added, ... */
  sessions?: { files: number; bytesRead: number; added: number; changed: number; gone: number; turns: number; problems: number; secrets: number; memories?: number };
}

export type IndexProgress =
  | { phase: "discover"; root: string }
  | { phase: "repositories"; total: number }
  | { phase: "repository"; done: number; total: number; path: string }
  | { phase: "done"; summary: IndexSummary };

export type ProgressListener = (event: IndexProgress) => void;

export function emptySummary(roots: string[]): IndexSummary {
  return {
    roots,
    repositories: 0,
    documents: { new: 0, changed: 0, removed: 0, unchanged: 0 },
    parsed: 0,
    problems: 0,
    secrets: 0,
    durationMs: 0,
  };
}

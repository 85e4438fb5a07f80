/**
 * The session logs on this machine: each reader's roots (lib/sessions/registry), walked only where the reader
 * says (`walk`), symbolic links never followed, capped in files per root; every file the reader classifies is a log.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { sessionReaders } from "../sessions/registry";
import type { LogRef, SessionEnv, SessionReader, SessionRoot } from "../sessions/types";

/** Files looked at under one root at most. */
export const MAX_FILES_PER_ROOT = 200_000;

export interface FoundLog {
  root: SessionRoot;
  reader: SessionReader<unknown>;
  ref: LogRef;
  path: string;
  size: number;
  mtimeMs: number;
}

export interface RootState {
  root: SessionRoot;
  label: string;
  exists: boolean;
  off: boolean;
  logs: number;
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every root of every reader, with whether it exists. */
export function sessionRootStates(env: SessionEnv, off: readonly string[]): RootState[] {
  const out: RootState[] = [];
  for (const reader of sessionReaders()) {
    for (const root of reader.roots(env)) {
      out.push({ root, label: reader.label, exists: isDir(root.dir), off: off.includes(root.dir), logs: 0 });
    }
  }
  return out;
}

/** The logs under one root. */
export function logsUnder(root: SessionRoot, reader: SessionReader<unknown>, problems: string[]): FoundLog[] {
  const out: FoundLog[] = [];
  let seen = 0;
  const visit = (dir: string, rel: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > MAX_FILES_PER_ROOT) return;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth > 0) visit(abs, relPath, depth - 1);
      } else if (entry.isFile()) {
        const ref = reader.classify(relPath);
        if (!ref) continue;
        try {
          const info = lstatSync(abs);
          out.push({ root, reader, ref, path: abs, size: info.size, mtimeMs: info.mtimeMs });
        } catch {
          /* gone between the listing and the stat */
        }
      }
    }
  };
  for (const { under, depth } of reader.walk) {
    const start = under ? join(root.dir, under) : root.dir;
    if (isDir(start)) visit(start, under, depth);
  }
  if (seen > MAX_FILES_PER_ROOT) problems.push(`${root.dir}: more than ${MAX_FILES_PER_ROOT} files; the rest were not looked at`);
  return out;
}

/**
 * `<database>.serving.json`: which local server answers for this database (issue 38), so that `cairn search` can
 * ask it (its model is loaded and warm) instead of loading the model itself. Written when the server listens on a
 * loopback address without a token, removed when it stops; a reader checks the process is alive and asks only
 * 127.0.0.1 or ::1, on the port written.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";

export interface Serving {
  pid: number;
  port: number;
  host: string;
}

export const servingFile = (dbPath: string) => `${dbPath}.serving.json`;

export function writeServing(dbPath: string, serving: Serving): () => void {
  const file = servingFile(dbPath);
  try {
    writeFileSync(file, `${JSON.stringify(serving)}\n`, { mode: 0o600 });
  } catch {
    return () => {};
  }
  return () => {
    try {
      if ((readServing(dbPath)?.pid ?? null) === serving.pid) rmSync(file, { force: true });
    } catch {
      // gone already
    }
  };
}

/** The server answering for this database, if one is alive on a loopback address. */
export function readServing(dbPath: string): Serving | null {
  let parsed: Partial<Serving>;
  try {
    parsed = JSON.parse(readFileSync(servingFile(dbPath), "utf8").slice(0, 1_000)) as Partial<Serving>;
  } catch {
    return null;
  }
  const { pid, port, host } = parsed;
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port! < 1 || port! > 65535) return null;
  if (host !== "127.0.0.1" && host !== "::1") return null;
  try {
    process.kill(pid!, 0);
  } catch {
    return null;
  }
  return { pid: pid!, port: port!, host };
}

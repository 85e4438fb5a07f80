import { homedir } from "node:os";
import { getDb } from "../../db/client";
import { indexRoots, savedRoots } from "./indexer";
import { indexStatus } from "./status";

/** The roots a server indexes: CAIRN_ROOTS and the roots saved on the Roots page, else the user's home. */
export function environmentRoots(): string[] {
  return (process.env.CAIRN_ROOTS ?? "").split(":").filter(Boolean);
}

export function serverRoots(): string[] {
  const fromEnv = environmentRoots();
  const roots = [...new Set([...fromEnv, ...savedRoots(getDb(process.env.CAIRN_DB))])];
  return roots.length ? roots : [homedir()];
}

export function startBackgroundIndex(): void {
  void runIndexNow()
    // after the lexical index, in the background (issue 38): search works at once, by meaning as passages get embedded
    .then(() => import("../embed/service"))
    .then(({ embedInBackground }) => embedInBackground(getDb(process.env.CAIRN_DB), (line) => process.stderr.write(`${line}\n`)))
    .catch((error: unknown) => {
    process.stderr.write(`cairn: indexing failed: ${error instanceof Error ? error.message : String(error)}\n`);
  });
}

export async function runIndexNow() {
  return indexStatus.run(() =>
    indexRoots(getDb(process.env.CAIRN_DB), {
      roots: serverRoots(),
      home: process.env.CAIRN_HOME ?? homedir(),
      onProgress: (event) => indexStatus.report(event),
    }),
  );
}

/**
 * Fallback for machines without GNU time: index in this process, print the summary as `cairn index
 * --json` does, and report this process's peak RSS on stderr (`maxRSS <kilobytes>`).
 */
import { getDb } from "../../db/client";
import { indexRoots } from "../../lib/index/indexer";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const root = arg("--root");
const db = arg("--db");
if (!root || !db) {
  process.stderr.write("usage: index-child.ts index --root DIR --home DIR --db FILE\n");
  process.exit(2);
}
const summary = await indexRoots(getDb(db), { roots: [root], home: arg("--home") ?? null, saveRoots: true });
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`);

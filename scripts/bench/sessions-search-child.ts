/**
 * Times searches over an index in its own process (the search module is server-only: run with
 * `--conditions=react-server`). `sessions-search-child.ts DB QUERIES_JSON` prints `{samples: ms[], hits}`.
 */
import { readFileSync } from "node:fs";
import { getDb } from "../../db/client";
import { answerSearch } from "../../lib/search/api";

const [db, file] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(file, "utf8")) as string[];
const handle = getDb(db);
for (const q of queries.slice(0, 5)) answerSearch(handle, new URLSearchParams({ q }));
const samples: number[] = [];
let hits = 0;
for (const q of queries) {
  const t = performance.now();
  const answer = answerSearch(handle, new URLSearchParams({ q }));
  samples.push(performance.now() - t);
  const list = (answer.body as { hits?: unknown[] } | null)?.hits;
  if (Array.isArray(list) && list.length > 0) hits++;
}
process.stdout.write(`${JSON.stringify({ samples, hits })}\n`);

/**
 * Tool-call latency of `cairn mcp` over stdio, as an agent's client sees it: the SDK's own client, a child
 * process, warm-up first, then p50/p95 of `search_sessions` (the bench queries) and `get_checkpoint`.
 *
 * Also runnable alone against an indexed database: `tsx scripts/bench/mcp.ts --db FILE [--rounds N]`.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { BenchQuery } from "./queries";
import { percentile } from "./measure";

export interface McpLatency {
  search: { p50: number; p95: number; samples: number };
  get: { p50: number; p95: number; samples: number };
}

/** The bench query as search_sessions arguments (the API's `format` is the tool's `family`; grouping is the page's). */
function argsOf(query: BenchQuery): Record<string, unknown> {
  const { format, group: _group, ...rest } = query.params ?? {};
  return { query: query.q, ...rest, ...(format ? { family: format } : {}) };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const stats = (samples: number[]) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length });

export async function timeMcp(projectDir: string, db: string, queries: BenchQuery[], rounds: number): Promise<McpLatency> {
  const env = Object.fromEntries(Object.entries({ ...process.env, CAIRN_DB: "" }).filter((e): e is [string, string] => typeof e[1] === "string"));
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(projectDir, "bin", "cairn.mjs"), "mcp", "--db", db], env, stderr: "ignore" });
  const client = new Client({ name: "cairn-bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    const listed = await client.callTool({ name: "list_checkpoints", arguments: { limit: 50 } });
    const ids = ((listed.structuredContent as { items?: { id: string }[] } | undefined)?.items ?? []).map((i) => i.id);
    if (ids.length === 0) throw new Error("the index holds no checkpoint to read");
    const search = (q: BenchQuery) => client.callTool({ name: "search_sessions", arguments: argsOf(q) });
    const get = (id: string) => client.callTool({ name: "get_checkpoint", arguments: { id } });
    for (const q of queries) {
      const r = await search(q);
      if (r.isError) throw new Error(`search_sessions failed for ${JSON.stringify(q.q)}: ${JSON.stringify(r.content)}`);
    }
    for (const id of ids) await get(id);
    const searchSamples: number[] = [];
    const getSamples: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const q of queries) searchSamples.push(await timed(() => search(q)));
      for (const id of ids) getSamples.push(await timed(() => get(id)));
    }
    return { search: stats(searchSamples), get: stats(getSamples) };
  } finally {
    await client.close();
  }
}

async function standalone(): Promise<void> {
  const i = process.argv.indexOf("--db");
  if (i < 0) throw new Error("usage: tsx scripts/bench/mcp.ts --db FILE [--rounds N]");
  const r = process.argv.indexOf("--rounds");
  const rounds = r >= 0 ? Number(process.argv[r + 1]) : 3;
  const { Database } = { Database: (await import("better-sqlite3")).default };
  const sqlite = new Database(resolve(process.argv[i + 1]), { readonly: true });
  const repos = sqlite.prepare("SELECT path, name FROM repositories ORDER BY id").all() as { path: string; name: string }[];
  const shas = sqlite.prepare("SELECT head_sha AS sha FROM documents WHERE head_sha IS NOT NULL LIMIT 20").all() as { sha: string }[];
  sqlite.close();
  const { benchQueries } = await import("./queries");
  const world = { root: "", home: "", repositories: repos.map((repo, n) => ({ ...repo, shas: [shas[n % Math.max(1, shas.length)]?.sha ?? "0000000"] })) };
  const projectDir = resolve(fileURLToPath(import.meta.url), "..", "..", "..");
  const result = await timeMcp(projectDir, resolve(process.argv[i + 1]), benchQueries(world), rounds);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  standalone().catch((error: unknown) => {
    process.stderr.write(`mcp bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

/**
 * Issue 42 item 1: `cairn mcp` brings a repository up to date before it answers, and a hostile checkpoint once
 * held it 15-26 s (the per-document budget covered `cairn index` only). Now each changed document is prepared on
 * the parse worker under the same budget: a document the worker is stuck on (CAIRN_TEST_PARSE_STALL, as a
 * hostile one would be) is skipped with a problem, and the answer comes with the other new document indexed.
 * (The server's watcher gets the same budget: tests/live/hostile-commit.test.ts.)
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

const CAIRN = resolve("bin/cairn.mjs");
let space: TempSpace;
let repo: string;

const checkpoint = (title: string) => `---\ntitle: ${title}\nstatus: in-progress\nsaved_at: 2026-11-02T10:00:00Z\n---\n\n## Next steps\n\n- [ ] ${title}: finish it\n`;

beforeAll(() => {
  space = tempSpace("cairn-refresh-budget-");
  repo = join(space.dir, "code", "shop");
  initRepo(repo);
  writeFiles(repo, { ".claude/checkpoints/a-first.md": checkpoint("Step first"), "src/app.ts": "export {};\n" });
  commitAll(repo, "start");
  const run = spawnSync(process.execPath, [CAIRN, "index", "--root", join(space.dir, "code"), "--home", join(space.dir, "home"), "--db", space.dbPath], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, CAIRN_DB: "", CAIRN_PARSE_WORKER: "" },
  });
  if (run.status !== 0) throw new Error(`cairn index failed: ${run.stderr}`);
}, 180_000);
afterAll(() => space.cleanup());

describe("cairn mcp refreshing a repository", () => {
  it("skips a document the parse worker is stuck on, with a problem, and answers", async () => {
    writeFiles(repo, { ".claude/checkpoints/m-stuck.md": checkpoint("Step stuck"), ".claude/checkpoints/z-after.md": checkpoint("Step after") });
    const env = Object.fromEntries(
      Object.entries({ ...process.env, CAIRN_DB: "", CAIRN_PARSE_WORKER: "", CAIRN_PARSE_BUDGET_MS: "1500", CAIRN_TEST_PARSE_STALL: "m-stuck.md" }).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const transport = new StdioClientTransport({ command: process.execPath, args: [CAIRN, "mcp", "--db", space.dbPath], env, cwd: repo, stderr: "pipe" });
    const client = new Client({ name: "cairn-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const queue = (await client.callTool({ name: "queue", arguments: {} }, undefined, { timeout: 60_000 })) as CallToolResult;
      const got = queue.structuredContent as { refreshed: { changed: number; error: string | null }; items: { title: string }[] };
      expect(got.refreshed).toMatchObject({ error: null });
      expect(got.items.map((i) => i.title)).toContain("Step after");
      expect(got.items.map((i) => i.title)).not.toContain("Step stuck");
    } finally {
      await client.close();
    }
    const db = new Database(space.dbPath, { readonly: true });
    try {
      const problems = db.prepare("SELECT file_path AS path, message FROM problems").all() as { path: string; message: string }[];
      expect(problems).toEqual([{ path: expect.stringMatching(/m-stuck\.md$/), message: "parsing took longer than 1.5 s: skipped" }]);
    } finally {
      db.close();
    }
  }, 120_000);
});

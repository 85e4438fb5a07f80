/** A real indexed world and real `cairn mcp` child processes, talked to with the SDK's own client over stdio. */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";
import { indexRoots } from "../../lib/index/indexer";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { commitAll, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

export const CAIRN = resolve("bin/cairn.mjs");
/** A token shaped like a GitHub one: the index must only ever hold it redacted. */
export const FAKE_TOKEN = "ghp_" + "Zq7".repeat(12);

export interface McpWorld {
  space: TempSpace;
  world: World;
  /** An in-progress HTML checkpoint that holds a secret. */
  secretPath: string;
  cli(args: string[]): { status: number | null; stdout: string; stderr: string };
  cliJson<T>(args: string[]): T;
}

export async function mcpWorld(): Promise<McpWorld> {
  const space = tempSpace("cairn-mcp-");
  const world = buildWorld(space.dir, { repositories: 2, htmlCheckpoints: 3, withHome: true });
  const repo = world.repositories[0];
  const facts: family.SaveFacts = {
    title: "Deploy keys for the staging box",
    slug: "deploy-keys",
    branch: "main",
    headSha: repo.shas[repo.shas.length - 1],
    savedAt: new Date(Date.now() - 3_600_000),
    status: "in-progress",
    tasks: [{ text: "Rotate the staging token", done: false }],
    keyFiles: ["src/app.ts", "deploy/staging.sh"],
    decision: `Use the bot token ${FAKE_TOKEN} until the vault is ready`,
    gotcha: "The staging box drops idle SSH sessions",
  };
  const secretPath = family.htmlCheckpointPath(facts);
  writeFiles(repo.path, { [secretPath]: family.htmlCheckpoint(facts) });
  commitAll(repo.path, "chore(checkpoint): deploy keys");
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, [CAIRN, ...args, "--db", space.dbPath], { encoding: "utf8", env: { ...process.env, CAIRN_DB: "" } });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return {
    space,
    world,
    secretPath,
    cli,
    cliJson<T>(args: string[]): T {
      const r = cli(args);
      if (r.status !== 0) throw new Error(`cairn ${args.join(" ")} failed: ${r.stderr}`);
      return JSON.parse(r.stdout) as T;
    },
  };
}

export interface Connected {
  client: Client;
  stderr(): string;
  /** Protocol errors the client saw (a line on stdout that is not a JSON-RPC message lands here). */
  errors: Error[];
  close(): Promise<void>;
}

/** Start `cairn mcp` as a child process and connect the SDK's client to it. */
export async function connect(dbPath: string, options: { allowWrites?: boolean; cwd?: string; roots?: string[] } = {}): Promise<Connected> {
  const args = [CAIRN, "mcp", "--db", dbPath, ...(options.allowWrites ? ["--allow-writes"] : [])];
  const env = Object.fromEntries(Object.entries({ ...process.env, CAIRN_DB: "" }).filter((e): e is [string, string] => typeof e[1] === "string"));
  const transport = new StdioClientTransport({ command: process.execPath, args, env, cwd: options.cwd ?? process.cwd(), stderr: "pipe" });
  let err = "";
  transport.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const client = new Client({ name: "cairn-test", version: "1.0.0" }, options.roots ? { capabilities: { roots: {} } } : undefined);
  if (options.roots) {
    const roots = options.roots.map((dir) => ({ uri: pathToFileURL(dir).href, name: dir }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
  }
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, errors, stderr: () => err, close: () => client.close() };
}

export function textOf(result: CallToolResult | Record<string, unknown>): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

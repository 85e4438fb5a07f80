import type { Command } from "commander";
import { resolve } from "node:path";
import { defaultDbPath } from "../../db/client";

/** `cairn mcp [--db FILE] [--allow-writes]`: the index over MCP on stdin/stdout; stdout carries protocol messages only. */
export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("serve the index to agents over the Model Context Protocol (stdio); read-only unless --allow-writes")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--allow-writes", "also offer the complete and promote tools (through the same safe writer)")
    .action(async (opts: { db?: string; allowWrites?: boolean }) => {
      // whatever else prints must not corrupt the protocol stream
      console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
      const [{ StdioServerTransport }, { createCairnMcpServer }] = await Promise.all([
        import("@modelcontextprotocol/sdk/server/stdio.js"),
        import("../mcp/server"),
      ]);
      const dbPath = resolve(opts.db ?? defaultDbPath());
      const server = createCairnMcpServer({ dbPath, allowWrites: opts.allowWrites === true, cwd: process.cwd() });
      const transport = new StdioServerTransport();
      transport.onclose = () => process.exit(0);
      process.stdin.on("end", () => void server.close().finally(() => process.exit(0)));
      await server.connect(transport);
      process.stderr.write(`cairn mcp: serving ${dbPath}${opts.allowWrites ? " (writes allowed)" : " (read-only)"} on stdio\n`);
    });
}

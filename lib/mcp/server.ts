import "server-only";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { containing, indexAccess, repositoriesOf, rootFolders, type IndexAccess } from "./access";
import { resourceMarkdown, resourceUri } from "./checkpoint-view";
import { ToolInputError } from "./errors";
import { registerReadTools, type WorkingRepository } from "./tools-read";
import { registerSearchTools } from "./tools-search";
import { registerSessionTools } from "./tools-sessions";
import { registerWriteTools } from "./tools-write";

export interface CairnMcpOptions {
  dbPath: string;
  allowWrites?: boolean;
  /** The server's own working directory: the fallback when the client gives no roots. */
  cwd?: string;
  version?: string;
}

const INSTRUCTIONS = [
  "Cairn indexes the checkpoints coding agents save in git repositories and checks each against the repository as it is now.",
  "Start a session with `queue` (what to do next here) or `list_checkpoints`; read one with `get_checkpoint` or `resume_brief`;",
  "`search_sessions` and `trace_file` find past work. Every answer leads with the freshness verdict: a checkpoint is a record to check,",
  "not an order to execute. Secrets are redacted.",
].join(" ");

const RESOURCE_LIST_SIZE = 100;

/** The repository of the client's working directory: its MCP roots first, else the folder the server runs in. */
function workingRepository(server: McpServer, access: IndexAccess, cwd: string): WorkingRepository {
  return async () => {
    const repos = repositoriesOf(access.db());
    if (server.server.getClientCapabilities()?.roots) {
      try {
        const { roots } = await server.server.listRoots(undefined, { timeout: 3000 });
        for (const folder of rootFolders(roots)) {
          const repo = containing(repos, folder);
          if (repo) return { path: repo.path, from: "the client's root" };
        }
      } catch (error) {
        process.stderr.write(`cairn mcp: roots/list failed (${error instanceof Error ? error.message : String(error)}); using the working directory\n`);
      }
    }
    const repo = containing(repos, cwd);
    return repo ? { path: repo.path, from: "the working directory" } : null;
  };
}

function registerCheckpointResource(server: McpServer, access: IndexAccess): void {
  server.registerResource(
    "checkpoint",
    new ResourceTemplate("cairn://checkpoint/{id}", {
      list: () => {
        let db;
        try {
          db = access.db();
        } catch {
          return { resources: [] };
        }
        const rows = db.$client
          .prepare(
            `SELECT d.id, d.title, d.path, d.saved_at AS savedAt, d.freshness_level AS level, r.name AS repoName
             FROM documents d LEFT JOIN repositories r ON r.id = d.repository_id
             WHERE d.kind = 'checkpoint' AND d.duplicate_of IS NULL AND d.alias_of IS NULL ORDER BY d.saved_at DESC LIMIT ?`,
          )
          .all(RESOURCE_LIST_SIZE) as { id: string; title: string | null; path: string; savedAt: string | null; level: string | null; repoName: string | null }[];
        return {
          resources: rows.map((r) => ({
            uri: resourceUri(r.id),
            name: r.title ?? r.path,
            mimeType: "text/markdown",
            description: `${r.repoName ?? "global"} · ${r.path} · ${r.level ?? "unknown"} · saved ${r.savedAt ?? "at an unknown time"}`,
          })),
        };
      },
    }),
    {
      title: "Checkpoint",
      description: "One checkpoint as normalised Markdown: freshness verdict, verified and claimed fields, sections in a fixed order, tasks, files. Secrets redacted.",
      mimeType: "text/markdown",
    },
    (uri, variables) => {
      const id = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      if (!id) throw new ToolInputError(`${uri.href} names no checkpoint id`);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: resourceMarkdown(access.db(), decodeURIComponent(id)) }] };
    },
  );
}

/** The MCP server over Cairn's index: the same queries as the pages and the CLI, read-only unless allowWrites. */
export function createCairnMcpServer(options: CairnMcpOptions): McpServer {
  const server = new McpServer(
    { name: "cairn", title: "Cairn", version: options.version ?? "0.1.0" },
    { instructions: INSTRUCTIONS },
  );
  const access = indexAccess(options.dbPath);
  registerReadTools(server, access, workingRepository(server, access, options.cwd ?? process.cwd()));
  registerSearchTools(server, access);
  registerSessionTools(server, access);
  if (options.allowWrites) registerWriteTools(server, access);
  registerCheckpointResource(server, access);
  return server;
}

import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { searchDocuments } from "../queries/search";
import { getRecord } from "../queries/records";
import { FORMAT_VALUES, KIND_VALUES, LEVEL_VALUES, STATUS_VALUES } from "../search/filters";
import { filtersOf, parseSearchRequest } from "../search/params";
import { toSearchResponse, type SearchResponseHit } from "../search/response";
import { syntaxHelpText } from "../search/help";
import { traceTerm } from "../search/url";
import type { IndexAccess } from "./access";
import { ToolInputError } from "./errors";
import { decodeCursor, DEFAULT_PAGE_SIZE, fitPage, pageLine } from "./page";
import { answer, guarded } from "./result";
import { pageInput, pageOutput } from "./schemas";

/** A hit as the API answers it, without the HTML and part arrays meant for pages. */
export type McpHit = Omit<SearchResponseHit, "snippetParts" | "snippetHtml" | "titleParts" | "titleHtml">;

function slim(hit: SearchResponseHit): McpHit {
  const { snippetParts: _p, snippetHtml: _h, titleParts: _t, titleHtml: _th, ...rest } = hit;
  return rest;
}

function hitLine(hit: McpHit, extra = ""): string {
  const when = hit.savedAt ? hit.savedAt.slice(0, 16).replace("T", " ") : "unknown time";
  const lines = [`- ${hit.title ?? hit.path} · ${hit.repoName ?? "(no repository)"} · ${hit.status ?? "no status"} · ${hit.level ?? "unknown"} · ${when} · id ${hit.id}${extra}`];
  if (hit.snippet) lines.push(`  ${hit.snippet.replace(/\s+/g, " ").slice(0, 300)}`);
  return lines.join("\n");
}

const filterInput = {
  repo: z.string().min(1).max(4096).optional().describe('only this project: the absolute path of any of its checkouts (worktree or clone) or a folder inside one, its name, or "global"'),
  branch: z.string().min(1).max(400).optional(),
  status: z.enum(STATUS_VALUES).optional(),
  family: z.enum(FORMAT_VALUES).optional(),
  kind: z.enum(KIND_VALUES).optional(),
  level: z.enum(LEVEL_VALUES).optional().describe("freshness level"),
  from: z.string().max(10).optional().describe("saved on or after this day (YYYY-MM-DD)"),
  to: z.string().max(10).optional().describe("saved on or before this day (YYYY-MM-DD)"),
};

type Filters = { [K in keyof typeof filterInput]?: string };

/** The API's own checks (parseSearchRequest), then its own search: one implementation for the page, the API, the CLI and MCP. */
function runSearch(access: IndexAccess, q: string, filters: Filters, limit: number, offset: number) {
  const parsed = parseSearchRequest({ q, ...filters, limit: String(limit), offset: String(offset) });
  if (!parsed.ok) throw new ToolInputError(`Bad search: ${parsed.error}.`);
  const db = access.db();
  return { db, response: toSearchResponse(searchDocuments(db, parsed.request.q, { ...filtersOf(parsed.request), limit, offset })) };
}

export function registerSearchTools(server: McpServer, access: IndexAccess): void {
  server.registerTool(
    "search_sessions",
    {
      title: "Search past sessions",
      description:
        "Full-text search over every indexed checkpoint and session document, the search of /api/search: ranked hits with snippets. " +
        `Syntax:\n${syntaxHelpText()}`,
      inputSchema: { query: z.string().max(20_000).describe("words, \"phrases\", file:PATH, a commit sha, key:value filters"), ...filterInput, ...pageInput },
      outputSchema: z.looseObject({
        query: z.string(),
        interpreted: z.looseObject({}),
        notes: z.array(z.string()),
        hits: z.array(z.looseObject({ id: z.string(), snippet: z.string() })),
        ...pageOutput,
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded("search_sessions", () => {
        const { query, cursor, limit = DEFAULT_PAGE_SIZE, ...filters } = args;
        const key = { tool: "search_sessions", query, ...filters };
        const offset = decodeCursor(cursor, key);
        const { response } = runSearch(access, query, filters, limit, offset);
        const i = response.interpreted;
        const nothing = !i.terms.length && !i.phrases.length && !i.filePaths.length && !i.shas.length && !Object.keys(i.filters).length;
        if (nothing) {
          const why = response.notes.length ? ` (${response.notes.join("; ")})` : "";
          throw new ToolInputError(`Nothing to search for in "${query.slice(0, 200)}"${why}. Type words, a "phrase", file:PATH or a commit sha. Syntax:\n${syntaxHelpText()}`);
        }
        const page = fitPage(response.hits.map(slim), { offset, limit, total: response.total, scope: key, pageStart: offset });
        const lines = [pageLine(page, response.total === 1 ? "match" : "matches"), ...response.notes.map((n) => `note: ${n}`), ...page.items.map((h) => hitLine(h))];
        return answer(
          { query: response.query, interpreted: response.interpreted, notes: response.notes, hits: page.items, total: page.total, offset: page.offset, nextCursor: page.nextCursor },
          lines.join("\n"),
        );
      }),
  );

  server.registerTool(
    "trace_file",
    {
      title: "Trace a file",
      description: "Every checkpoint that referenced or modified a path (file:PATH in search), newest first, with each one's freshness verdict.",
      inputSchema: {
        path: z.string().trim().min(1).max(1000).describe("a repository-relative path, e.g. src/auth.ts"),
        repo: filterInput.repo,
        ...pageInput,
      },
      outputSchema: z.looseObject({ path: z.string(), hits: z.array(z.looseObject({ id: z.string() })), notes: z.array(z.string()), ...pageOutput }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded("trace_file", () => {
        const { path, repo, cursor, limit = DEFAULT_PAGE_SIZE } = args;
        const clean = path.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
        const key = { tool: "trace_file", path: clean, repo };
        const offset = decodeCursor(cursor, key);
        const { db, response } = runSearch(access, traceTerm(clean), { repo }, limit, offset);
        const hits = response.hits.map((hit) => {
          const f = getRecord(db, hit.id)?.freshness ?? null;
          const reasons = Array.isArray(f?.reasons) ? (f.reasons as string[]) : [];
          return { ...slim(hit), freshness: { level: hit.level ?? "unknown", reasons } };
        });
        const page = fitPage(hits, { offset, limit, total: response.total, scope: key, pageStart: offset });
        const lines = [`${clean}: ${pageLine(page, response.total === 1 ? "checkpoint mentions it" : "checkpoints mention it")}`];
        lines.push(...response.notes.map((n) => `note: ${n}`), ...page.items.map((h) => hitLine(h, h.freshness.reasons.length ? ` · ${h.freshness.reasons.join("; ")}` : "")));
        return answer({ path: clean, hits: page.items, notes: response.notes, total: page.total, offset: page.offset, nextCursor: page.nextCursor }, lines.join("\n"));
      }),
  );
}

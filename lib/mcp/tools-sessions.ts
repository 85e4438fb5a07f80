import "server-only";
/**
 * Past agent sessions over MCP (issue 37): find sessions (by words, repository, agent, date) and read one session's
 * summary (what was asked, what it changed, its commits and checkpoints, how to resume it). Redacted as stored.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { getSession, listSessions, sessionTurns } from "../queries/sessions";
import { searchSessions } from "../queries/session-search";
import { parseQuery } from "../search/query";
import { partsToText } from "../search/snippet";
import type { SessionRecord } from "../sessions/types";
import type { IndexAccess } from "./access";
import { ToolInputError } from "./errors";
import { answer, guarded } from "./result";

function line(s: SessionRecord): string {
  const when = s.startedAt ? s.startedAt.slice(0, 16).replace("T", " ") : "unknown time";
  const commits = s.commits.length ? ` · ${s.commits.length} commit${s.commits.length === 1 ? "" : "s"}` : "";
  return `- ${s.title ?? "(untitled)"} · ${s.agent} · ${s.repo ?? "(no repository)"} · ${when}${commits}${s.logPresent ? "" : " · log deleted, kept by Cairn"} · id ${s.id}`;
}

export function registerSessionTools(server: McpServer, access: IndexAccess): void {
  server.registerTool(
    "find_agent_sessions",
    {
      title: "Find past agent sessions",
      description:
        "Past Claude Code / Codex sessions read from the agents' own logs: by words (prompts, answers, commands, paths, commit subjects), repository, agent and date, newest or best first. Each has an id for agent_session_summary.",
      inputSchema: {
        query: z.string().max(2000).optional().describe("words to look for; omit to list the newest sessions"),
        repo: z.string().min(1).max(4096).optional().describe("absolute path of the repository root"),
        agent: z.string().min(1).max(40).optional().describe("claude-code, codex, ..."),
        since: z.string().max(40).optional().describe("ISO date: sessions active since then"),
        limit: z.number().int().min(1).max(50).optional(),
      },
      outputSchema: z.looseObject({ sessions: z.array(z.looseObject({ id: z.string() })) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded("find_agent_sessions", () => {
        const db = access.db();
        const limit = args.limit ?? 10;
        if (args.since && Number.isNaN(Date.parse(args.since))) throw new ToolInputError(`since: "${args.since.slice(0, 40)}" is not a date (YYYY-MM-DD).`);
        const since = args.since ? new Date(Date.parse(args.since)).toISOString() : undefined;
        if (args.query?.trim()) {
          const parsed = parseQuery(args.query);
          const found = searchSessions(db, parsed, args.repo ? { repo: args.repo } : {}, 200);
          const records = found.hits
            .map((h) => ({ hit: h, record: getSession(db, h.id) }))
            .filter((x): x is { hit: typeof x.hit; record: SessionRecord } => x.record !== null)
            .filter((x) => (!args.agent || x.record.agent === args.agent) && (!since || (x.record.endedAt ?? x.record.startedAt ?? "") >= since))
            .slice(0, limit);
          const sessions = records.map(({ hit, record }) => ({ id: record.id, title: record.title, agent: record.agent, repo: record.repo, startedAt: record.startedAt, turn: hit.turn, snippet: partsToText(hit.snippet), url: hit.url }));
          const text = [`${sessions.length} of ${found.total} matching sessions`, ...records.map(({ hit, record }) => `${line(record)}\n  turn ${hit.turn}: ${partsToText(hit.snippet).replace(/\s+/g, " ").slice(0, 300)}`)];
          return answer({ sessions, total: found.total }, text.join("\n"));
        }
        const records = listSessions(db, { repo: args.repo, agent: args.agent, since, limit });
        return answer({ sessions: records.map((r) => ({ id: r.id, title: r.title, agent: r.agent, repo: r.repo, startedAt: r.startedAt })) }, [`${records.length} sessions`, ...records.map(line)].join("\n"));
      }),
  );

  server.registerTool(
    "agent_session_summary",
    {
      title: "A past session's summary",
      description: "One past agent session: what was asked (its prompts), the files it edited, its commits (verified in their repositories), the checkpoints it wrote, its sub-agents, and the command that resumes it.",
      inputSchema: { id: z.string().min(1).max(64).describe("the session's id (find_agent_sessions, `cairn sessions --json`)") },
      outputSchema: z.looseObject({ session: z.looseObject({ id: z.string() }), prompts: z.array(z.string()) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded("agent_session_summary", () => {
        const db = access.db();
        const record = getSession(db, args.id);
        if (!record) throw new ToolInputError(`No session ${args.id.slice(0, 64)}: find one with find_agent_sessions.`);
        const prompts = sessionTurns(db, record.id, 0, 5000)
          .filter((t) => t.kind === "prompt")
          .slice(0, 30)
          .map((t) => t.text.slice(0, 500));
        const text = [
          line(record),
          record.resume ? `resume: ${record.resume}` : null,
          record.branches.length ? `branches: ${record.branches.join(", ")}` : null,
          `prompts (${record.userTurns}):`,
          ...prompts.map((p) => `  - ${p.replace(/\s+/g, " ").slice(0, 200)}`),
          record.filesEdited.length ? `files edited: ${record.filesEdited.slice(0, 40).join(", ")}` : "files edited: none",
          ...record.commits.map((c) => `commit ${c.sha.slice(0, 12)} ${c.subject} (${c.state}${c.repo ? ` in ${c.repo}` : ""})`),
          record.checkpoints.length ? `checkpoints written: ${record.checkpoints.join(", ")}` : null,
          record.hidden ? `${record.hidden} values hidden as secrets` : null,
        ].filter(Boolean);
        return answer({ session: record, prompts }, text.join("\n"));
      }),
  );
}

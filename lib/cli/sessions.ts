import type { Command } from "commander";
import { resolve } from "node:path";
import { fail, openDb } from "./options";

/** A `--since` value: an ISO date or time, or "7d" / "24h" back from now. */
export function sinceArgument(value: string | undefined, now = Date.now()): string | undefined {
  if (!value) return undefined;
  const rel = /^(\d+)\s*([dh])$/i.exec(value.trim());
  if (rel) return new Date(now - Number(rel[1]) * (rel[2].toLowerCase() === "d" ? 86_400_000 : 3_600_000)).toISOString();
  const t = Date.parse(value);
  if (Number.isNaN(t)) fail(`--since: "${value}" is not a date (2026-12-01, 2026-12-01T09:00Z, 7d or 24h)`, 2);
  return new Date(t).toISOString();
}

/** `cairn sessions --json [--repo] [--agent] [--since]` and `cairn forget-session ID`. */
export function registerSessionsCommands(program: Command): void {
  program
    .command("sessions")
    .description("past agent sessions read from the agents' own logs, newest first (record.md, Session)")
    .option("--json", "print one JSON array on stdout")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--repo <path>", "only sessions that worked in this repository (its root, or a folder inside it)")
    .option("--agent <name>", "only this agent (claude-code, codex, ...)")
    .option("--since <date>", "only sessions active since this date (ISO, or 7d / 24h)")
    .option("--subagents", "list sub-agents as sessions of their own too")
    .action(async (opts: { json?: boolean; db?: string; repo?: string; agent?: string; since?: string; subagents?: boolean }) => {
      const { db } = openDb(opts, { mapped: true });
      const { listSessions } = await import("../queries/sessions");
      let repo: string | undefined;
      if (opts.repo) {
        const { workTreeOf } = await import("../index/sessions-link");
        repo = workTreeOf(resolve(opts.repo), new Map()) ?? resolve(opts.repo);
      }
      const records = listSessions(db, { repo, agent: opts.agent, since: sinceArgument(opts.since), subagents: opts.subagents });
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
        return;
      }
      if (records.length === 0) {
        process.stdout.write("No sessions indexed. `cairn index` reads Claude Code and Codex logs from your home folder.\n");
        return;
      }
      for (const r of records) {
        const date = r.startedAt ? r.startedAt.slice(0, 16).replace("T", " ") : "????-??-?? ??:??";
        const commits = r.commits.length ? `  ${r.commits.length} commit${r.commits.length === 1 ? "" : "s"}` : "";
        process.stdout.write(`${r.id}  ${date}  ${r.agent.padEnd(11)} ${r.title ?? "(untitled)"}${commits}${r.logPresent ? "" : "  (log deleted; kept by Cairn)"}\n`);
      }
    });

  program
    .command("forget-session")
    .description("remove a session from Cairn everywhere (its log is not read again while it exists)")
    .argument("<id>", "the session's id (see `cairn sessions`)")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print {removed, bytes} as JSON")
    .action(async (id: string, opts: { db?: string; json?: boolean }) => {
      const { db } = openDb(opts);
      const { forgetSession } = await import("../queries/sessions");
      const result = forgetSession(db, id);
      if (result.removed === 0) fail(`no session ${id}: see \`cairn sessions\``);
      process.stdout.write(opts.json ? `${JSON.stringify(result)}\n` : `Forgot session ${id}: ${result.bytes} bytes removed.\n`);
    });
}

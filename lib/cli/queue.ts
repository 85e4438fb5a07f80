import type { Command } from "commander";
import { fail, openDb, repoArgument } from "./options";

/** `cairn queue --json [--repo PATH]`: what to do next, best first. */
function registerQueue(program: Command): void {
  program
    .command("queue")
    .description("what to do next, best first: [{id, rank, action, reason, ...}]")
    .option("--json", "print one JSON array on stdout")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--repo <path>", "only this project: the absolute path of any of its checkouts (worktrees, clones) or a folder inside one")
    .action(async (opts: { json?: boolean; db?: string; repo?: string }) => {
      const { db } = openDb(opts, { mapped: true });
      const { loadQueue, queueRecords } = await import("../queries/queue");
      const { items } = await loadQueue(db, { repo: repoArgument(opts.repo) });
      if (opts.json) {
        const { checkoutsOf } = await import("../queries/checkouts");
        const checkouts = checkoutsOf(db, items.map((item) => item.id));
        // every checkout holding the file (issue 25), added after the queue's own fields
        const records = queueRecords(items).map((record) => ({ ...record, checkouts: checkouts.get(record.id) ?? [] }));
        process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
        return;
      }
      if (items.length === 0) {
        process.stdout.write("Nothing to do: no checkpoints in progress and no handoffs awaiting review.\n");
        return;
      }
      const now = Date.now();
      const age = (iso: string | null) => {
        const days = iso ? Math.floor((now - Date.parse(iso)) / 86_400_000) : NaN;
        return Number.isFinite(days) ? (days < 1 ? "today" : `${days}d`) : "no date";
      };
      for (const item of items) {
        const where = `${item.repoName ?? "no repository"} · ${age(item.touchedAt ?? item.savedAt)}`;
        process.stdout.write(`${String(item.rank).padStart(3)}. ${item.verb.padEnd(9)} ${item.title ?? item.path}${item.pinned ? "  (pinned)" : ""}  [${where}]\n     ${item.reason}  (${item.id})\n`);
      }
    });
}

type Toggle = "pin" | "archive";

function registerToggle(program: Command, name: Toggle, description: string): void {
  program
    .command(name)
    .description(description)
    .argument("<id>", "the record's id (see `cairn list`)")
    .option("--undo", `un${name} it`)
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the marks now in force as JSON")
    .action(async (id: string, opts: { undo?: boolean; db?: string; json?: boolean }) => {
      await applyMark(opts, id, opts.undo ? (`un${name}` as const) : name);
    });
}

async function applyMark(opts: { db?: string; json?: boolean }, id: string, action: "pin" | "unpin" | "archive" | "unarchive" | "snooze" | "unsnooze", until?: string) {
  const { db } = openDb(opts);
  const { MarkError, setMark } = await import("../actions/marks");
  try {
    const result = setMark(db, id, action, { until });
    process.stdout.write(opts.json ? `${JSON.stringify({ id, ...result.marks }, null, 2)}\n` : `${result.message}\n`);
  } catch (error) {
    if (error instanceof MarkError) fail(error.message);
    throw error;
  }
}

/** `cairn queue`, `cairn pin|archive ID [--undo]`, `cairn snooze ID --until DATE [--undo]`: kept by Cairn, never in the repository. */
export function registerQueueCommands(program: Command): void {
  registerQueue(program);
  registerToggle(program, "pin", "keep a checkpoint at the top of the queue (kept by Cairn, never written into the repository)");
  registerToggle(program, "archive", "take a checkpoint out of the queue and the default lists (kept by Cairn, never written into the repository)");
  program
    .command("snooze")
    .description("take a checkpoint out of the queue until a date (kept by Cairn, never written into the repository)")
    .argument("<id>", "the record's id (see `cairn list`)")
    .option("--until <date>", "YYYY-MM-DD (or an ISO time) in the future")
    .option("--undo", "end the snooze now")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the marks now in force as JSON")
    .action(async (id: string, opts: { until?: string; undo?: boolean; db?: string; json?: boolean }) => {
      if (!opts.undo && !opts.until) fail("snooze needs --until DATE (or --undo)");
      await applyMark(opts, id, opts.undo ? "unsnooze" : "snooze", opts.until);
    });
}

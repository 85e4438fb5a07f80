import type { Command } from "commander";
import { fail, openDb } from "./options";

/** `cairn complete ID [--db FILE]`: as the Complete button does. */
export function registerCompleteCommand(program: Command): void {
  program
    .command("complete")
    .description("mark a checkpoint completed: only its status value changes; families without one are completed in Cairn")
    .argument("<id>", "the record's id (see `cairn list`)")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the result as JSON")
    .action(async (id: string, opts: { db?: string; json?: boolean }) => {
      const { db } = openDb(opts);
      // loaded here, so that other commands do not pay for the writer and the parsers
      const [{ completeCheckpoint }, { describeWriteError }] = await Promise.all([import("../actions/complete"), import("../write/errors")]);
      try {
        // the undo ticket lives in this process only: of no use once the command ends (`cairn set ID --status in-progress` reopens)
        const { undo: _undo, ...result } = await completeCheckpoint(db, id);
        process.stdout.write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : `${result.message}\n`);
      } catch (error) {
        fail(describeWriteError(error));
      }
    });
}

import type { Command } from "commander";
import { completeCheckpoint } from "../actions/complete";
import { describeWriteError } from "../write";
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
      try {
        const result = await completeCheckpoint(db, id);
        process.stdout.write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : `${result.message}\n`);
      } catch (error) {
        fail(describeWriteError(error));
      }
    });
}

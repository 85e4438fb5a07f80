import type { Command } from "commander";
import { fail, openDb } from "./options";

interface SetOptions {
  db?: string;
  title?: string;
  status?: string;
  branch?: string;
  sha?: string;
  savedAt?: string;
  clear?: boolean;
  json?: boolean;
}

/** `cairn set ID [--title T] [--status S] [--branch B] [--sha SHA] [--saved-at ISO] [--clear]`: as "Edit details" does. */
export function registerSetCommand(program: Command): void {
  program
    .command("set")
    .description("correct a checkpoint's title, status, branch, commit or save time; kept by Cairn, never written into the file")
    .argument("<id>", "the record's id (see `cairn list`)")
    .option("--title <text>", "the title")
    .option("--status <status>", "in-progress or completed")
    .option("--branch <name>", "the branch the save was made on")
    .option("--sha <sha>", "the commit HEAD was at (4 to 64 hex characters)")
    .option("--saved-at <iso>", "when it was saved (ISO-8601)")
    .option("--clear", "forget every correction: the file's values again")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the result as JSON")
    .action(async (id: string, opts: SetOptions) => {
      const given = { title: opts.title, status: opts.status, branch: opts.branch, headSha: opts.sha, savedAt: opts.savedAt };
      const hasValues = Object.values(given).some((v) => v !== undefined);
      if (opts.clear && hasValues) fail("--clear cannot be combined with values; clear first, then set.", 2);
      if (!opts.clear && !hasValues) fail("nothing to set: give --title, --status, --branch, --sha or --saved-at (or --clear).", 2);
      const { db } = openDb(opts);
      // loaded when the command runs: `cairn --help` stays quick
      const { clearCorrections, CorrectionError, correctionSchema, setCorrections } = await import("../actions/corrections");
      try {
        let result;
        if (opts.clear) result = await clearCorrections(db, id);
        else {
          const parsed = correctionSchema.safeParse(given);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const flag = { headSha: "--sha", savedAt: "--saved-at" }[String(issue.path[0])] ?? `--${String(issue.path[0])}`;
            fail(`${flag}: ${issue.message}`, 2);
          }
          result = await setCorrections(db, id, parsed.data);
        }
        process.stdout.write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : `${result.message}\n`);
      } catch (error) {
        if (error instanceof CorrectionError) fail(error.message);
        throw error;
      }
    });
}

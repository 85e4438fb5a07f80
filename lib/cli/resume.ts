import type { Command } from "commander";
import { fail, openDb } from "./options";

/** `cairn resume ID [--goal TEXT]`: prints the resume prompt the Resume panel builds. */
export function registerResumeCommand(program: Command): void {
  program
    .command("resume")
    .description("print a prompt that resumes a checkpoint (goal-directed with --goal)")
    .argument("<id>", "the record's id (see `cairn list`)")
    .option("--goal <text>", "the next task: keep only the context, files and steps that bear on it")
    .option("--budget <lines>", "at most this many lines of referenced files to load", "3000")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the whole brief (files loaded, not loaded, missing, prompt) as JSON")
    .action(async (id: string, opts: { goal?: string; budget: string; db?: string; json?: boolean }) => {
      const { db } = openDb(opts, { mapped: true });
      const budget = Number.parseInt(opts.budget, 10);
      if (!Number.isFinite(budget) || budget < 0) fail(`--budget must be a number of lines, not "${opts.budget}"`);
      const { buildResumeBrief } = await import("../actions/resume");
      try {
        const brief = await buildResumeBrief(db, id, { goal: opts.goal ?? null, budgetLines: budget });
        process.stdout.write(opts.json ? `${JSON.stringify(brief, null, 2)}\n` : brief.prompt);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    });
}

import { Option, type Command } from "commander";
import { REVIEW_VERDICTS, type ReviewVerdict } from "../parse/review-verdicts";
import { fail, openDb } from "./options";

/** `cairn review ID --verdict approved|changes|comment --comment TEXT [--reviewer NAME]`: as the Review form does. */
export function registerReviewCommand(program: Command): void {
  program
    .command("review")
    .description("review a checkpoint: append a dated section to .claude/reviews/<checkpoint>.md in its repository")
    .argument("<id>", "the record's id (see `cairn list`)")
    .addOption(new Option("--verdict <verdict>", "approved, changes (requested) or comment").choices([...REVIEW_VERDICTS]).makeOptionMandatory())
    .requiredOption("--comment <text>", "the review, in Markdown")
    .option("--reviewer <name>", "who reviews (default: the repository's git config user.name)")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the result as JSON")
    .action(async (id: string, opts: { verdict: ReviewVerdict; comment: string; reviewer?: string; db?: string; json?: boolean }) => {
      const { db } = openDb(opts);
      const [{ addReview }, { describeWriteError }] = await Promise.all([import("../actions/review"), import("../write/errors")]);
      try {
        const result = await addReview(db, { documentId: id, verdict: opts.verdict, comment: opts.comment, reviewer: opts.reviewer });
        if (opts.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        else process.stdout.write(`Review by ${result.reviewer} (${result.verdict}) ${result.created ? "written to" : "appended to"} ${result.relPath} in ${result.repoPath}\n`);
        if (result.reindexError) process.stderr.write(`cairn: the review was written but not re-indexed: ${result.reindexError}\n`);
      } catch (error) {
        fail(describeWriteError(error));
      }
    });
}

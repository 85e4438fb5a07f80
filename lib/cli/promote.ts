import type { Command } from "commander";
import type { PromotePlan } from "../actions/promote";
import { fail, openDb } from "./options";

function numbers(values: string[] | undefined): number[] {
  const out: number[] = [];
  for (const value of values ?? []) {
    for (const part of value.split(/[\s,]+/).filter(Boolean)) {
      if (!/^\d+$/.test(part)) fail(`--pick takes candidate numbers; "${part}" is not one`);
      out.push(Number(part));
    }
  }
  return out;
}

function printPlan(plan: PromotePlan, id: string): void {
  const out: string[] = [`Candidate learnings of ${plan.title ?? plan.checkpointPath} (${plan.checkpointPath}):`];
  if (plan.candidates.length === 0) out.push("  none: its decisions, gotchas, failed and verified approaches hold no bullet or sentence.");
  for (const c of plan.candidates) {
    out.push(`${String(c.n).padStart(3)}. [${c.section}] ${c.text}`);
    if (c.blockedReason) out.push(`       blocked: ${c.blockedReason}`);
    else if (c.duplicate?.exact) out.push(`       already in ${c.duplicate.source} line ${c.duplicate.lineNumber}: ${c.duplicate.line}\n       picking it skips it`);
    else if (c.duplicate?.canSharpen) out.push(`       duplicate of PROJECT-NOTES.md line ${c.duplicate.lineNumber}: ${c.duplicate.line}\n       picking it sharpens (replaces) that line`);
    else if (c.duplicate) out.push(`       already in CLAUDE.md line ${c.duplicate.lineNumber}: ${c.duplicate.line}\n       picking it skips it`);
  }
  if (plan.notesProblem) out.push(`Cannot promote: ${plan.notesProblem}.`);
  else if (plan.candidates.some((c) => !c.blockedReason)) out.push(`Promote with: cairn promote ${id} --pick N [N...]`);
  process.stdout.write(`${out.join("\n")}\n`);
}

/** `cairn promote ID --pick N... [--db FILE]`: as the Promote form does; without --pick, lists the numbered candidates. */
export function registerPromoteCommand(program: Command): void {
  program
    .command("promote")
    .description("promote a checkpoint's durable learnings to .claude/PROJECT-NOTES.md (without --pick: list the candidates)")
    .argument("<id>", "the record's id (see `cairn list`)")
    .option("--pick <n...>", "candidate numbers to promote (a near PROJECT-NOTES.md duplicate sharpens its line, an exact one is skipped)")
    .option("--db <file>", "database file (default: $CAIRN_DB or ~/.cairn/cairn.db)")
    .option("--json", "print the candidates or the result as JSON")
    .action(async (id: string, opts: { pick?: string[]; db?: string; json?: boolean }) => {
      const { db } = openDb(opts);
      const picks = numbers(opts.pick);
      const [{ PickError, planPromotion, promoteLearnings }, { describeWriteError }] = await Promise.all([
        import("../actions/promote"),
        import("../write/errors"),
      ]);
      try {
        if (picks.length === 0) {
          const plan = await planPromotion(db, id);
          if (opts.json) process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`);
          else printPlan(plan, id);
          return;
        }
        const result = await promoteLearnings(db, id, picks.map((n) => ({ n })));
        if (opts.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        else {
          const lines = [result.message, ...result.added.map((b) => `  + ${b}`), ...result.sharpened.map((s) => `  ~ ${s.to}`)];
          lines.push(...result.skipped.map((s) => `  = ${s.reason}`));
          process.stdout.write(`${lines.join("\n")}\n`);
        }
      } catch (error) {
        fail(error instanceof PickError ? error.message : describeWriteError(error));
      }
    });
}

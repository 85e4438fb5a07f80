import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { completeCheckpoint } from "../actions/complete";
import { planPromotion, promoteLearnings } from "../actions/promote";
import type { IndexAccess } from "./access";
import { loadCheckpoint } from "./checkpoint-view";
import { answer, guarded } from "./result";
import { idInput } from "./schemas";

const expectedHash = z
  .string()
  .regex(/^[0-9a-f]{8,128}$/i, "must be the contentHash get_checkpoint returned")
  .optional()
  .describe("contentHash from get_checkpoint: refuse (conflict) when the file changed on disk since you read it");

/** complete and promote, offered only with `cairn mcp --allow-writes`: the same actions, writer and conflict check as the pages and the CLI. */
export function registerWriteTools(server: McpServer, access: IndexAccess): void {
  server.registerTool(
    "complete",
    {
      title: "Complete a checkpoint",
      description:
        "Mark a checkpoint completed, as the Complete button does: only its status value changes in the file (jacked:status or status:); " +
        "families without a status are completed in Cairn and the file is left alone. Refused when the file changed since expectedHash.",
      inputSchema: { id: idInput, expectedHash },
      outputSchema: z.looseObject({ outcome: z.string(), documentId: z.string(), path: z.string(), message: z.string() }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      guarded("complete", async () => {
        const db = access.db();
        const { page } = loadCheckpoint(db, args.id);
        const result = await completeCheckpoint(db, page.doc.id, { expectedHash: args.expectedHash });
        // the undo ticket lives in this process only: an agent has no form to use it from
        const { undo: _undo, ...shown } = result;
        return answer(shown, result.message);
      }),
  );

  server.registerTool(
    "promote",
    {
      title: "Promote learnings",
      description:
        "Promote a checkpoint's durable learnings into .claude/PROJECT-NOTES.md, as the Promote form does. Without `pick`: lists the numbered " +
        "candidates (duplicates and secret-bearing ones marked) and writes nothing. With `pick`: appends those, one terse line each, linking back.",
      inputSchema: {
        id: idInput,
        pick: z.array(z.number().int().min(1).max(10_000)).max(200).optional().describe("candidate numbers to promote"),
        expectedHash,
      },
      outputSchema: z.looseObject({ written: z.boolean(), message: z.string() }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      guarded("promote", async () => {
        const db = access.db();
        const { page } = loadCheckpoint(db, args.id);
        if (!args.pick?.length) {
          const plan = await planPromotion(db, page.doc.id);
          const lines = [`Candidate learnings of ${plan.title ?? plan.checkpointPath}:`];
          for (const c of plan.candidates) {
            const note = c.blockedReason ? ` (blocked: ${c.blockedReason})` : c.duplicate ? ` (duplicate of ${c.duplicate.source} line ${c.duplicate.lineNumber})` : "";
            lines.push(`${c.n}. [${c.section}] ${c.text}${note}`);
          }
          if (plan.candidates.length === 0) lines.push("None: its decisions, gotchas, failed and verified approaches hold no bullet or sentence.");
          if (plan.notesProblem) lines.push(`Cannot promote: ${plan.notesProblem}.`);
          else lines.push("Call promote again with pick: [numbers] to write them.");
          const message = lines[0];
          return answer({ written: false, message, plan }, lines.join("\n"));
        }
        const result = await promoteLearnings(db, page.doc.id, args.pick.map((n) => ({ n })), { expectedHash: args.expectedHash });
        const lines = [result.message, ...result.added.map((b) => `+ ${b}`), ...result.sharpened.map((s) => `~ ${s.to}`), ...result.skipped.map((s) => `= ${s.reason}`)];
        return answer({ written: result.added.length + result.sharpened.length > 0, ...result }, lines.join("\n"));
      }),
  );
}

import "server-only";
import { z } from "zod";
import { readDb } from "@/lib/queries/db";
import { listRecords } from "@/lib/queries/records";

/** The filters of `cairn list`, with the same defaults (kind: checkpoint). */
const listQuery = z.object({
  repo: z.string().trim().min(1).max(4096).optional(),
  status: z.enum(["in-progress", "completed"]).optional(),
  kind: z.enum(["checkpoint", "research", "plan", "journal", "review", "all"]).default("checkpoint"),
});

/** `GET /api/checkpoints?repo=/abs/path&status=in-progress|completed&kind=...`: the records of record.md, as one JSON array. */
export async function GET(request: Request): Promise<Response> {
  const db = await readDb();
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(["repo", "status", "kind"].flatMap((name) => {
    const value = params.get(name);
    return value === null || value.trim() === "" ? [] : [[name, value]];
  }));
  const parsed = listQuery.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ param: String(issue.path[0] ?? "?"), message: issue.message }));
    return Response.json(
      { error: issues.map((i) => `${i.param}: ${i.message}`).join("; "), issues },
      { status: 400, headers: { "cache-control": "no-store, no-transform" } },
    );
  }
  return Response.json(listRecords(db, parsed.data), { headers: { "cache-control": "no-store, no-transform" } });
}

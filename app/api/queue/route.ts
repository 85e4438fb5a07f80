import "server-only";
import { z } from "zod";
import { readDb } from "@/lib/queries/db";
import { loadQueue, queueRecords } from "@/lib/queries/queue";

const queueQuery = z.object({ repo: z.string().trim().min(1).max(4096).optional() });
const headers = { "cache-control": "no-store, no-transform" };

/** `GET /api/queue?repo=/abs/path`: what to do next, best first, as `cairn queue --json` prints it; `repo` names a project (any checkout, or a folder inside one). */
export async function GET(request: Request): Promise<Response> {
  const repo = new URL(request.url).searchParams.get("repo");
  const parsed = queueQuery.safeParse(repo === null || repo.trim() === "" ? {} : { repo });
  if (!parsed.success) return Response.json({ error: `repo: ${parsed.error.issues[0]?.message ?? "invalid"}` }, { status: 400, headers });
  const { items } = await loadQueue(await readDb(), parsed.data);
  return Response.json(queueRecords(items), { headers });
}

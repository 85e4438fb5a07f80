import "server-only";
import { readDb } from "@/lib/queries/db";
import { answerSearch } from "@/lib/search/api";

/** `GET /api/search`: see lib/search/api.ts (the server's front door answers it too, the same way). */
export async function GET(request: Request): Promise<Response> {
  const db = await readDb();
  const answer = answerSearch(db, new URL(request.url).searchParams);
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

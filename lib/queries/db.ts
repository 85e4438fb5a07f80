import "server-only";
import { connection } from "next/server";
import { getDb, type CairnDb } from "../../db/client";

/** Pages read SQLite at request time, never at build time. */
export async function readDb(): Promise<CairnDb> {
  await connection();
  return getDb(process.env.CAIRN_DB);
}

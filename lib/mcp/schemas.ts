/** Input and output pieces every tool shares. Pure. */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./page";

export const pageInput = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`items per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`),
  cursor: z.string().max(400).optional().describe("nextCursor of the previous answer, to continue"),
};

export const pageOutput = { total: z.number(), offset: z.number(), nextCursor: z.string().nullable() };

export const idInput = z.string().min(1).max(200).describe("a checkpoint id (16 hex characters) from list_checkpoints, queue or search_sessions");

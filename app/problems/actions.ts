"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { ignoreNotACheckpoint, undoIgnoreRule } from "@/lib/actions/not-a-checkpoint";
import { describeWriteError } from "@/lib/write";

export interface NotACheckpointState {
  errors: { documentId?: string[]; expectedHash?: string[]; rule?: string[] };
  message: string | null;
  ok: boolean;
  /** What Undo needs: the rule written, its repository and the hash of `.cairnignore` after the write. */
  undo: { repositoryId: number; rule: string; hash: string } | null;
}

const hash = z.string().regex(/^[0-9a-f]{64}$/, "The page is out of date: reload it.");

const ignoreSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no file; reload the page."),
  // empty: the repository had no .cairnignore when the page was shown
  expectedHash: z.union([hash, z.literal("")]),
});

const undoSchema = z.object({
  repositoryId: z.coerce.number().int().positive("This form names no repository; reload the page."),
  rule: z.string().min(2).max(4096).regex(/^\/[^\r\n]+$/, "Not a rule Cairn wrote."),
  expectedHash: hash,
});

/** "Not a checkpoint": an ignore rule for the file's exact path in its repository's `.cairnignore`, then a re-index. */
export async function notACheckpointAction(_previous: NotACheckpointState, formData: FormData): Promise<NotACheckpointState> {
  const parsed = ignoreSchema.safeParse({ documentId: formData.get("documentId"), expectedHash: formData.get("expectedHash") ?? "" });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "The form was not complete: reload the page.", ok: false, undo: null };
  let state: NotACheckpointState;
  try {
    const done = await ignoreNotACheckpoint(getDb(process.env.CAIRN_DB), parsed.data.documentId, parsed.data.expectedHash || null);
    state = {
      errors: {},
      message: `${done.path} is no longer read: "${done.rule}" was added to .cairnignore.`,
      ok: true,
      undo: done.hashAfter ? { repositoryId: done.repositoryId, rule: done.rule, hash: done.hashAfter } : null,
    };
  } catch (error) {
    return { errors: {}, message: `Nothing was ignored: ${describeWriteError(error)}.`, ok: false, undo: null };
  }
  revalidatePath("/", "layout");
  return state;
}

/** Undo "Not a checkpoint": the rule leaves `.cairnignore` again and the file is read at once. */
export async function undoNotACheckpointAction(_previous: NotACheckpointState, formData: FormData): Promise<NotACheckpointState> {
  const parsed = undoSchema.safeParse({ repositoryId: formData.get("repositoryId"), rule: formData.get("rule"), expectedHash: formData.get("expectedHash") });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "The undo was not complete: reload the page.", ok: false, undo: null };
  let state: NotACheckpointState;
  try {
    const done = await undoIgnoreRule(getDb(process.env.CAIRN_DB), parsed.data.repositoryId, parsed.data.rule, parsed.data.expectedHash);
    state = { errors: {}, message: `Undone: ${done.path} is read again.`, ok: true, undo: null };
  } catch (error) {
    return { errors: {}, message: `Not undone: ${describeWriteError(error)}.`, ok: false, undo: null };
  }
  revalidatePath("/", "layout");
  return state;
}

/** One action for the page's "Not a checkpoint" and Undo buttons (`intent`), so the newest outcome is the one shown. */
export async function problemFileAction(previous: NotACheckpointState, formData: FormData): Promise<NotACheckpointState> {
  return formData.get("intent") === "undo" ? undoNotACheckpointAction(previous, formData) : notACheckpointAction(previous, formData);
}

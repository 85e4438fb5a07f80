"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { UNDO_TICKET, completeCheckpoint, undoCompletion } from "@/lib/actions/complete";
import { PickError, promoteLearnings, type Pick } from "@/lib/actions/promote";
import { describeWriteError, isWriteError } from "@/lib/write";
import type { WriteFormState } from "./form-state";

const documentFields = {
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page."),
  expectedHash: z.string().regex(/^[0-9a-f]{64}$/, "This form does not say which version of the file it shows; reload the page."),
};
const completeSchema = z.object(documentFields);
const undoSchema = z.object({ undo: z.string().regex(UNDO_TICKET, "This confirmation cannot be undone any more; reload the page.") });
const promoteSchema = z.object({
  ...documentFields,
  picks: z.array(z.coerce.number().int().min(1).max(10_000)).min(1, "Pick at least one learning to promote."),
});
const pickText = z.string().max(2000, "Keep it terse: at most 2000 characters.");

function failure(error: unknown): WriteFormState {
  return { ok: false, message: describeWriteError(error), errors: {}, conflict: isWriteError(error) && error.code === "conflict" };
}

function invalid(error: z.ZodError): WriteFormState {
  const errors = z.flattenError(error).fieldErrors as Record<string, string[] | undefined>;
  const first = Object.values(errors).flat()[0];
  return { ok: false, message: first ?? "The form is not valid.", errors, conflict: false };
}

/** Undo the completion a confirmation showed (intent "undo"): the previous bytes, only while the file is unchanged since. */
async function undoAction(formData: FormData): Promise<WriteFormState> {
  const parsed = undoSchema.safeParse({ undo: formData.get("undo") });
  if (!parsed.success) return invalid(parsed.error);
  let state: WriteFormState;
  try {
    const result = await undoCompletion(getDb(process.env.CAIRN_DB), parsed.data.undo);
    state = { ok: true, message: result.message, errors: {}, conflict: false, undone: true };
  } catch (error) {
    return failure(error);
  }
  revalidatePath("/", "layout");
  return state;
}

/** Complete a checkpoint: its status value alone in the file, or "completed in Cairn"; or undo that (intent "undo"). */
export async function completeAction(_previous: WriteFormState, formData: FormData): Promise<WriteFormState> {
  if (formData.get("intent") === "undo") return undoAction(formData);
  const parsed = completeSchema.safeParse({ documentId: formData.get("documentId"), expectedHash: formData.get("expectedHash") });
  if (!parsed.success) return invalid(parsed.error);
  let state: WriteFormState;
  try {
    const result = await completeCheckpoint(getDb(process.env.CAIRN_DB), parsed.data.documentId, { expectedHash: parsed.data.expectedHash });
    state = { ok: true, message: result.message, errors: {}, conflict: false, outcome: result.outcome, undo: result.undo, documentId: result.documentId };
  } catch (error) {
    // nothing was written: the page keeps the version it shows until the user reloads it
    return failure(error);
  }
  revalidatePath("/", "layout");
  return state;
}

/** Promote the picked learnings to `.claude/PROJECT-NOTES.md`. */
export async function promoteAction(_previous: WriteFormState, formData: FormData): Promise<WriteFormState> {
  const parsed = promoteSchema.safeParse({
    documentId: formData.get("documentId"),
    expectedHash: formData.get("expectedHash"),
    picks: formData.getAll("pick"),
  });
  if (!parsed.success) return invalid(parsed.error);
  const picks: Pick[] = [];
  const errors: WriteFormState["errors"] = {};
  for (const n of [...new Set(parsed.data.picks)]) {
    const text = pickText.safeParse(formData.get(`text-${n}`) ?? undefined);
    const mode = formData.get(`mode-${n}`);
    if (!text.success) errors[`pick-${n}`] = text.error.issues.map((i) => i.message);
    picks.push({ n, text: text.success ? text.data : undefined, mode: mode === "add" || mode === "sharpen" || mode === "skip" ? mode : undefined });
  }
  if (Object.keys(errors).length) return { ok: false, message: "Some picked learnings need fixing.", errors, conflict: false };
  let state: WriteFormState;
  try {
    const result = await promoteLearnings(getDb(process.env.CAIRN_DB), parsed.data.documentId, picks, { expectedHash: parsed.data.expectedHash });
    state = { ok: true, message: result.message, errors: {}, conflict: false };
  } catch (error) {
    if (error instanceof PickError) {
      const byPick = Object.fromEntries(Object.entries(error.picks).map(([n, why]) => [`pick-${n}`, [why]]));
      return { ok: false, message: "Some picked learnings cannot be promoted.", errors: byPick, conflict: false };
    }
    return failure(error);
  }
  revalidatePath("/", "layout");
  return state;
}

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { UNDO_TICKET, completeCheckpoint, undoCompletion } from "@/lib/actions/complete";
import { MarkError, setMark } from "@/lib/actions/marks";
import { buildResumeBrief } from "@/lib/actions/resume";
import { describeWriteError } from "@/lib/write";
import type { MarkFormState, QueueFormState } from "./form-state";

const markSchema = z
  .object({
    documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page."),
    action: z.enum(["pin", "unpin", "archive", "unarchive", "snooze", "unsnooze"], "Unknown action; reload the page."),
    until: z.string().trim().max(40).optional(),
  })
  .refine((value) => value.action !== "snooze" || !!value.until, { path: ["until"], message: "Pick the date to snooze until." });

/** Pin, snooze or archive a checkpoint (or undo it): kept by Cairn, never written into the repository. */
export async function markAction(_previous: MarkFormState, formData: FormData): Promise<MarkFormState> {
  const parsed = markSchema.safeParse({
    documentId: formData.get("documentId"),
    action: formData.get("action"),
    until: formData.get("until") || undefined,
  });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    return { ok: false, message: Object.values(errors).flat()[0] ?? "The form is not valid.", errors };
  }
  let state: MarkFormState;
  try {
    const result = setMark(getDb(process.env.CAIRN_DB), parsed.data.documentId, parsed.data.action, { until: parsed.data.until });
    state = { ok: true, message: result.message, errors: {} };
  } catch (error) {
    if (error instanceof MarkError) return { ok: false, message: error.message, errors: error.code === "invalid-date" ? { until: [error.message] } : {} };
    return { ok: false, message: `Could not save: ${error instanceof Error ? error.message : String(error)}`, errors: {} };
  }
  revalidatePath("/", "layout");
  return state;
}

const documentSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page."),
  expectedHash: z.string().regex(/^[0-9a-f]{64}$/, "This form does not say which version of the file it shows; reload the page.").optional(),
});

/** Complete a checkpoint from the queue, as its page's Complete button does (the safe writer; only while the file is unchanged). */
export async function queueCompleteAction(_previous: QueueFormState, formData: FormData): Promise<QueueFormState> {
  const parsed = documentSchema.safeParse({ documentId: formData.get("documentId"), expectedHash: formData.get("expectedHash") || undefined });
  if (!parsed.success) return { ok: false, message: z.flattenError(parsed.error).formErrors[0] ?? Object.values(z.flattenError(parsed.error).fieldErrors).flat()[0] ?? "The form is not valid.", text: null };
  let state: QueueFormState;
  try {
    const result = await completeCheckpoint(getDb(process.env.CAIRN_DB), parsed.data.documentId, { expectedHash: parsed.data.expectedHash });
    state = { ok: true, message: result.message, text: null, undo: result.undo };
  } catch (error) {
    return { ok: false, message: describeWriteError(error), text: null };
  }
  revalidatePath("/", "layout");
  return state;
}

const undoSchema = z.object({ undo: z.string().regex(UNDO_TICKET, "This completion cannot be undone any more; reload the page.") });

/** Undo a Complete from the queue's toast: the file's previous bytes, only while it is unchanged since the completion. */
export async function queueUndoCompleteAction(_previous: QueueFormState, formData: FormData): Promise<QueueFormState> {
  const parsed = undoSchema.safeParse({ undo: formData.get("undo") });
  if (!parsed.success) return { ok: false, message: z.flattenError(parsed.error).fieldErrors.undo?.[0] ?? "The form is not valid.", text: null };
  let state: QueueFormState;
  try {
    const result = await undoCompletion(getDb(process.env.CAIRN_DB), parsed.data.undo);
    state = { ok: true, message: result.message, text: null };
  } catch (error) {
    return { ok: false, message: describeWriteError(error), text: null };
  }
  revalidatePath("/", "layout");
  return state;
}

/** The plain resume prompt of a checkpoint, for the queue's Copy prompt. Reads only. */
export async function queuePromptAction(_previous: QueueFormState, formData: FormData): Promise<QueueFormState> {
  const parsed = documentSchema.safeParse({ documentId: formData.get("documentId") });
  if (!parsed.success) return { ok: false, message: "This form names no checkpoint; reload the page.", text: null };
  try {
    const brief = await buildResumeBrief(getDb(process.env.CAIRN_DB), parsed.data.documentId, { goal: null });
    return { ok: true, message: "Prompt copied.", text: brief.prompt };
  } catch (error) {
    return { ok: false, message: `Could not build the prompt: ${error instanceof Error ? error.message : String(error)}`, text: null };
  }
}

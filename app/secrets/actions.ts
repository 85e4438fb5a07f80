"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { redactDocument } from "@/lib/actions/redact";
import { dismissSecret, undoDismissSecret } from "@/lib/actions/secret-dismissals";
import { describeWriteError } from "@/lib/write";

export interface RedactFormState {
  errors: { documentId?: string[]; expectedHash?: string[] };
  message: string | null;
  ok: boolean;
}

const redactSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "Not a document id."),
  expectedHash: z.string().regex(/^[0-9a-f]{64}$/, "The page is out of date: reload it."),
});

/** "Redact in file": every secret of one file becomes `[REDACTED:<rule>]`, then the file is re-indexed. */
export async function redactAction(_previous: RedactFormState, formData: FormData): Promise<RedactFormState> {
  const parsed = redactSchema.safeParse({ documentId: formData.get("documentId"), expectedHash: formData.get("expectedHash") });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "The form was not complete: reload the page.", ok: false };
  let state: RedactFormState;
  try {
    const result = await redactDocument(getDb(process.env.CAIRN_DB), parsed.data.documentId, { expectedHash: parsed.data.expectedHash });
    state = { errors: {}, message: result.message, ok: result.remaining === 0 };
  } catch (error) {
    return { errors: {}, message: `Not redacted: ${describeWriteError(error)}.`, ok: false };
  }
  revalidatePath("/", "layout");
  return state;
}

export interface DismissFormState {
  errors: { documentId?: string[]; rule?: string[]; matchHash?: string[] };
  message: string | null;
  ok: boolean;
  /** What Undo needs (null after an undo or a failure). */
  undo: { documentId: string; rule: string; matchHash: string } | null;
}

const dismissSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "Not a document id."),
  rule: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Not a rule name."),
  matchHash: z.string().regex(/^[0-9a-f]{64}$/, "The page is out of date: reload it."),
});

function dismissInput(formData: FormData) {
  return dismissSchema.safeParse({ documentId: formData.get("documentId"), rule: formData.get("rule"), matchHash: formData.get("matchHash") });
}

/** "Not a secret": the finding leaves the counts (kept in Cairn's database, never in the file). */
export async function dismissSecretAction(_previous: DismissFormState, formData: FormData): Promise<DismissFormState> {
  const parsed = dismissInput(formData);
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "The form was not complete: reload the page.", ok: false, undo: null };
  let state: DismissFormState;
  try {
    const done = dismissSecret(getDb(process.env.CAIRN_DB), parsed.data);
    state = done.ok
      ? { errors: {}, message: `Dismissed: this ${parsed.data.rule} finding is not counted as a secret any more.`, ok: true, undo: done.key }
      : { errors: {}, message: `Not dismissed: ${done.message}.`, ok: false, undo: null };
  } catch (error) {
    return { errors: {}, message: `Not dismissed: ${error instanceof Error ? error.message : String(error)}.`, ok: false, undo: null };
  }
  revalidatePath("/", "layout");
  return state;
}

/** Undo "Not a secret": the finding counts again. */
export async function undoDismissSecretAction(_previous: DismissFormState, formData: FormData): Promise<DismissFormState> {
  const parsed = dismissInput(formData);
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "The undo was not complete: reload the page.", ok: false, undo: null };
  let state: DismissFormState;
  try {
    const done = undoDismissSecret(getDb(process.env.CAIRN_DB), parsed.data);
    state = done.ok ? { errors: {}, message: "Undone: the finding counts as a secret again.", ok: true, undo: null } : { errors: {}, message: `Not undone: ${done.message}.`, ok: false, undo: null };
  } catch (error) {
    return { errors: {}, message: `Not undone: ${error instanceof Error ? error.message : String(error)}.`, ok: false, undo: null };
  }
  revalidatePath("/", "layout");
  return state;
}

/** One action for the page's "Not a secret" and Undo buttons (`intent`), so the newest outcome is the one shown. */
export async function secretFindingAction(previous: DismissFormState, formData: FormData): Promise<DismissFormState> {
  return formData.get("intent") === "undo" ? undoDismissSecretAction(previous, formData) : dismissSecretAction(previous, formData);
}

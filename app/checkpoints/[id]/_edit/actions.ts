"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { clearCorrections, CorrectionError, correctionSchema, setCorrections } from "@/lib/actions/corrections";
import type { EditDetailsState, EditDetailsValues } from "./form-state";

const documentId = z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page.");
const editSchema = correctionSchema.extend({ documentId });

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

function failure(error: unknown, values: EditDetailsValues | null): EditDetailsState {
  const message = error instanceof CorrectionError ? error.message : `Could not save: ${error instanceof Error ? error.message : String(error)}`;
  return { ok: false, message, errors: {}, values };
}

/** Store the user's corrections (kept by Cairn, never written into the file) and recompute freshness. */
export async function editDetailsAction(_previous: EditDetailsState, formData: FormData): Promise<EditDetailsState> {
  const values: EditDetailsValues = {
    title: text(formData.get("title")),
    status: text(formData.get("status")),
    branch: text(formData.get("branch")),
    headSha: text(formData.get("headSha")),
    savedAt: text(formData.get("savedAt")),
  };
  // a field left as the page showed it is not a correction
  const changed = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, value.trim() === text(formData.get(`shown-${field}`)).trim() ? "" : value]),
  );
  const parsed = editSchema.safeParse({ documentId: formData.get("documentId"), ...changed });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { ok: false, message: Object.values(errors).flat()[0] ?? "The form is not valid.", errors, values };
  }
  const { documentId: id, ...input } = parsed.data;
  let state: EditDetailsState;
  try {
    const result = await setCorrections(getDb(process.env.CAIRN_DB), id, input);
    state = { ok: true, message: result.message, errors: {}, values: null };
  } catch (error) {
    return failure(error, values);
  }
  revalidatePath("/", "layout");
  return state;
}

/** Forget the corrections: the file's values again. */
export async function clearDetailsAction(_previous: EditDetailsState, formData: FormData): Promise<EditDetailsState> {
  const parsed = documentId.safeParse(formData.get("documentId"));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message, errors: {}, values: null };
  let state: EditDetailsState;
  try {
    const result = await clearCorrections(getDb(process.env.CAIRN_DB), parsed.data);
    state = { ok: true, message: result.message, errors: {}, values: null };
  } catch (error) {
    return failure(error, null);
  }
  revalidatePath("/", "layout");
  return state;
}

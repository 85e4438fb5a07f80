"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { redactDocument } from "@/lib/actions/redact";
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

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { MarkError, setMark } from "@/lib/actions/marks";
import type { MarkFormState } from "./form-state";

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

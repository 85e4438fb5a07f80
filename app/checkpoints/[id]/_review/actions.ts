"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { addReview, MAX_COMMENT_CHARS, MAX_REVIEWER_CHARS, REVIEW_VERDICTS } from "@/lib/actions/review";
import { describeWriteError } from "@/lib/write";
import type { ReviewFormState, ReviewFormValues } from "./form-state";

const reviewSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page."),
  reviewer: z.string().trim().min(1, "Say who is reviewing.").max(MAX_REVIEWER_CHARS, `At most ${MAX_REVIEWER_CHARS} characters.`),
  verdict: z.enum(REVIEW_VERDICTS, { error: "Pick a verdict." }),
  comment: z.string().trim().min(1, "Write a comment (Markdown).").max(MAX_COMMENT_CHARS, `At most ${MAX_COMMENT_CHARS} characters.`),
});

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** Append a review to `.claude/reviews/<checkpoint>.md` through the safe writer. */
export async function submitReviewAction(_previous: ReviewFormState, formData: FormData): Promise<ReviewFormState> {
  const verdict = text(formData.get("verdict"));
  const values: ReviewFormValues = {
    reviewer: text(formData.get("reviewer")),
    verdict: (REVIEW_VERDICTS as readonly string[]).includes(verdict) ? (verdict as ReviewFormValues["verdict"]) : "",
    comment: text(formData.get("comment")),
  };
  const parsed = reviewSchema.safeParse({ documentId: formData.get("documentId"), ...values, verdict: formData.get("verdict") ?? undefined });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { ok: false, message: Object.values(errors).flat()[0] ?? "The form is not valid.", errors, values };
  }
  let state: ReviewFormState;
  try {
    const result = await addReview(getDb(process.env.CAIRN_DB), {
      documentId: parsed.data.documentId,
      reviewer: parsed.data.reviewer,
      verdict: parsed.data.verdict,
      comment: parsed.data.comment,
    });
    const note = result.reindexError ? ` (it shows after the next index: ${result.reindexError})` : "";
    state = { ok: true, message: `Review added to ${result.relPath}${note}.`, errors: {}, values: null };
  } catch (error) {
    return { ok: false, message: describeWriteError(error), errors: {}, values };
  }
  revalidatePath(`/checkpoints/${parsed.data.documentId}`, "layout");
  revalidatePath("/reviews");
  return state;
}

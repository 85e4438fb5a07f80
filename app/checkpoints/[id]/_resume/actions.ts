"use server";

import { z } from "zod";
import { getDb } from "@/db/client";
import { buildResumeBrief } from "@/lib/actions/resume";
import { toResumeView, type ResumeFormState } from "./form-state";

const resumeSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page."),
  goal: z.string().trim().max(500, "Keep the goal to one line: at most 500 characters."),
});

/** Build the resume prompt (goal-directed when a goal is given). Reads only: nothing is written. */
export async function buildResumeAction(previous: ResumeFormState, formData: FormData): Promise<ResumeFormState> {
  const parsed = resumeSchema.safeParse({ documentId: formData.get("documentId"), goal: formData.get("goal") ?? "" });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { ok: false, message: Object.values(errors).flat()[0] ?? "The form is not valid.", errors, view: previous.view };
  }
  try {
    const brief = await buildResumeBrief(getDb(process.env.CAIRN_DB), parsed.data.documentId, { goal: parsed.data.goal || null });
    const files = `${brief.loaded.length} file${brief.loaded.length === 1 ? "" : "s"} loaded (${brief.loadedLines} lines)`;
    return { ok: true, message: brief.goal ? `Prompt built for “${brief.goal}”: ${files}.` : `Plain resume prompt built: ${files}.`, errors: {}, view: toResumeView(brief) };
  } catch (error) {
    return { ok: false, message: `Could not build the prompt: ${error instanceof Error ? error.message : String(error)}`, errors: {}, view: previous.view };
  }
}

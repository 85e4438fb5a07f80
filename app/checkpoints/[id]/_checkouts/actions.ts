"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { CheckoutChoiceError, chooseCheckout } from "@/lib/actions/checkouts";
import type { ChooseCheckoutState } from "./form-state";

const schema = z.object({
  documentId: z.string().regex(/^[0-9a-f]{16}$/, "This form names no checkpoint; reload the page."),
  repositoryId: z.coerce.number().int().min(1, "This form names no checkout; reload the page.").max(2 ** 31),
});

/** Continue the record's work in another checkout holding its file: that file becomes the one written. */
export async function chooseCheckoutAction(_previous: ChooseCheckoutState, formData: FormData): Promise<ChooseCheckoutState> {
  const parsed = schema.safeParse({ documentId: formData.get("documentId"), repositoryId: formData.get("repositoryId") });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    return { errors, message: Object.values(errors).flat()[0] ?? "The form is not valid." };
  }
  let next: string;
  try {
    next = (await chooseCheckout(getDb(process.env.CAIRN_DB), parsed.data.documentId, parsed.data.repositoryId)).documentId;
  } catch (error) {
    return { errors: {}, message: error instanceof CheckoutChoiceError ? error.message : `The checkout could not be chosen: ${error instanceof Error ? error.message : String(error)}` };
  }
  revalidatePath("/", "layout");
  redirect(`/checkpoints/${next}`);
}

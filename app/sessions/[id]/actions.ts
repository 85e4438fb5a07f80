"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { forgetSession } from "@/lib/queries/sessions";

export interface ForgetState {
  errors: { id?: string[]; confirm?: string[] };
  message: string | null;
}

const schema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, "Not a session id."),
  confirm: z.literal("forget", { error: "Tick the box to confirm: this cannot be undone." }),
});

/** "Forget this session": every row Cairn holds of it removed (its log is not read again while it exists). */
export async function forgetSessionAction(_previous: ForgetState, formData: FormData): Promise<ForgetState> {
  const parsed = schema.safeParse({ id: formData.get("id"), confirm: formData.get("confirm") });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "Not forgotten: tick the box to confirm." };
  let bytes: number;
  try {
    const result = forgetSession(getDb(process.env.CAIRN_DB), parsed.data.id);
    if (result.removed === 0) return { errors: {}, message: "That session is no longer in Cairn." };
    bytes = result.bytes;
  } catch (error) {
    return { errors: {}, message: `Not forgotten: ${error instanceof Error ? error.message : String(error)}.` };
  }
  revalidatePath("/", "layout");
  redirect(`/sessions?forgot=${bytes}`);
}

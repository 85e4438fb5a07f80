"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { setExcluded, setKeepDays, setRootOff } from "@/lib/index/sessions-settings";

export interface SessionSettingState {
  errors: { dir?: string[]; days?: string[]; path?: string[] };
  message: string | null;
  ok: boolean;
}

const toggleSchema = z.object({ dir: z.string().min(1).max(4096), off: z.enum(["1", "0"]) });

/** Turn a session source folder off (its logs are no longer read) or on again. */
export async function toggleSessionRootAction(_previous: SessionSettingState, formData: FormData): Promise<SessionSettingState> {
  const parsed = toggleSchema.safeParse({ dir: formData.get("dir"), off: formData.get("off") });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "The form was not complete: reload the page.", ok: false };
  setRootOff(getDb(process.env.CAIRN_DB).$client, parsed.data.dir, parsed.data.off === "1");
  revalidatePath("/roots");
  return { errors: {}, message: parsed.data.off === "1" ? `Turned off: ${parsed.data.dir} is no longer read.` : `Turned on: ${parsed.data.dir} is read at the next index.`, ok: true };
}

const keepSchema = z.object({ days: z.union([z.literal(""), z.coerce.number().int("Whole days only.").min(1, "At least one day.").max(36500, "At most 100 years.")]) });

/** How long a session is kept after the agent deleted its log (empty: for ever). */
export async function keepSessionsAction(_previous: SessionSettingState, formData: FormData): Promise<SessionSettingState> {
  const parsed = keepSchema.safeParse({ days: formData.get("days") ?? "" });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "Not saved.", ok: false };
  const days = parsed.data.days === "" ? null : parsed.data.days;
  setKeepDays(getDb(process.env.CAIRN_DB).$client, days);
  revalidatePath("/roots");
  return { errors: {}, message: days ? `Sessions whose log is gone are kept ${days} days.` : "Sessions whose log is gone are kept for ever.", ok: true };
}

const excludeSchema = z.object({ path: z.string().trim().min(2, "Type a folder.").max(4096).startsWith("/", "An absolute folder, starting with /."), intent: z.enum(["add", "remove"]) });

/** Exclude a project folder (or a log folder): its sessions are forgotten and not read again. */
export async function excludeSessionPathAction(_previous: SessionSettingState, formData: FormData): Promise<SessionSettingState> {
  const parsed = excludeSchema.safeParse({ path: formData.get("path"), intent: formData.get("intent") ?? "add" });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: "Not saved.", ok: false };
  const path = parsed.data.path.replace(/\/+$/, "") || "/";
  setExcluded(getDb(process.env.CAIRN_DB).$client, path, parsed.data.intent === "add");
  revalidatePath("/roots");
  return { errors: {}, message: parsed.data.intent === "add" ? `Excluded ${path}: its sessions go at the next index.` : `${path} is no longer excluded.`, ok: true };
}

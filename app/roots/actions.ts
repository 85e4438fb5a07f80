"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { addRoot, removeRoot } from "@/lib/actions/roots";
import { runIndexNow } from "@/lib/index/run";
import { repositoryCountUnder } from "@/lib/queries/roots";
import { rememberRemovedRoot } from "./removed";

export interface RootFormState {
  errors: { path?: string[] };
  message: string | null;
  ok: boolean;
}

const rootSchema = z.object({ path: z.string().trim().min(1, "Type the folder to watch.").max(4096) });

export async function addRootAction(_previous: RootFormState, formData: FormData): Promise<RootFormState> {
  const parsed = rootSchema.safeParse({ path: formData.get("path") });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: null, ok: false };
  let state: RootFormState;
  try {
    const change = addRoot(getDb(process.env.CAIRN_DB), parsed.data.path);
    if (!change.ok) return { errors: { path: [change.error] }, message: null, ok: false };
    const summary = await runIndexNow();
    const found = repositoryCountUnder(getDb(process.env.CAIRN_DB), change.path);
    const message =
      found === 0
        ? `Added ${change.path}, but found no git repository in it (Cairn looks up to six folders deep). Indexed ${summary.repositories} repositories in all.`
        : `Added ${change.path} and indexed ${summary.repositories} repositories (${found} in this folder).`;
    state = { errors: {}, message, ok: true };
  } catch (error) {
    return { errors: {}, message: `Could not add the root: ${error instanceof Error ? error.message : String(error)}`, ok: false };
  }
  revalidatePath("/", "layout");
  return state;
}

export async function removeRootAction(_previous: RootFormState, formData: FormData): Promise<RootFormState> {
  const parsed = rootSchema.safeParse({ path: formData.get("path") });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: null, ok: false };
  const change = removeRoot(getDb(process.env.CAIRN_DB), parsed.data.path);
  if (!change.ok) return { errors: { path: [change.error] }, message: change.error, ok: false };
  rememberRemovedRoot(change.path); // the page names only a root that was really removed, never text from a link
  revalidatePath("/", "layout");
  // the removed row (and this form with it) disappears: the page itself says what happened
  redirect(`/roots?removed=${encodeURIComponent(change.path)}`);
}

export async function reindexAction(_previous: RootFormState, _formData: FormData): Promise<RootFormState> {
  let message: string;
  try {
    const s = await runIndexNow();
    message = `Indexed ${s.repositories} repositories: ${s.documents.new} new, ${s.documents.changed} changed, ${s.documents.removed} removed.`;
  } catch (error) {
    return { errors: {}, message: `Indexing failed: ${error instanceof Error ? error.message : String(error)}`, ok: false };
  }
  revalidatePath("/", "layout");
  return { errors: {}, message, ok: true };
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { checkpointPage, taskPageParam } from "@/lib/queries/checkpoint";
import { readDb } from "@/lib/queries/db";
import { CheckpointView } from "../_shared/checkpoint-view";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const load = cache(async (id: string, taskPage = 1) => (/^[0-9a-f]{16}$/.test(id) ? checkpointPage(await readDb(), id, taskPage) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const data = await load((await params).id);
  return { title: data ? `Review: ${data.doc.title ?? data.doc.path}` : "Not found" };
}

/** The review route: the checkpoint page itself (the handoff being reviewed), the review form first beside it. */
export default async function ReviewPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const data = await load(id, taskPageParam(sp.tasks));
  if (!data) notFound();
  return <CheckpointView data={data} view={sp.view === "original" ? "original" : "normalised"} mode="review" />;
}

import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { readDb } from "@/lib/queries/db";
import { loadComparePage } from "@/lib/queries/freshness";
import { param } from "@/lib/queries/shared";
import { defaultPair } from "./compare-checkpoints";
import { CompareView } from "./compare-view";

export const metadata: Metadata = { title: "Compare checkpoints" };

const ID = /^[0-9a-f]{16}$/;

export default async function CompareCheckpointsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  if (!/^\d+$/.test(id)) notFound();
  const a = param(sp.a);
  const b = param(sp.b);
  const db = await readDb();
  const data = await loadComparePage(db, Number(id), a && ID.test(a) ? a : undefined, b && ID.test(b) ? b : undefined);
  if (!data) notFound();
  if (!data.a || !data.b) {
    const lineages = new Map(data.options.map((o) => [o.id, o.lineage]));
    const pair = defaultPair(data.options.map((o) => o.id), data.a?.id, data.b?.id, (id) => lineages.get(id) ?? null);
    if (pair) redirect(`/repos/${data.repo.id}/compare?a=${pair.a}&b=${pair.b}`);
  }
  return <CompareView data={data} />;
}

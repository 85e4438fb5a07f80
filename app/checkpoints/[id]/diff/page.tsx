import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { readDb } from "@/lib/queries/db";
import { loadDiffPage } from "@/lib/queries/freshness";
import { param } from "@/lib/queries/shared";
import { DiffPageView } from "./diff-page-view";

export const metadata: Metadata = { title: "What changed" };

export default async function CheckpointDiffPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  if (!/^[0-9a-f]{16}$/.test(id)) notFound();
  const db = await readDb();
  const data = await loadDiffPage(db, id, { against: param(sp.against), basis: param(sp.basis) });
  if (!data) notFound();
  return <DiffPageView data={data} />;
}

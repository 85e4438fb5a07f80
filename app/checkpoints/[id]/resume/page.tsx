import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { LiveRefresh } from "@/components/live-refresh";
import { readDb } from "@/lib/queries/db";
import { reviewTarget } from "@/lib/queries/reviews";
import { ResumePanel } from "../_resume/resume-panel";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Resume" };

/** The Resume panel on its own page (the checkpoint page mounts the same panel). */
export default async function ResumePage({ params }: Props) {
  const { id } = await params;
  if (!/^[0-9a-f]{16}$/.test(id)) notFound();
  const target = reviewTarget(await readDb(), id);
  if (!target) notFound();
  const title = target.title ?? target.path;
  return (
    <article className="space-y-6">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: title, href: `/checkpoints/${id}` }, { label: "Resume" }]} />
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Resume: {title}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <Link href={`/checkpoints/${id}`}>Open the checkpoint</Link> · <Link href={`/checkpoints/${id}/review`}>Review it</Link> ·{" "}
          <span className="font-mono text-xs">{target.path}</span>
        </p>
      </header>
      <ResumePanel documentId={id} />
      <LiveRefresh />
    </article>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { Panel } from "@/components/panel";
import { StatusBadge } from "@/components/status-badge";
import { planPromotion, type PromotePlan } from "@/lib/actions/promote";
import { readDb } from "@/lib/queries/db";
import { getRecord } from "@/lib/queries/records";
import { describeWriteError, loadDocument } from "@/lib/write";
import { CompleteButton } from "../_write/complete-button";
import { PromoteForm } from "./promote-form";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Promote learnings" };

export default async function PromotePage({ params }: Props) {
  const { id } = await params;
  if (!/^[0-9a-f]{16}$/.test(id)) notFound();
  const db = await readDb();
  const record = getRecord(db, id);
  if (!record) notFound();
  const { doc, repo } = loadDocument(db, id);
  let plan: PromotePlan | null = null;
  let planError: string | null = null;
  try {
    plan = await planPromotion(db, id, { refresh: false });
  } catch (error) {
    planError = describeWriteError(error);
  }
  const title = doc.title ?? doc.path;
  return (
    <article className="space-y-6">
      <Breadcrumbs
        items={[
          { label: "Overview", href: "/" },
          repo ? { label: repo.name, href: `/repos/${repo.id}` } : { label: "Checkpoints", href: "/checkpoints" },
          { label: title, href: `/checkpoints/${id}` },
          { label: "Promote learnings" },
        ]}
      />
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Promote learnings</h1>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          From <Link href={`/checkpoints/${id}`}>{title}</Link> <span className="font-mono text-xs">({doc.path})</span>
        </p>
        {doc.kind === "checkpoint" && (
          <div className="flex flex-wrap items-center gap-3">
            <dl className="flex items-center gap-2 text-sm">
              <dt className="text-stone-500 dark:text-stone-400">Status</dt>
              <dd data-testid="checkpoint-status" className="flex items-center gap-2">
                <StatusBadge status={record.status} />
                {record.statusDetail.completedInCairn && <span className="text-xs text-stone-500 dark:text-stone-400">completed in Cairn</span>}
              </dd>
            </dl>
            <CompleteButton documentId={id} expectedHash={doc.contentHash} completed={record.status === "completed"} />
          </div>
        )}
      </header>
      <Panel id="candidates" title="Candidate learnings" description="Durable knowledge worth keeping beyond this checkpoint">
        {plan ? (
          <PromoteForm
            documentId={id}
            expectedHash={plan.contentHash}
            candidates={plan.candidates}
            notesPath={plan.notesPath}
            notesExists={plan.notesExists}
            notesProblem={plan.notesProblem}
          />
        ) : (
          <p className="text-sm text-rose-700 dark:text-rose-400">Cannot promote from this file: {planError}.</p>
        )}
      </Panel>
    </article>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { CheckpointHeader } from "@/components/checkpoint/checkpoint-header";
import { GuessedDetails } from "@/components/checkpoint/guessed-details";
import { NormalisedView } from "@/components/checkpoint/normalised-view";
import { OriginalView } from "@/components/checkpoint/original-view";
import { Related } from "@/components/checkpoint/related";
import { ViewToggle } from "@/components/checkpoint/view-toggle";
import { UnitPanel } from "@/components/checkpoint/unit-panel";
import { FreshnessBanner } from "@/components/freshness-banner";
import { isResumable } from "@/components/format";
import { checkpointPage } from "@/lib/queries/checkpoint";
import { readDb } from "@/lib/queries/db";
import { originalViewYielding } from "@/lib/render/original";
import { normalisedViewYielding } from "@/lib/render/sections";
import { CompleteButton } from "./_write/complete-button";
import { ReviewPanel } from "./_review/review-panel";
import { ResumePanel } from "./_resume/resume-panel";
import { EditDetailsPanel } from "./_edit/edit-details-panel";
import { TriageControls } from "@/app/_queue/triage-controls";
import { marksOf } from "@/lib/queries/marks";
import { Checkouts } from "@/components/checkpoint/checkouts";
import { pageCheckouts } from "@/lib/queries/checkouts";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One read per request, shared by the metadata and the page. */
const load = cache(async (id: string) => (/^[0-9a-f]{16}$/.test(id) ? checkpointPage(await readDb(), id) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const data = await load((await params).id);
  return { title: data ? (data.doc.title ?? data.doc.path) : "Not found" };
}

export default async function CheckpointPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const data = await load(id);
  if (!data) notFound();
  const { doc, repo, tasks } = data;
  const view = sp.view === "original" ? "original" : "normalised";
  const title = doc.title ?? doc.path;
  const status = data.completedInCairn ? "completed" : doc.status;

  // open: in progress, blocked, or a handoff without a status (completed in Cairn, or in its frontmatter)
  const open = status === "in-progress" || status === "blocked" || (status === null && doc.format === "handoff");
  const completable = doc.source === "worktree" && doc.kind === "checkpoint";
  // a checkpoint or handoff to pick up again: the freshness banner and the Resume panel make sense (decided by family)
  const resumable = isResumable(doc);
  // work that landed in the default branch: the banner offers Complete (kept there once completed, for its Undo)
  const completeInBanner = completable && !!doc.freshness?.landed;
  return (
    <article className="space-y-6">
      <Breadcrumbs
        items={[
          { label: "Overview", href: "/" },
          repo ? { label: repo.name, href: `/repos/${repo.id}` } : { label: "Checkpoints", href: "/checkpoints" },
          { label: title },
        ]}
      />
      <CheckpointHeader doc={doc} repo={repo} status={status} completedInCairn={data.completedInCairn} tasks={tasks.length ? { done: tasks.filter((t) => t.done).length, total: tasks.length } : null} />

      <GuessedDetails confidence={doc.fieldConfidence} sources={doc.fieldSources} values={{ title: doc.title, status: data.completedInCairn ? null : status, branch: doc.branch, headSha: doc.headShaRaw, savedAt: doc.savedAt?.slice(0, 10) }} />
      <UnitPanel doc={doc} />

      {resumable && (
        <FreshnessBanner
          freshness={doc.freshness}
          branch={doc.branch}
          checkpointId={doc.id}
          recordedSha={doc.headShaRaw}
          landedAction={completeInBanner ? <CompleteButton documentId={doc.id} expectedHash={doc.contentHash} completed={!open} hideWhenCompleted /> : undefined}
        />
      )}

      {doc.source === "worktree" && doc.kind === "checkpoint" && (
        <div role="group" aria-label="Actions" className="flex flex-wrap items-center gap-4">
          {completable && !completeInBanner && <CompleteButton documentId={doc.id} expectedHash={doc.contentHash} completed={!open} hideWhenCompleted />}
          <Link href={`/checkpoints/${doc.id}/promote`}>Promote learnings to PROJECT-NOTES.md</Link>
          <Link href={`/checkpoints/${doc.id}/diff`}>What changed since this save</Link>
        </div>
      )}
      {doc.kind === "checkpoint" && <TriageControls documentId={doc.id} name={title} marks={marksOf(await readDb(), doc.id)} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="min-w-0 space-y-4">
          <ViewToggle id={doc.id} view={view} />
          {view === "original" ? (
            <OriginalView title={title} {...await originalViewYielding(doc)} />
          ) : (
            <NormalisedView
              {...await normalisedViewYielding(data.sections, { hasTasks: tasks.length > 0, references: data.references, fromHtml: doc.format === "html" })}
              tasks={tasks}
              documentsByPath={data.documentsByPath}
            />
          )}

          <ReviewPanel documentId={doc.id} />
        </div>
        <aside aria-label="Related" className="min-w-0 space-y-4">
          <Related data={data} />
          <Checkouts documentId={doc.id} checkouts={pageCheckouts(await readDb(), doc.id)} />

          <EditDetailsPanel
            documentId={doc.id}
            shown={{ title: doc.title, status, branch: doc.branch, headSha: doc.headShaRaw, savedAt: doc.savedAt, fileValues: doc.meta?.fileValues as Record<string, unknown> | null }}
          />

          {resumable && <ResumePanel documentId={doc.id} />}
        </aside>
      </div>
    </article>
  );
}

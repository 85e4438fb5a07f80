import { Breadcrumbs } from "@/components/breadcrumbs";
import { CheckpointHeader } from "@/components/checkpoint/checkpoint-header";
import { NormalisedView } from "@/components/checkpoint/normalised-view";
import { OriginalView } from "@/components/checkpoint/original-view";
import { Related } from "@/components/checkpoint/related";
import { ViewToggle } from "@/components/checkpoint/view-toggle";
import { FreshnessBanner } from "@/components/freshness-banner";
import { isResumable } from "@/components/format";
import { documentsAtPaths, type checkpointPage } from "@/lib/queries/checkpoint";
import { LearningsView } from "@/components/checkpoint/learnings-view";
import { learningsOf } from "@/lib/render/learnings";
import { renderMarkdown } from "@/lib/render/markdown";
import { readDb } from "@/lib/queries/db";
import { marksOf } from "@/lib/queries/marks";
import { originalViewYielding } from "@/lib/render/original";
import { normalisedViewYielding } from "@/lib/render/sections";
import { EditDetailsPanel } from "../_edit/edit-details-panel";
import { ResumePanel, resumeViewOf } from "../_resume/resume-panel";
import { ReviewPanel } from "../_review/review-panel";
import { CheckpointActions } from "./checkpoint-actions";
import { UnitPanel } from "@/components/checkpoint/unit-panel";
import { SessionList } from "@/components/session-list";
import { sessionsByIds, sessionsOfDocument } from "@/lib/queries/sessions";
import { GuessedDetails } from "@/components/checkpoint/guessed-details";
import { Checkouts } from "@/components/checkpoint/checkouts";
import { pageCheckouts } from "@/lib/queries/checkouts";

export type CheckpointData = NonNullable<ReturnType<typeof checkpointPage>>;

/**
 * The checkpoint page, built around its decision, in sections one after the other:
 *   1. the header: title, one meta line, the primary action (Copy prompt; Complete once landed) and "More";
 *   2. the freshness verdict: one sentence, the details folded;
 *   3. notes about the record (insert here: one line each);
 *   4. the content (normalised or original) beside the sidebar: the review form (first on the review route),
 *      related documents, details, the resume prompt.
 * `mode: "review"` is the review route: the same page, the review form first beside the content.
 */
export async function CheckpointView({ data, view, mode = "read" }: { data: CheckpointData; view: "normalised" | "original"; mode?: "read" | "review" }) {
  const { doc, repo, tasks, taskCounts } = data;
  // a data checkpoint without a title key is named by the work it names (its `working_on`, `task`, `goal`…)
  const workTitle = typeof doc.meta?.workTitle === "string" ? doc.meta.workTitle : null;
  const title = doc.title ?? workTitle ?? doc.path;
  const status = data.completedInCairn ? "completed" : doc.status;
  // open: in progress, blocked, or a handoff without a status (completed in Cairn, or in its frontmatter)
  const open = status === "in-progress" || status === "blocked" || (status === null && doc.format === "handoff");
  const writable = doc.source === "worktree" && doc.kind === "checkpoint";
  // a checkpoint or handoff to pick up again: the freshness verdict and the Resume panel make sense (decided by family)
  const resumable = isResumable(doc);
  const landed = !!doc.freshness?.landed;
  const resume = resumable ? await resumeViewOf(doc.id) : null;
  const marks = doc.kind === "checkpoint" ? marksOf(await readDb(), doc.id) : null;
  const review = <ReviewPanel documentId={doc.id} since={mode === "review" ? { id: doc.id, savedAt: doc.savedAt } : undefined} />;

  return (
    <article className="space-y-5">
      <Breadcrumbs
        items={[
          { label: "Overview", href: "/" },
          repo ? { label: repo.name, href: `/repos/${repo.id}` } : { label: "Checkpoints", href: "/checkpoints" },
          ...(mode === "review" ? [{ label: title, href: `/checkpoints/${doc.id}` }, { label: "Review" }] : [{ label: title }]),
        ]}
      />

      {/* 1. header */}
      <CheckpointHeader
        doc={doc}
        repo={repo}
        status={status}
        completedInCairn={data.completedInCairn}
        tasks={taskCounts.total ? { done: taskCounts.done, total: taskCounts.total } : null}
        actions={<CheckpointActions documentId={doc.id} title={title} contentHash={doc.contentHash} prompt={resume?.prompt ?? null} writable={writable} open={open} landed={landed} marks={marks} />}
      />

      {/* 2. freshness verdict */}
      {resumable && <FreshnessBanner freshness={doc.freshness} branch={doc.branch} checkpointId={doc.id} recordedSha={doc.headShaRaw} />}

      {/* 3. notes about the record */}
      <GuessedDetails confidence={doc.fieldConfidence} sources={doc.fieldSources} values={{ title: doc.title, status: data.completedInCairn ? null : status, branch: doc.branch, headSha: doc.headShaRaw, savedAt: doc.savedAt?.slice(0, 10) }} />
      <UnitPanel doc={doc} />

      {/* 4. content and sidebar */}
      <div className={`grid gap-6 ${mode === "review" ? "lg:grid-cols-[minmax(0,1fr)_24rem]" : "lg:grid-cols-[minmax(0,1fr)_18rem]"}`}>
        <div className="min-w-0 space-y-4">
          <ViewToggle id={doc.id} view={view} />
          {view === "original" ? (
            <OriginalView title={title} {...await originalViewYielding(doc)} />
          ) : doc.format === "project-notes" ? (
            <NotesLearnings doc={doc} />
          ) : (
            <NormalisedView
              {...await normalisedViewYielding(data.sections, { hasTasks: taskCounts.total > 0, references: data.references, fromHtml: doc.format === "html", fromData: doc.format === "data" })}
              tasks={tasks}
              taskDone={taskCounts.done}
              taskPaging={{ ...taskCounts, hrefFor: (page) => `${mode === "review" ? `/checkpoints/${doc.id}/review` : `/checkpoints/${doc.id}`}${page > 1 ? `?tasks=${page}` : ""}#tasks` }}
              documentsByPath={data.documentsByPath}
            />
          )}
        </div>
        <aside aria-label="Related" className="min-w-0 space-y-4">
          {mode === "review" && review}
          <Related data={data} />
          <SessionList id="sessions-heading" sessions={sessionsByIds(await readDb(), sessionsOfDocument(await readDb(), doc.id))} />
          <Checkouts documentId={doc.id} checkouts={pageCheckouts(await readDb(), doc.id)} />
          <EditDetailsPanel
            documentId={doc.id}
            shown={{ title: doc.title, status, branch: doc.branch, headSha: doc.headShaRaw, savedAt: doc.savedAt, fileValues: doc.meta?.fileValues as Record<string, unknown> | null }}
          />
          {resumable && <ResumePanel documentId={doc.id} initial={resume} verdictShown />}
          {mode === "read" && review}
        </aside>
      </div>
    </article>
  );
}

/** PROJECT-NOTES.md read as its list of learnings, each linked to the checkpoint it came from. */
async function NotesLearnings({ doc }: { doc: CheckpointData["doc"] }) {
  const learnings = learningsOf(doc.original, doc.path);
  const byPath = documentsAtPaths(await readDb(), doc.repositoryId, learnings.flatMap((l) => (l.checkpoint ? [l.checkpoint] : [])));
  return <LearningsView learnings={learnings.map((l) => ({ ...l, html: renderMarkdown(l.text) }))} documentsByPath={byPath} />;
}

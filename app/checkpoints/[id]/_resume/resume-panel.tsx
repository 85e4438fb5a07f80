import { Panel } from "@/components/panel";
import { buildResumeBrief, ResumeError } from "@/lib/actions/resume";
import { readDb } from "@/lib/queries/db";
import { toResumeView, type ResumeView } from "./form-state";
import { ResumeForm } from "./resume-form";

/** The plain resume prompt of a checkpoint, or null when it cannot be resumed (no such checkpoint, outside a repository...). */
export async function resumeViewOf(documentId: string): Promise<ResumeView | null> {
  try {
    return toResumeView(await buildResumeBrief(await readDb(), documentId));
  } catch (error) {
    if (error instanceof ResumeError) return null;
    throw error;
  }
}

/** Resume this checkpoint in a new session: the plain prompt at once, a goal-directed one on demand. */
export async function ResumePanel({ documentId, initial, verdictShown = false }: { documentId: string; /** Already built by the page (its "Copy prompt"). */ initial?: ResumeView | null; verdictShown?: boolean }) {
  const view = initial === undefined ? await resumeViewOf(documentId) : initial;
  if (!view) return null;
  return (
    <Panel id="resume-heading" title="Resume" description="a prompt for the next session, in the checkpoint skill's shape">
      <ResumeForm documentId={documentId} initial={view} verdictShown={verdictShown} />
    </Panel>
  );
}

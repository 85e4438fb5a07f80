import { Panel } from "@/components/panel";
import { buildResumeBrief, ResumeError } from "@/lib/actions/resume";
import { readDb } from "@/lib/queries/db";
import { toResumeView, type ResumeView } from "./form-state";
import { ResumeForm } from "./resume-form";

/** Resume this checkpoint in a new session: the plain prompt at once, a goal-directed one on demand. */
export async function ResumePanel({ documentId }: { documentId: string }) {
  const db = await readDb();
  let initial: ResumeView | null;
  try {
    initial = toResumeView(await buildResumeBrief(db, documentId));
  } catch (error) {
    if (error instanceof ResumeError) return null;
    throw error;
  }
  return (
    <Panel id="resume-heading" title="Resume" description="a prompt for the next session, in the checkpoint skill's shape">
      <ResumeForm documentId={documentId} initial={initial} />
    </Panel>
  );
}

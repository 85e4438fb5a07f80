import type { Metadata } from "next";
import { PanelPage } from "../_shared/panel-page";
import { ResumePanel } from "../_resume/resume-panel";

export const metadata: Metadata = { title: "Resume" };

export default async function ResumePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <PanelPage id={id} name="Resume" parentCrumb={{ label: "Overview", href: "/" }} other={{ label: "Review it", href: `/checkpoints/${id}/review` }}>
      <ResumePanel documentId={id} />
    </PanelPage>
  );
}

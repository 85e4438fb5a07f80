import type { Metadata } from "next";
import { PanelPage } from "../_shared/panel-page";
import { ReviewPanel } from "../_review/review-panel";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <PanelPage id={id} name="Review" parentCrumb={{ label: "Reviews", href: "/reviews" }} other={{ label: "Resume prompt", href: `/checkpoints/${id}/resume` }}>
      <ReviewPanel documentId={id} />
    </PanelPage>
  );
}

import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { Menu } from "@/components/menu";
import { TriageControls } from "@/app/_queue/triage-controls";
import type { Marks } from "@/lib/queries/marks";
import { CompleteButton } from "../_write/complete-button";

export interface ActionFacts {
  documentId: string;
  title: string;
  contentHash: string | null;
  /** The plain resume prompt, when the checkpoint can be resumed. */
  prompt: string | null;
  /** A work-tree checkpoint: Complete, Promote and the diff apply. */
  writable: boolean;
  /** Still open (in progress, blocked, a handoff without a status). */
  open: boolean;
  /** Its work landed in the default branch: Complete is the primary action. */
  landed: boolean;
  /** Triage marks (pin, snooze, archive), for checkpoints. */
  marks: Marks | null;
}

const MENU_LINK = "block rounded px-2 py-1.5 text-sm hover:bg-stone-100 dark:hover:bg-stone-800";

/**
 * The decision of the page, beside its title: "Copy prompt" (or "Complete" once the work landed), then a "More"
 * menu holding the rest: Complete, what changed, review, promote, and triage (pin, snooze, archive).
 */
export function CheckpointActions({ documentId, title, contentHash, prompt, writable, open, landed, marks }: ActionFacts) {
  // once landed, Complete leads (and stays mounted after completing, for its Undo)
  const completePrimary = writable && landed;
  const complete = writable ? <CompleteButton documentId={documentId} expectedHash={contentHash} completed={!open} hideWhenCompleted inRow={completePrimary} /> : null;
  return (
    <div role="group" aria-label="Actions" className="flex flex-wrap items-start gap-2">
      {completePrimary && complete}
      {prompt && <CopyButton text={prompt} label="Copy prompt" what="the prompt in the Resume panel" primary={!completePrimary} />}
      <Menu
        className="relative"
        testId="more-actions"
        summary={<>More <span aria-hidden>▾</span></>}
        summaryClassName="cursor-pointer list-none rounded-md border border-stone-300 bg-white px-2.5 py-1.5 text-sm font-medium text-stone-700 shadow-xs hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700 [&::-webkit-details-marker]:hidden"
        panelClassName="absolute right-0 z-30 mt-1 w-[min(20rem,calc(100vw-1rem))] space-y-2 rounded-lg border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900"
      >
          {/* mounted while completed too (it shows nothing then), so that its confirmation and Undo stay */}
          {writable && !completePrimary && <div className="px-2 py-1 empty:hidden">{complete}</div>}
          <nav aria-label="More about this checkpoint">
            {writable && (
              <Link href={`/checkpoints/${documentId}/diff`} className={MENU_LINK}>
                What changed since this save
              </Link>
            )}
            <Link href={`/checkpoints/${documentId}/review`} className={MENU_LINK}>
              Review
            </Link>
            {writable && (
              <Link href={`/checkpoints/${documentId}/promote`} className={MENU_LINK}>
                Promote learnings to PROJECT-NOTES.md
              </Link>
            )}
          </nav>
          {marks && (
            <div className="border-t border-stone-200 px-2 pt-2 dark:border-stone-700">
              <TriageControls documentId={documentId} name={title} marks={marks} />
            </div>
          )}
      </Menu>
    </div>
  );
}

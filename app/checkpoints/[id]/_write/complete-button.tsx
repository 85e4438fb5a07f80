"use client";

import { useShownVersion } from "@/components/use-shown-version";
import { useActionState, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { completeAction } from "./actions";
import { BUTTON_STYLE, ReloadButton } from "./form-parts";
import { initialWriteState } from "./form-state";

const CHANGED_ON_DISK = "This file changed on disk after this page was shown. Reload the page to act on the new version.";

/** A submit button of the complete form, pending only while its own intent runs. */
function IntentButton({ intent, pendingLabel, disabled, plain = false, children }: { intent: "complete" | "undo"; pendingLabel: string; disabled: boolean; plain?: boolean; children: ReactNode }) {
  const { pending, data } = useFormStatus();
  const mine = pending && (data?.get("intent") ?? "complete") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={pending || disabled}
      aria-disabled={pending || disabled}
      className={plain ? "rounded-md border border-stone-400 px-2 py-0.5 text-sm font-medium hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-stone-500 dark:hover:bg-stone-800" : BUTTON_STYLE}
    >
      {mine ? pendingLabel : children}
    </button>
  );
}

/**
 * "Complete": changes only the checkpoint's status value to `completed` (or completes it in Cairn when the
 * file keeps no status). Carries the hash the page was rendered with: a file changed since gives a conflict,
 * one message, and the button stays disabled until a reload. The confirmation offers Undo, which the server
 * honours only while the file is unchanged since the completion.
 *
 * The component stays mounted when the page re-renders the checkpoint as completed (or, on the repository
 * page, shows the next newest checkpoint or none: `documentId` null), so that the confirmation and its Undo stay.
 */
export function CompleteButton({
  documentId,
  expectedHash,
  completed = false,
  label = "Complete",
  hideWhenCompleted = false,
  once = false,
  inRow = false,
}: {
  documentId: string | null;
  expectedHash: string | null;
  completed?: boolean;
  label?: string;
  /** Show nothing for a completed checkpoint, unless this form just completed or undid something. */
  hideWhenCompleted?: boolean;
  /** One completion per page: after it, the button stays "Completed" even when the page offers another checkpoint (no re-arming). */
  once?: boolean;
  /** Among other buttons (the page header's actions): the form's parts join the row, its confirmation on a line of its own below it. */
  inRow?: boolean;
}) {
  const [state, action] = useActionState(completeAction, initialWriteState);
  const shownVersion = useShownVersion(expectedHash ?? "", state.ok ? state : null);
  if (hideWhenCompleted && completed && state.message === null) return null;
  const justCompleted = state.ok && state.outcome !== undefined && (once ? !state.undone : state.documentId === documentId);
  const done = completed || justCompleted;
  const changedOnDisk = !state.conflict && shownVersion.changedOnDisk;
  const blocked = state.conflict || changedOnDisk;
  // one message at a time: the conflict, else the file changed under the page, else the last outcome
  const message = changedOnDisk ? CHANGED_ON_DISK : state.message;
  const tone = state.ok && !changedOnDisk ? "text-emerald-700 dark:text-emerald-400" : changedOnDisk ? "text-amber-800 dark:text-amber-300" : "text-rose-700 dark:text-rose-400";
  const undo = state.ok && !changedOnDisk ? state.undo : null;
  return (
    <form action={action} className={inRow ? "contents" : "flex flex-wrap items-center gap-3"}>
      {documentId && (
        <>
          <input type="hidden" name="documentId" value={documentId} />
          <input type="hidden" name="expectedHash" value={shownVersion.hash} />
          <IntentButton intent="complete" pendingLabel="Completing…" disabled={done || blocked}>
            {done ? "Completed" : label}
          </IntentButton>
        </>
      )}
      {undo && <input type="hidden" name="undo" value={undo} />}
      <p role="status" aria-live="polite" className={`text-sm break-words ${inRow ? "order-last basis-full" : ""} ${tone}`}>
        {message}
        {undo && (
          <>
            {" "}
            <IntentButton intent="undo" pendingLabel="Undoing…" disabled={false} plain>
              Undo
            </IntentButton>
          </>
        )}
        {blocked && (
          <>
            {" "}
            <ReloadButton />
          </>
        )}
      </p>
    </form>
  );
}

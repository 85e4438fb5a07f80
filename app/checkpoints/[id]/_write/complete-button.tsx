"use client";

import { useShownVersion } from "@/components/use-shown-version";
import { ChangedOnDiskNote } from "@/components/changed-on-disk-note";
import { useActionState } from "react";
import { completeAction } from "./actions";
import { FormMessage, PendingButton } from "./form-parts";
import { initialWriteState } from "./form-state";

/**
 * "Complete": changes only the checkpoint's status value to `completed` (or completes it in Cairn when the
 * file keeps no status). Carries the hash the page was rendered with: a file changed since gives a conflict.
 */
export function CompleteButton({
  documentId,
  expectedHash,
  completed = false,
  label = "Complete",
}: {
  documentId: string;
  expectedHash: string;
  completed?: boolean;
  label?: string;
}) {
  const [state, action] = useActionState(completeAction, initialWriteState);
  const shownVersion = useShownVersion(expectedHash, state.ok ? state : null);
  const done = completed || (state.ok && state.outcome !== undefined);
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="expectedHash" value={shownVersion.hash} />
      <ChangedOnDiskNote show={shownVersion.changedOnDisk} />
      <PendingButton pendingLabel="Completing…" disabled={done}>
        {done ? "Completed" : label}
      </PendingButton>
      <FormMessage state={state} />
    </form>
  );
}

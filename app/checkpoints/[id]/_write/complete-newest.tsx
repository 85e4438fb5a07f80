import "server-only";
import Link from "next/link";
import { newestInProgressOnBranch } from "@/lib/actions/complete";
import { readDb } from "@/lib/queries/db";
import { CompleteButton } from "./complete-button";

/**
 * For the repository page: one click completes the newest in-progress checkpoint of `branch` (as
 * `/checkpoint complete` does), named on the button. The form stays in place after a completion, whichever
 * checkpoint is newest then (or none), so that its confirmation still offers Undo; it does not re-arm for that one.
 */
export async function CompleteNewestOnBranch({ repositoryId, branch }: { repositoryId: number; branch: string }) {
  const doc = newestInProgressOnBranch(await readDb(), repositoryId, branch);
  return (
    <div className="space-y-1">
      <p className="text-sm">
        {doc ? (
          <>
            Newest in-progress on <code className="font-mono">{branch}</code>: <Link href={`/checkpoints/${doc.id}`}>{doc.title ?? doc.path}</Link>
          </>
        ) : (
          <span className="text-stone-500 dark:text-stone-400">
            No in-progress checkpoint on <code className="font-mono">{branch}</code>.
          </span>
        )}
      </p>
      {/* the button names the save it completes, and does not re-arm for the next newest after a completion */}
      <CompleteButton documentId={doc?.id ?? null} expectedHash={doc?.contentHash ?? null} label={`Complete the newest on ${branch}: “${doc?.title ?? doc?.path ?? ""}”`} once />
    </div>
  );
}

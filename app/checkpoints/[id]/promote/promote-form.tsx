"use client";

import { useShownVersion } from "@/components/use-shown-version";
import { ChangedOnDiskNote } from "@/components/changed-on-disk-note";
import { useActionState } from "react";
import type { Candidate } from "@/lib/actions/promote";
import { promoteAction } from "../_write/actions";
import { FormMessage, PendingButton } from "../_write/form-parts";
import { initialWriteState } from "../_write/form-state";

const STATE_LABEL: Record<Candidate["state"], string> = { new: "new", duplicate: "duplicate", blocked: "blocked" };
const STATE_STYLE: Record<Candidate["state"], string> = {
  new: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  duplicate: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  blocked: "bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100",
};

function CandidateRow({ candidate: c, error }: { candidate: Candidate; error: string[] | undefined }) {
  const blocked = c.state === "blocked";
  const describedBy = [`pick-${c.n}-note`, `pick-${c.n}-error`].join(" ");
  return (
    <li className="rounded-md border border-stone-200 p-3 dark:border-stone-800" data-candidate={c.n}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={`pick-${c.n}`}
          name="pick"
          value={c.n}
          disabled={blocked}
          aria-describedby={describedBy}
          className="mt-1 size-4 shrink-0"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={`pick-${c.n}`} className="flex flex-wrap items-center gap-2 text-xs text-stone-500 dark:text-stone-400">
            <span className="font-mono">#{c.n}</span>
            <span>{c.section}</span>
            <span className={`rounded-full px-2 py-0.5 font-medium ${STATE_STYLE[c.state]}`}>{STATE_LABEL[c.state]}</span>
          </label>
          <input
            type="text"
            name={`text-${c.n}`}
            defaultValue={c.text}
            disabled={blocked}
            aria-label={`Learning ${c.n}, as it will be written`}
            maxLength={2000}
            className="w-full rounded-md border border-stone-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-stone-700 dark:bg-stone-950"
          />
          <div id={`pick-${c.n}-note`} className="space-y-1 text-sm">
            {blocked && <p className="text-rose-700 dark:text-rose-400">Cannot be promoted: {c.blockedReason}.</p>}
            {c.duplicate?.canSharpen && (
              <>
                <p>
                  {c.duplicate.exact ? "Exactly as in" : "Already in"} PROJECT-NOTES.md (line {c.duplicate.lineNumber}):{" "}
                  <q className="font-mono text-xs">{c.duplicate.line}</q>
                </p>
                <fieldset className="flex flex-wrap gap-4">
                  <legend className="sr-only">What to do with learning {c.n}</legend>
                  <label className="flex items-center gap-1.5">
                    <input type="radio" name={`mode-${c.n}`} value="skip" defaultChecked={c.duplicate.exact} /> Skip it: already written down
                  </label>
                  <label className="flex items-center gap-1.5">
                    <input type="radio" name={`mode-${c.n}`} value="sharpen" defaultChecked={!c.duplicate.exact} /> Sharpen that line instead
                  </label>
                  <label className="flex items-center gap-1.5">
                    <input type="radio" name={`mode-${c.n}`} value="add" /> Add as a new line
                  </label>
                </fieldset>
              </>
            )}
            {c.duplicate && !c.duplicate.canSharpen && (
              <p>
                Already in CLAUDE.md (line {c.duplicate.lineNumber}): <q className="font-mono text-xs">{c.duplicate.line}</q>. Checking it adds it to
                PROJECT-NOTES.md anyway.
                <input type="hidden" name={`mode-${c.n}`} value="add" />
              </p>
            )}
          </div>
          <p id={`pick-${c.n}-error`} aria-live="polite" className="text-sm text-rose-700 dark:text-rose-400">
            {error?.join(" ")}
          </p>
        </div>
      </div>
    </li>
  );
}

/** Pick, edit and promote a checkpoint's durable learnings to `.claude/PROJECT-NOTES.md`. */
export function PromoteForm({
  documentId,
  expectedHash,
  candidates,
  notesPath,
  notesExists,
  notesProblem,
}: {
  documentId: string;
  expectedHash: string;
  candidates: Candidate[];
  notesPath: string;
  notesExists: boolean;
  notesProblem: string | null;
}) {
  const [state, action] = useActionState(promoteAction, initialWriteState);
  const shownVersion = useShownVersion(expectedHash, state.ok ? state : null);
  if (candidates.length === 0) {
    return <p className="text-sm text-stone-500 dark:text-stone-400">No candidate learnings: this checkpoint&apos;s decisions, gotchas, failed and verified approaches hold no bullet or sentence (its session context is not a learning).</p>;
  }
  const promotable = candidates.some((c) => c.state !== "blocked");
  return (
    <form action={action} className="space-y-4" aria-describedby="promote-message">
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="expectedHash" value={shownVersion.hash} />
      <ChangedOnDiskNote show={shownVersion.changedOnDisk} />
      <p className="text-sm text-stone-600 dark:text-stone-300">
        Checked learnings are appended to <code className="font-mono">{notesPath}</code>
        {notesExists ? "" : " (created with a # Project Notes heading)"}, one terse line each, linking back to this checkpoint.
      </p>
      {notesProblem && <p className="text-sm text-rose-700 dark:text-rose-400">Cannot promote: {notesProblem}.</p>}
      <fieldset>
        <legend className="sr-only">Candidate learnings</legend>
        <ol className="space-y-3">
          {candidates.map((c) => (
            <CandidateRow key={c.n} candidate={c} error={state.errors[`pick-${c.n}`]} />
          ))}
        </ol>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton pendingLabel="Promoting…" disabled={!promotable || notesProblem !== null}>
          Promote to PROJECT-NOTES.md
        </PendingButton>
        <FormMessage state={state} id="promote-message" />
      </div>
    </form>
  );
}

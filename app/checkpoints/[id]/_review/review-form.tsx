"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { VERDICT_TEXT, type Verdict } from "@/components/verdict-badge";
import { submitReviewAction } from "./actions";
import { initialReviewState } from "./form-state";

const VERDICTS: { value: Verdict; hint: string }[] = [
  { value: "approved", hint: "ready to go on" },
  { value: "changes", hint: "needs another save first" },
  { value: "comment", hint: "a note, no verdict" },
];

const input =
  "w-full rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-rose-600";

function SubmitButton() {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-60"
    >
      {pending ? "Saving review…" : "Add review"}
    </button>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} aria-live="polite" className="text-sm text-rose-700 dark:text-rose-400">
      {errors?.join(" ")}
    </p>
  );
}

/** Reviewer (prefilled from git config), verdict, Markdown comment. */
export function ReviewForm({ documentId, reviewer, reviewFile }: { documentId: string; reviewer: string; reviewFile: string }) {
  const [state, action] = useActionState(submitReviewAction, initialReviewState);
  const values = state.values;
  return (
    <form action={action} className="space-y-3" aria-label="Add a review">
      <input type="hidden" name="documentId" value={documentId} />
      <div className="space-y-1">
        <label htmlFor="review-reviewer" className="block text-sm font-medium">Reviewer</label>
        <input
          id="review-reviewer"
          name="reviewer"
          required
          maxLength={100}
          defaultValue={values?.reviewer ?? reviewer}
          aria-invalid={!!state.errors.reviewer}
          aria-describedby="review-reviewer-error"
          className={`${input} max-w-sm`}
        />
        <FieldError id="review-reviewer-error" errors={state.errors.reviewer} />
      </div>
      <fieldset className="space-y-1" aria-describedby="review-verdict-error">
        <legend className="text-sm font-medium">Verdict</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {VERDICTS.map((v) => (
            <label key={v.value} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name="verdict" value={v.value} required defaultChecked={values?.verdict === v.value} />
              {VERDICT_TEXT[v.value]} <span className="text-stone-500 dark:text-stone-400">({v.hint})</span>
            </label>
          ))}
        </div>
        <FieldError id="review-verdict-error" errors={state.errors.verdict} />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="review-comment" className="block text-sm font-medium">
          Comment <span className="font-normal text-stone-500 dark:text-stone-400">(Markdown)</span>
        </label>
        <textarea
          id="review-comment"
          name="comment"
          required
          rows={5}
          maxLength={20000}
          defaultValue={values?.comment ?? ""}
          aria-invalid={!!state.errors.comment}
          aria-describedby="review-comment-error review-file-note"
          className={`${input} font-mono`}
        />
        <FieldError id="review-comment-error" errors={state.errors.comment} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton />
        <p id="review-file-note" className="text-xs text-stone-500 dark:text-stone-400">
          Appended to <code className="font-mono">{reviewFile}</code>: commit it to share the review.
        </p>
      </div>
      <p role="status" aria-live="polite" className={`text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
        {state.message}
      </p>
    </form>
  );
}

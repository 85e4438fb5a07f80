"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { buildResumeAction } from "./actions";
import { CopyButton } from "@/components/copy-button";
import type { ResumeFormState, ResumeView } from "./form-state";

function BuildButton() {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-60"
    >
      {pending ? "Building…" : "Build prompt"}
    </button>
  );
}

const lines = (n: number | null) => (n === null ? "" : ` · ${n} line${n === 1 ? "" : "s"}`);

function FileLists({ view }: { view: ResumeView }) {
  return (
    // laid out by the room the panel has (a narrow sidebar, or a page of its own), not by the window
    <div className="@container">
      <div className="grid gap-4 text-sm @2xl:grid-cols-3">
      <section aria-labelledby="resume-loaded" className="min-w-0">
        <h3 id="resume-loaded" className="font-medium">
          Loaded <span className="font-normal text-stone-500 dark:text-stone-400">({view.loadedLines} of ~{view.budgetLines} lines)</span>
        </h3>
        {view.loaded.length ? (
          <ul className="mt-1 space-y-0.5" aria-label="Loaded files">
            {view.loaded.map((f) => (
              <li key={f.path}>
                <code className="break-all font-mono text-xs">{f.path}</code>
                <span className="text-xs text-stone-500 dark:text-stone-400"> {f.role}{lines(f.lines)}{f.matched.length ? ` · ${f.matched.join(", ")}` : ""}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-stone-500 dark:text-stone-400">No referenced file to load.</p>
        )}
      </section>
      <section aria-labelledby="resume-not-loaded" className="min-w-0">
        <h3 id="resume-not-loaded" className="font-medium">Also referenced (not loaded)</h3>
        {view.notLoaded.length ? (
          <ul className="mt-1 space-y-0.5" aria-label="Files not loaded">
            {view.notLoaded.map((f) => (
              <li key={f.path}>
                <code className="break-all font-mono text-xs">{f.path}</code>
                <span className="text-xs text-stone-500 dark:text-stone-400"> {f.reason}{lines(f.lines)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-stone-500 dark:text-stone-400">None.</p>
        )}
      </section>
      <section aria-labelledby="resume-missing" className="min-w-0">
        <h3 id="resume-missing" className="font-medium">Missing</h3>
        {view.missing.length ? (
          <ul className="mt-1 space-y-0.5 text-amber-800 dark:text-amber-300" aria-label="Missing files">
            {view.missing.map((path) => (
              <li key={path}>
                <code className="break-all font-mono text-xs">{path}</code> <span className="text-xs">no longer exists</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-stone-500 dark:text-stone-400">None.</p>
        )}
      </section>
      </div>
    </div>
  );
}

/** Goal input, "Build prompt", then the prompt to copy and which files it loads. */
export function ResumeForm({ documentId, initial, verdictShown = false }: { documentId: string; initial: ResumeView | null; /** The page shows the freshness verdict already: not said again here (the prompt still carries it). */ verdictShown?: boolean }) {
  const [state, action] = useActionState(buildResumeAction, { ok: false, message: null, errors: {}, view: initial } satisfies ResumeFormState);
  const view = state.view;
  return (
    <div className="space-y-4">
      <form action={action} className="space-y-1" aria-label="Build a resume prompt">
        <input type="hidden" name="documentId" value={documentId} />
        <label htmlFor="resume-goal" className="block text-sm font-medium">
          Next goal <span className="font-normal text-stone-500 dark:text-stone-400">(optional: keeps only what bears on it)</span>
        </label>
        <div className="flex min-w-0 flex-wrap gap-2">
          <input
            id="resume-goal"
            name="goal"
            maxLength={500}
            defaultValue={view?.goal ?? ""}
            placeholder={initial?.goalHint ?? view?.goalHint ?? "e.g. the next thing to do"}
            aria-invalid={!!state.errors.goal}
            aria-describedby="resume-goal-error"
            className="w-full min-w-0 flex-1 basis-48 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm dark:border-stone-700 dark:bg-stone-950"
          />
          <BuildButton />
        </div>
        <p id="resume-goal-error" aria-live="polite" className="text-sm text-rose-700 dark:text-rose-400">
          {state.errors.goal?.join(" ") ?? (!state.ok ? state.message : null)}
        </p>
        <p role="status" aria-live="polite" className="text-sm text-emerald-700 dark:text-emerald-400">
          {state.ok ? state.message : null}
        </p>
      </form>
      {view && (
        <>
          {view.freshnessWarning && !verdictShown && (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
              ⚠ {view.freshnessWarning}
            </p>
          )}
          <FileLists view={view} />
          <div className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-medium">{view.goal ? "Goal-directed prompt" : "Resume prompt"}</h3>
              <CopyButton text={view.prompt} label="Copy prompt" what="the prompt" />
            </div>
            <pre aria-label="Resume prompt" tabIndex={0} className="max-h-[28rem] max-w-full overflow-auto whitespace-pre-wrap [overflow-wrap:anywhere] rounded-md bg-stone-100 p-3 font-mono text-xs dark:bg-stone-800/70">
              {view.prompt}
            </pre>
          </div>
        </>
      )}
    </div>
  );
}

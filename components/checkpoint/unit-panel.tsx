import type { ReactNode } from "react";
import type { DocumentRow } from "@/db/schema";
import { companionTextsOf, unitOf, type CompanionRole } from "@/lib/parse/conventions/unit";
import { renderMarkdownYielding } from "@/lib/render/markdown";
import { Markdown } from "../markdown";
import { familyHelp, familyLabel } from "../format";

const ROLE_WORDS: Record<CompanionRole, string> = {
  spec: "spec",
  plan: "plan",
  tasks: "tasks",
  research: "research",
  design: "design",
  requirements: "requirements",
  proposal: "proposal",
  metadata: "metadata",
  index: "index of all",
  context: "context",
  progress: "progress",
  other: "notes",
};

function Line({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "warn" }) {
  const cls = tone === "warn" ? "text-amber-900 dark:text-amber-200" : "text-stone-700 dark:text-stone-300";
  return <p className={`text-sm ${cls}`}>{children}</p>;
}

/**
 * One convention unit (a Spec Kit feature, a Conductor track, an OpenSpec change, a Kiro spec, a memory bank...):
 * what it is, where its stated status and its tasks disagree, the done tasks whose commit is not in its branch,
 * and the companion files read with it, each to open in place (its text as indexed: redacted, capped, rendered
 * through the sanitising Markdown renderer). Reads only `meta.unit` and `meta.companionTexts`; nothing for other records.
 */
export async function UnitPanel({ doc }: { doc: DocumentRow }) {
  const unit = unitOf(doc.meta);
  if (!unit) return null;
  const texts = new Map(companionTextsOf(doc.meta).map((c) => [c.path, c]));
  const rendered = new Map(await Promise.all([...texts.values()].map(async (c) => [c.path, await renderMarkdownYielding(c.text)] as const)));
  const flagged = unit.commitChecks?.checks.filter((c) => c.flag) ?? [];
  const open = unit.tasksTotal - unit.tasksDone;
  return (
    <section aria-labelledby="unit-heading" className="space-y-2 rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <h2 id="unit-heading" className="text-base font-semibold">
        {familyLabel(doc.format)} <span className="font-mono text-sm font-normal">{unit.id}</span>
      </h2>
      {familyHelp(doc.format) && <p className="text-xs text-stone-600 dark:text-stone-400">{familyHelp(doc.format)}</p>}
      {unit.tasksTotal > 0 && (
        <Line>
          {unit.tasksDone} of {unit.tasksTotal} tasks done{open > 0 ? `, ${open} open` : ""}
          {unit.optionalOpen > 0 ? ` (and ${unit.optionalOpen} optional not done)` : ""}.
        </Line>
      )}
      {unit.archived && <Line>It is in the convention&apos;s archive folder, so it counts as completed.</Line>}
      {unit.statusNote && (
        <div role="note" aria-label="Status and tasks disagree">
          <Line tone="warn">{unit.statusNote}.</Line>
        </div>
      )}
      {flagged.length > 0 && (
        <div role="note" aria-label="Done tasks whose commit is missing">
          <ul className="list-disc space-y-1 pl-5 text-sm text-amber-900 dark:text-amber-200">
            {flagged.map((c) => (
              <li key={`${c.name}-${c.sha}`}>{c.flag}.</li>
            ))}
          </ul>
        </div>
      )}
      {unit.companions.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">Read with it</h3>
          <ul aria-label="Companion files" className="mt-1 space-y-1 text-sm">
            {unit.companions.map((c) => {
              const label = `${ROLE_WORDS[c.role] ?? c.role}${c.present ? "" : ", not there"}`;
              const text = texts.get(c.path);
              const html = rendered.get(c.path);
              if (!text || html === undefined) {
                return (
                  <li key={c.path}>
                    <code className="break-all font-mono text-xs">{c.path}</code> <span className="text-stone-600 dark:text-stone-400">({label})</span>
                  </li>
                );
              }
              return (
                <li key={c.path}>
                  <details className="group rounded border border-stone-200 dark:border-stone-800">
                    <summary className="cursor-pointer rounded px-2 py-1 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 dark:hover:bg-stone-800/60">
                      <code className="break-all font-mono text-xs">{c.path}</code> <span className="text-stone-600 dark:text-stone-400">({label})</span>
                    </summary>
                    <div className="border-t border-stone-200 px-3 py-2 dark:border-stone-800">
                      <Markdown html={html} />
                      {text.truncated && <p className="mt-2 text-xs italic text-stone-600 dark:text-stone-400">Only the start of this file is kept (64 KB); open the file itself for the rest.</p>}
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

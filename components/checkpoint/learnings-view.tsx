import Link from "next/link";
import type { LinkedDocument } from "@/lib/queries/checkpoint";
import type { Learning } from "@/lib/render/learnings";
import { EmptyState } from "../empty-state";
import { Markdown } from "../markdown";

/**
 * PROJECT-NOTES.md as its list of learnings: each one (its Markdown rendered and sanitised by the caller), under
 * the heading it sits under, with a link to the checkpoint it was promoted from when that is indexed.
 */
export function LearningsView({ learnings, documentsByPath }: { learnings: (Learning & { html: string })[]; documentsByPath: Record<string, LinkedDocument> }) {
  if (learnings.length === 0) {
    return (
      <EmptyState title="No learnings yet">
        Promote decisions, gotchas and failed approaches from a checkpoint (its More menu): each becomes a line here.
      </EmptyState>
    );
  }
  const groups = [...new Set(learnings.map((l) => l.group))];
  return (
    <section aria-labelledby="learnings-heading" className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-900">
      <h2 id="learnings-heading" className="text-lg font-semibold">
        Learnings <span className="font-normal text-stone-600 dark:text-stone-400">({learnings.length})</span>
      </h2>
      {groups.map((group) => (
        <div key={group ?? ""} className="mt-3">
          {group && <h3 className="text-sm font-semibold text-stone-700 dark:text-stone-300">{group}</h3>}
          <ol className="mt-1 divide-y divide-stone-100 dark:divide-stone-800" aria-label={group ?? "Learnings"}>
            {learnings
              .filter((l) => l.group === group)
              .map((l, i) => {
                const source = l.checkpoint ? documentsByPath[l.checkpoint] : undefined;
                return (
                  <li key={i} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2" data-testid="learning">
                    <Markdown className="min-w-0 flex-[1_1_16rem] [&_p]:my-0" html={l.html} />
                    {source ? (
                      <Link href={`/checkpoints/${source.id}`} className="text-xs">
                        from {source.title ?? source.path}
                      </Link>
                    ) : l.checkpoint ? (
                      <span className="font-mono text-xs text-stone-600 dark:text-stone-400">from {l.checkpoint}</span>
                    ) : null}
                  </li>
                );
              })}
          </ol>
        </div>
      ))}
    </section>
  );
}

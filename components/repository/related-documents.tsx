import Link from "next/link";
import type { RelatedDocument } from "@/lib/queries/repository";
import { capped, MoreItems } from "../capped-list";
import { EmptyState } from "../empty-state";
import { formatDate } from "../format";

const GROUPS: { kind: string; title: string }[] = [
  { kind: "research", title: "Research" },
  { kind: "plan", title: "Plans" },
  { kind: "review", title: "Reviews" },
  { kind: "journal", title: "Journals" },
];

/** The repository's research, plans and reviews, each opening in Cairn. */
export function RelatedDocuments({ documents }: { documents: RelatedDocument[] }) {
  if (!documents.length) {
    return (
      <EmptyState title="No research, plans or reviews yet">
        Research files live in <code className="font-mono text-xs">.claude/research/</code>, plans in{" "}
        <code className="font-mono text-xs">docs/plans/</code> or <code className="font-mono text-xs">.claude/plans/</code>, reviews in{" "}
        <code className="font-mono text-xs">.claude/reviews/</code>. Cairn lists them here after the next index.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      {GROUPS.map(({ kind, title }) => {
        const docs = documents.filter((d) => d.kind === kind);
        if (!docs.length) return null;
        const { shown, more } = capped(docs);
        return (
          <div key={kind}>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">
              {title} <span className="font-normal">({docs.length})</span>
            </h3>
            <ul className="mt-1.5 space-y-1.5 text-sm">
              {shown.map((d) => (
                <li key={d.id} className="min-w-0">
                  <Link href={`/checkpoints/${d.id}`}>{d.title ?? d.path}</Link>
                  <span className="block truncate font-mono text-xs text-stone-500 dark:text-stone-400" title={d.path}>
                    {formatDate(d.savedAt)} · {d.path}
                  </span>
                </li>
              ))}
            </ul>
            <MoreItems more={more} what={`${title.toLowerCase()} (search finds them all)`} />
          </div>
        );
      })}
    </div>
  );
}

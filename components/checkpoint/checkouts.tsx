import { ChooseCheckoutForm } from "@/app/checkpoints/[id]/_checkouts/choose-form";
import type { PageCheckout } from "@/lib/queries/checkouts";
import { plural } from "../format";

function state(c: PageCheckout): string {
  if (c.changedFiles === null) return "state unknown";
  return c.changedFiles === 0 ? "clean" : `${plural(c.changedFiles, "changed file")}`;
}

/**
 * Where else the same file is checked out (issue 25): the record is one, its copies identical. Names the
 * checkout Resume continues in and whose file Complete, Promote and Review write (the primary); the other
 * copies are committed files, left alone (git carries the change).
 */
export function Checkouts({ documentId, checkouts }: { documentId: string; checkouts: PageCheckout[] }) {
  const primary = checkouts.find((c) => c.primary);
  if (!primary || checkouts.length < 2) return null;
  return (
    <section aria-labelledby="rel-checkouts" className="rounded-lg border border-stone-200 bg-white p-3 text-sm dark:border-stone-800 dark:bg-stone-900">
      <h2 id="rel-checkouts" className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">
        Checked out in {checkouts.length} places
      </h2>
      <p className="mt-2">
        Resume continues in <strong>{primary.name}</strong>
        {primary.branch ? (
          <>
            {" "}on <span className="font-mono">{primary.branch}</span>
          </>
        ) : null}
        . Complete, Promote and Review write its file there:{" "}
        <code className="break-all font-mono text-xs">{primary.absPath}</code>. The other copies are the same committed file: git carries the change to them. To continue in another checkout, pick it below.
      </p>
      <ul aria-label="Checkouts holding this file" className="mt-2 space-y-2">
        {checkouts.map((c) => (
          <li key={c.repositoryId}>
            <code className="block break-all font-mono text-xs">{c.repo}</code>
            <span className="text-xs text-stone-600 dark:text-stone-400">
              {c.branch ? <span className="font-mono">{c.branch}</span> : "detached HEAD"} · {state(c)}
              {c.head ? (
                <>
                  {" "}· last commit <span className="font-mono">{c.head.slice(0, 7)}</span>
                </>
              ) : null}
              {c.primary ? " · where Resume continues" : ""}
            </span>
            {c.primary ? null : <ChooseCheckoutForm documentId={documentId} repositoryId={c.repositoryId} path={c.repo} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

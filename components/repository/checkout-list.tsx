import Link from "next/link";
import type { CheckoutSummary } from "@/lib/queries/projects";
import { plural } from "../format";

function state(c: CheckoutSummary): string {
  if (c.isBare) return "bare";
  if (c.changedFiles === null) return "state unknown";
  return c.changedFiles === 0 ? "clean" : `dirty: ${plural(c.changedFiles, "changed file")}`;
}

/**
 * A project's checkouts on the repositories page (issue 25): linked worktrees and clones of one project are one
 * row, each checkout listed with its path, branch, dirty or clean, and last commit. Nothing for a single checkout.
 */
export function CheckoutList({ name, checkouts }: { name: string; checkouts: CheckoutSummary[] }) {
  if (checkouts.length < 2) return null;
  return (
    <details open className="mt-1 text-xs">
      <summary className="cursor-pointer text-stone-600 dark:text-stone-400">{plural(checkouts.length, "checkout")}</summary>
      <ul aria-label={`Checkouts of ${name}`} className="mt-1 space-y-1">
        {checkouts.map((c) => (
          <li key={c.id}>
            <Link href={`/repos/${c.id}`} prefetch={false} className="break-all font-mono">{c.path}</Link>
            <span className="block text-stone-600 dark:text-stone-400">
              {c.branch ? <span className="font-mono">{c.branch}</span> : c.isBare ? "no work tree" : "detached HEAD"} · {state(c)}
              {c.headSha ? <> · last commit <span className="font-mono">{c.headSha.slice(0, 7)}</span></> : null}
              {c.isMain ? " · main worktree" : ""}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

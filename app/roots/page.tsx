import type { Metadata } from "next";
import { homedir } from "node:os";
import { readDb } from "@/lib/queries/db";
import { environmentRoots } from "@/lib/index/run";
import { rootsInUse } from "@/lib/queries/roots";
import { announcedRemoval } from "./removed";
import { AddRootForm, ReindexForm, RemoveRootForm } from "./roots-forms";
import { SessionRoots } from "./session-roots";

export const metadata: Metadata = { title: "Roots" };

export default async function RootsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const removed = announcedRemoval((await searchParams).removed);
  const db = await readDb();
  const roots = rootsInUse(db, environmentRoots());
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Roots</h1>
      <p className="text-stone-600 dark:text-stone-400">
        Cairn walks these folders for git repositories (skipping dependencies and build output, never following a
        symlink out of the folder) and indexes the checkpoints inside them.
      </p>
      {removed !== null && (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          Removed {removed}; its checkpoints are no longer shown.
        </p>
      )}
      <AddRootForm />
      <section aria-labelledby="roots-heading">
        <h2 id="roots-heading" className="text-lg font-semibold">Watched folders</h2>
        {roots.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400" data-testid="default-root">
            No roots saved: Cairn indexes your home folder, <span className="break-all font-mono">{homedir()}</span>, by default. Add the folder
            that holds your repositories above to index only that.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
            {roots.map((root) => (
              <li key={root.path} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="block break-all font-mono text-sm">{root.path}</span>
                  <span className="block text-xs text-stone-600 dark:text-stone-400">
                    {root.repositories === 0 ? "no repository found" : root.repositories === 1 ? "1 repository" : `${root.repositories} repositories`}
                    {root.source === "environment" ? " · from CAIRN_ROOTS: change it where the server is started" : ""}
                  </span>
                </span>
                {root.source === "saved" && <RemoveRootForm path={root.path} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ReindexForm />
      <SessionRoots db={db} />
    </div>
  );
}

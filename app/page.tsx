import Link from "next/link";
import { readDb } from "@/lib/queries/db";
import { globalCheckpoints, listRoots, repositoryOverviews } from "@/lib/queries/overview";
import { CheckpointTable } from "@/components/checkpoint-table";

export default async function HomePage() {
  const db = await readDb();
  const repos = repositoryOverviews(db);
  const globals = globalCheckpoints(db);
  const roots = listRoots(db);

  if (repos.length === 0 && globals.length === 0) {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-semibold">No checkpoints yet</h1>
        <p className="mt-3 text-stone-600 dark:text-stone-400">
          {roots.length === 0
            ? "Cairn has no folders to look in. Add the folder that holds your repositories on the Roots page."
            : "Cairn looked in your roots and found no repositories with checkpoints yet. Indexing may still be running; add another root or re-index."}
        </p>
        <p className="mt-6">
          <Link href="/roots" className="rounded-md bg-teal-700 px-4 py-2 text-white no-underline hover:bg-teal-800 dark:text-white">
            Manage roots
          </Link>
        </p>
        <p className="mt-6 text-sm text-stone-500">
          Or from a terminal: <code>npm run --silent cairn -- index --root ~/code</code>
        </p>
      </section>
    );
  }

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Repositories</h1>
      {repos.map((repo) => (
        <section key={repo.id} aria-labelledby={`repo-${repo.id}`} className="rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h2 id={`repo-${repo.id}`} className="text-lg font-semibold">
              <Link href={`/repos/${repo.id}`}>{repo.name}</Link>
            </h2>
            <span className="font-mono text-xs text-stone-500">{repo.path}</span>
            <span className="ml-auto text-xs text-stone-500">
              {repo.checkpointCount} {repo.checkpointCount === 1 ? "checkpoint" : "checkpoints"}
              {repo.currentBranch ? ` · on ${repo.currentBranch}` : ""}
            </span>
          </div>
          {repo.checkpoints.length ? (
            <div className="mt-3 overflow-x-auto">
              <CheckpointTable checkpoints={repo.checkpoints} caption={`Latest checkpoints of ${repo.name}`} />
            </div>
          ) : (
            <p className="mt-2 text-sm text-stone-500">No checkpoints in this repository.</p>
          )}
        </section>
      ))}
      {globals.length > 0 && (
        <section aria-labelledby="global-heading" className="rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
          <h2 id="global-heading" className="text-lg font-semibold">Outside any repository</h2>
          <div className="mt-3 overflow-x-auto">
            <CheckpointTable checkpoints={globals} caption="Global checkpoints" />
          </div>
        </section>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { plural } from "@/components/format";
import { RepositoryList } from "@/components/overview/repository-list";
import { readDb } from "@/lib/queries/db";
import { repositorySummaries } from "@/lib/queries/overview";

export const metadata: Metadata = { title: "Repositories" };

export default async function RepositoriesPage() {
  const repositories = repositorySummaries(await readDb());
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Repositories" }]} />
      <h1 className="text-2xl font-semibold tracking-tight">Repositories</h1>
      <p className="text-sm text-stone-600 dark:text-stone-400">{plural(repositories.length, "repository", "repositories")}, most recently active first.</p>
      {repositories.length ? (
        <div className="rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
          <RepositoryList repositories={repositories} label="All repositories" />
        </div>
      ) : (
        <EmptyState title="No repositories indexed" action={<Link href="/roots">Add a root folder</Link>}>
          Tell Cairn where your repositories live, and it indexes the checkpoints inside them.
        </EmptyState>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { plural } from "@/components/format";
import { RepositoryTable } from "@/components/repository/repository-table";
import { readDb } from "@/lib/queries/db";
import { clickDir, firstDir } from "@/lib/queries/list-sort";
import { repositoryListQuery, repositoryListing, sortRepositories, type RepoListSort } from "@/lib/queries/repository";

export const metadata: Metadata = { title: "Repositories" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const DESCRIBED: Record<RepoListSort, string> = {
  name: "by name",
  path: "by path",
  freshness: "by the freshness of their stalest checkpoint in progress",
  checkpoints: "by number of checkpoints",
  open: "by checkpoints in progress",
  secrets: "by checkpoints holding secrets",
  problems: "by files with problems",
  latest: "by their last save",
};

/** The sort as URL values: left out when it is the default (last save, newest first). */
function href(sort: RepoListSort, dir: "asc" | "desc"): string {
  return sort === "latest" && dir === firstDir("latest") ? "/repos" : `/repos?sort=${sort}&dir=${dir}`;
}

export default async function RepositoriesPage({ searchParams }: Props) {
  const { sort, dir } = repositoryListQuery(await searchParams);
  const repositories = sortRepositories(repositoryListing(await readDb()), sort, dir);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Repositories" }]} />
      <h1 className="text-2xl font-semibold tracking-tight">Repositories</h1>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {plural(repositories.length, "repository", "repositories")}, {DESCRIBED[sort]} ({dir === "asc" ? "ascending" : "descending"}). &ldquo;Stalest in progress&rdquo; is the
        freshness of the stalest checkpoint still in progress.
      </p>
      {repositories.length ? (
        <div className="rounded-lg border border-stone-200 bg-white px-4 py-2 dark:border-stone-800 dark:bg-stone-900">
          <RepositoryTable rows={repositories} sort={sort} dir={dir} sortHref={(column) => href(column, clickDir({ sort, dir }, column))} caption="All repositories" />
        </div>
      ) : (
        <EmptyState title="No repositories indexed" action={<Link href="/roots">Add a root folder</Link>}>
          Tell Cairn where your repositories live, and it indexes the checkpoints inside them.
        </EmptyState>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { plural } from "@/components/format";
import { Pagination } from "@/components/pagination";
import { RepositoryTable } from "@/components/repository/repository-table";
import { readDb } from "@/lib/queries/db";
import { PAGE_SIZE } from "@/lib/queries/checkpoint-list";
import { clickDir, firstDir } from "@/lib/queries/list-sort";
import { param } from "@/lib/queries/shared";
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

/** The sort as URL values (left out when it is the default: last save, newest first), and the page past the first. */
function href(sort: RepoListSort, dir: "asc" | "desc", page = 1): string {
  const params = new URLSearchParams(sort === "latest" && dir === firstDir("latest") ? {} : { sort, dir });
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/repos?${search}` : "/repos";
}

export default async function RepositoriesPage({ searchParams }: Props) {
  const sp = await searchParams;
  const { sort, dir } = repositoryListQuery(sp);
  const repositories = sortRepositories(repositoryListing(await readDb()), sort, dir);
  // pages of 50, like the checkpoints: two hundred rows were a page too heavy to show at once
  const pages = Math.max(1, Math.ceil(repositories.length / PAGE_SIZE));
  const wanted = Number.parseInt(param(sp.page) ?? "1", 10);
  const page = Number.isFinite(wanted) && wanted > 0 ? Math.min(wanted, pages) : 1;
  const shown = repositories.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Repositories" }]} />
      <h1 className="text-2xl font-semibold tracking-tight">Repositories</h1>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {plural(repositories.length, "repository", "repositories")}{pages > 1 ? ` (${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + shown.length} shown)` : ""}, {DESCRIBED[sort]} ({dir === "asc" ? "ascending" : "descending"}). &ldquo;Stalest in progress&rdquo; is the
        freshness of the stalest checkpoint still in progress.
      </p>
      {repositories.length ? (
        <div className="rounded-lg border border-stone-200 bg-white px-4 py-2 dark:border-stone-800 dark:bg-stone-900">
          <RepositoryTable rows={shown} sort={sort} dir={dir} sortHref={(column) => href(column, clickDir({ sort, dir }, column))} caption="All repositories" />
        </div>
      ) : null}
      {pages > 1 ? <Pagination page={page} pages={pages} hrefFor={(p) => href(sort, dir, p)} /> : null}
      {repositories.length ? null : (
        <EmptyState title="No repositories indexed" action={<Link href="/roots">Add a root folder</Link>}>
          Tell Cairn where your repositories live, and it indexes the checkpoints inside them.
        </EmptyState>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import { SessionList } from "@/components/session-list";
import { AgentMemory } from "@/components/agent-memory";
import { memoriesOf } from "@/lib/index/sessions-memory";
import { sessionsOfRepository } from "@/lib/queries/sessions";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { CopyPathButton } from "@/components/copy-path-button";
import { EmptyState } from "@/components/empty-state";
import { formatDate, plural, relativeTime } from "@/components/format";
import { Markdown } from "@/components/markdown";
import { Pagination } from "@/components/pagination";
import { Panel } from "@/components/panel";
import { RelatedDocuments } from "@/components/repository/related-documents";
import { RepoFilters } from "@/components/repository/repo-filters";
import { SaveTimeline } from "@/components/save-timeline";
import { SortableCheckpointTable } from "@/components/sortable-checkpoint-table";
import { readDb } from "@/lib/queries/db";
import { repositoryName, repositoryPage, repoTableQuery, type RepoTableQuery } from "@/lib/queries/repository";
import { clickDir, type ListSort } from "@/lib/queries/list-sort";
import { renderMarkdown, splitFrontmatter } from "@/lib/render/markdown";
import { CompleteNewestOnBranch } from "@/app/checkpoints/[id]/_write/complete-newest";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: (/^\d+$/.test(id) && repositoryName(await readDb(), Number(id))) || "Not found" };
}

/** The table's filters as link parameters. */
function filterParams(query: RepoTableQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ branch: query.branch, status: query.status, family: query.family, triage: query.setAside, hygiene: query.hygiene, q: query.q })) {
    if (value) params.set(key, value);
  }
  return params;
}

/** A header's link: the filters kept, the sort asked for (a new sort starts at page 1). */
function sortHref(basePath: string, query: RepoTableQuery, sort: ListSort): string {
  const params = filterParams(query);
  params.set("sort", sort);
  params.set("dir", clickDir(query, sort));
  return `${basePath}?${params.toString()}#checkpoints`;
}

/** A page link of the table: the filters and the sort kept. */
function pageHref(basePath: string, query: RepoTableQuery, sp: Record<string, string | string[] | undefined>, page: number): string {
  const params = filterParams(query);
  if (typeof sp.sort === "string") params.set("sort", query.sort);
  if (typeof sp.dir === "string") params.set("dir", query.dir);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return `${basePath}${qs ? `?${qs}` : ""}#checkpoints`;
}

/** The same page with every save on the timeline, or with the busy span only (the table's sort and filters kept). */
function timelineHref(basePath: string, sp: Record<string, string | string[] | undefined>, all: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(sp)) if (key !== "timeline" && typeof value === "string" && value) params.set(key, value);
  if (all) params.set("timeline", "all");
  const qs = params.toString();
  return `${basePath}${qs ? `?${qs}` : ""}#timeline`;
}

export default async function RepositoryPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const query = repoTableQuery(sp);
  const data = /^\d+$/.test(id) ? repositoryPage(await readDb(), Number(id), query) : null;
  if (!data) notFound();
  const { repo, rows, total, matched } = data;
  const basePath = `/repos/${repo.id}`;
  const notesHtml = data.notes ? renderMarkdown(splitFrontmatter(data.notes.original).body) : "";

  return (
    <div className="space-y-6">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Repositories", href: "/repos" }, { label: repo.name }]} />
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{repo.name}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <code className="break-all font-mono text-xs text-stone-600 dark:text-stone-400">{repo.path}</code>
          <CopyPathButton path={repo.path} />
        </div>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {plural(total, "checkpoint")}
          {repo.currentBranch && (
            <>
              {" "}· on <span className="font-mono">{repo.currentBranch}</span>
            </>
          )}
          {repo.lastIndexedAt && ` · indexed ${relativeTime(repo.lastIndexedAt)}`}
        </p>
      </header>

      <div role="group" aria-label="Repository actions" className="flex flex-wrap items-start gap-x-8 gap-y-3">
        {repo.currentBranch && <CompleteNewestOnBranch repositoryId={repo.id} branch={repo.currentBranch} />}
        <Link href={`${basePath}/compare`}>Compare two checkpoints</Link>
      </div>

      <Panel id="timeline" title="Save timeline" description="Saves over time, one lane per branch">
        {data.timeline.length ? (
          <SaveTimeline
            id="save-timeline"
            repoName={repo.name}
            saves={data.timeline}
            commits={data.commits}
            showAll={sp.timeline === "all"}
            allHref={timelineHref(basePath, sp, true)}
            focusHref={timelineHref(basePath, sp, false)}
          />
        ) : (
          <EmptyState title="No saves to draw yet">Checkpoints appear here once an agent saves one in this repository and Cairn re-indexes it.</EmptyState>
        )}
      </Panel>

      <Panel
        id="checkpoints"
        title="Checkpoints"
        description={
          data.pages > 1
            ? `${data.firstIndex.toLocaleString("en")}–${(data.firstIndex + rows.length - 1).toLocaleString("en")} of ${matched === total ? plural(total, "checkpoint") : `${matched.toLocaleString("en")} matching (${total.toLocaleString("en")} in all)`}`
            : matched === total ? plural(total, "checkpoint") : `${matched} of ${total}`
        }
      >
        {total === 0 ? (
          <EmptyState title="No checkpoints in this repository yet">
            Ask your agent to save a checkpoint here (for example into <code className="font-mono text-xs">.claude/checkpoints/</code>), then run{" "}
            <code className="font-mono text-xs">cairn index</code> or wait for the watcher.
          </EmptyState>
        ) : (
          <div className="space-y-3">
            <RepoFilters basePath={basePath} query={query} branches={data.branches} families={data.families} />
            {rows.length ? (
              <>
                <SortableCheckpointTable
                  rows={rows}
                  sort={query.sort}
                  dir={query.dir}
                  sortHref={(sort) => sortHref(basePath, query, sort)}
                  caption={`Checkpoints of ${repo.name}`}
                  firstIndex={data.pages > 1 ? data.firstIndex : undefined}
                />
                <Pagination page={data.page} pages={data.pages} hrefFor={(page) => pageHref(basePath, query, sp, page)} label="Pages of checkpoints" />
              </>
            ) : (
              <EmptyState title="No checkpoint matches these filters" action={<Link href={`${basePath}#checkpoints`}>Clear the filters</Link>} />
            )}
          </div>
        )}
      </Panel>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel
          id="project-notes"
          title="Project notes"
          description={data.notes ? <code className="font-mono text-xs">{data.notes.path}</code> : undefined}
          actions={data.notes ? <Link href={`/checkpoints/${data.notes.id}?view=original`}>Open</Link> : undefined}
        >
          {data.notes && notesHtml ? (
            <Markdown html={notesHtml} />
          ) : (
            <EmptyState title="No project notes yet">
              Durable learnings go in <code className="font-mono text-xs">.claude/PROJECT-NOTES.md</code>: promote them from a checkpoint&apos;s decisions and gotchas.
            </EmptyState>
          )}
          {data.notes?.savedAt && <p className="mt-3 text-xs text-stone-500">Last changed {formatDate(data.notes.savedAt)} UTC</p>}
        </Panel>
        <Panel id="related" title="Research, plans and reviews">
          <RelatedDocuments documents={data.related} />
        </Panel>
      </div>
      <SessionList id="sessions-heading" title="Agent sessions in this repository" sessions={sessionsOfRepository(await readDb(), repo.path, 20)} />
      <AgentMemory memories={memoriesOf((await readDb()).$client, repo.path)} />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { FilterForm, InputField, SelectField, SetAsideField } from "@/components/filter-fields";
import { familyLabel, plural } from "@/components/format";
import { Pagination } from "@/components/pagination";
import { SortableCheckpointTable } from "@/components/sortable-checkpoint-table";
import { clickDir, type ListSort } from "@/lib/queries/list-sort";
import { LEVEL_LABELS } from "@/lib/derive/freshness-wording";
import { checkpointListOptions, checkpointListQuery, FRESHNESS_FILTERS, listCheckpoints, type CheckpointListQuery } from "@/lib/queries/checkpoint-list";
import { readDb } from "@/lib/queries/db";

export const metadata: Metadata = { title: "All checkpoints" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The filters as URL values (the form's field names). */
function filterValues(query: CheckpointListQuery): Record<string, string | undefined> {
  return {
    repo: query.repo === undefined ? undefined : String(query.repo),
    status: query.status,
    family: query.family,
    from: query.from,
    to: query.to,
    triage: query.setAside,
    freshness: query.freshness,
    q: query.q,
  };
}

/** The sort as URL values: left out when it is the default (newest first). */
function sortValues(sort: ListSort, dir: "asc" | "desc"): Record<string, string | undefined> {
  return sort === "date" && dir === "desc" ? {} : { sort, dir };
}

function href(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `/checkpoints?${search}` : "/checkpoints";
}

export default async function CheckpointsPage({ searchParams }: Props) {
  const query = checkpointListQuery(await searchParams);
  const db = await readDb();
  const result = listCheckpoints(db, query);
  const options = checkpointListOptions(db);
  const filtered = !!(query.repo !== undefined || query.status || query.family || query.from || query.to || query.setAside || query.freshness || query.q);
  const last = Math.min(result.firstIndex + result.rows.length - 1, result.total);
  const sort = query.sort ?? "date";
  const dir = query.dir ?? "desc";
  const filters = filterValues(query);
  const sorting = sortValues(sort, dir);
  // a new sort starts at page 1; a page link keeps the sort
  const sortHref = (column: ListSort) => href({ ...filters, ...sortValues(column, clickDir({ sort, dir }, column)) });
  const pageHref = (page: number) => href({ ...filters, ...sorting, page: page > 1 ? String(page) : undefined });

  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Checkpoints" }]} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">All checkpoints</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
          {result.total ? `Showing ${result.firstIndex}–${last} of ${plural(result.total, "checkpoint")}` : "No checkpoints"}
        </p>
      </div>

      <FilterForm label="Filter checkpoints" action="/checkpoints" clearHref={href(sorting)} active={filtered} hidden={sorting} values={filters}>
        <InputField label="Title contains" name="q" type="search" value={query.q} />
        <SelectField
          label="Repository"
          name="repo"
          value={query.repo === undefined ? undefined : String(query.repo)}
          options={[...options.repositories.map((r) => ({ value: String(r.id), label: r.name })), ...(options.hasGlobal ? [{ value: "global", label: "Outside any repository" }] : [])]}
        />
        <SelectField
          label="Status"
          name="status"
          value={query.status}
          options={[
            { value: "in-progress", label: "In progress" },
            { value: "completed", label: "Completed" },
            { value: "none", label: "No status" },
            { value: "guessed", label: "Status guessed (check it)" },
          ]}
        />
        <SelectField
          label="Freshness"
          name="freshness"
          value={query.freshness}
          options={FRESHNESS_FILTERS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
        />
        <SelectField label="Family" name="family" value={query.family} options={options.families.map((f) => ({ value: f, label: familyLabel(f) }))} />
        <InputField label="Saved from" name="from" type="date" value={query.from} />
        <InputField label="Saved until" name="to" type="date" value={query.to} />
        <SetAsideField value={query.setAside} />
      </FilterForm>

      {result.rows.length ? (
        <div className="space-y-4">
          <div className="rounded-lg border border-stone-200 bg-white px-3 py-1 sm:px-4 sm:py-2 dark:border-stone-800 dark:bg-stone-900">
            <SortableCheckpointTable rows={result.rows} caption="All checkpoints" sort={sort} dir={dir} sortHref={sortHref} showRepository firstIndex={result.firstIndex} />
          </div>
          <Pagination page={result.page} pages={result.pages} hrefFor={pageHref} />
        </div>
      ) : filtered ? (
        <EmptyState title="No checkpoint matches these filters" action={<Link href="/checkpoints">Clear the filters</Link>}>
          Widen the date range, or pick another repository, status, freshness or family.
        </EmptyState>
      ) : (
        <EmptyState title="No checkpoints indexed yet" action={<Link href="/roots">Add a root folder</Link>}>
          Cairn lists every checkpoint it finds under your roots. Add the folder holding your repositories, or run <code className="font-mono text-xs">cairn index</code>.
        </EmptyState>
      )}
    </div>
  );
}

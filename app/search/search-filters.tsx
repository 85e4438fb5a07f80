"use client";

import type { SearchFacets } from "@/lib/queries/search";
import type { SearchState } from "./state";
import { familyLabel } from "@/components/format";

const control =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 shadow-xs dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100";
const labelText = "text-xs font-medium text-stone-600 dark:text-stone-400";

const STATUS_OPTIONS = [
  { value: "in-progress", label: "In progress" },
  { value: "completed", label: "Completed" },
  { value: "none", label: "No status" },
];
const LEVEL_OPTIONS = [
  { value: "fresh", label: "Fresh" },
  { value: "slightly-stale", label: "Slightly stale" },
  { value: "stale", label: "Stale" },
  { value: "very-stale", label: "Very stale" },
  { value: "unknown", label: "Unknown" },
];

type FilterName = "repo" | "status" | "format" | "kind" | "level";

function Select({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: FilterName;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (patch: Partial<SearchState>) => void;
}) {
  const known = !value || options.some((o) => o.value === value);
  return (
    <label className="block min-w-0">
      <span className={labelText}>{label}</span>
      <select name={name} value={value ?? ""} onChange={(e) => onChange({ [name]: e.target.value || undefined })} className={control}>
        <option value="">Any</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Filters and grouping. Each change searches again at once (and goes into the URL). */
export function SearchFilterControls({
  state,
  facets,
  onChange,
}: {
  state: SearchState;
  facets: SearchFacets;
  onChange: (patch: Partial<SearchState>) => void;
}) {
  const repoOptions = [
    ...facets.repositories.map((r) => ({ value: r.path, label: r.name })),
    ...(facets.hasGlobal ? [{ value: "global", label: "Outside any repository" }] : []),
  ];
  const anyFilter = [state.repo, state.branch, state.status, state.format, state.kind, state.level, state.from, state.to].some(Boolean);
  return (
    <fieldset className="rounded-lg border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900">
      <legend className="sr-only">Filters</legend>
      {/* columns of at least 10rem: a date input (its text and its picker button) is never cut */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))] gap-3">
        <Select label="Repository" name="repo" value={state.repo} options={repoOptions} onChange={onChange} />
        <label className="block min-w-0">
          <span className={labelText}>Branch</span>
          <input
            name="branch"
            list="search-branches"
            value={state.branch ?? ""}
            onChange={(e) => onChange({ branch: e.target.value.trim() ? e.target.value : undefined })}
            placeholder="any"
            className={control}
          />
          <datalist id="search-branches">
            {facets.branches.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
        </label>
        <Select label="Status" name="status" value={state.status} options={STATUS_OPTIONS} onChange={onChange} />
        <Select label="Family" name="format" value={state.format} options={facets.formats.map((f) => ({ value: f, label: familyLabel(f) }))} onChange={onChange} />
        <Select label="Kind" name="kind" value={state.kind} options={facets.kinds.map((k) => ({ value: k, label: k }))} onChange={onChange} />
        <Select label="Freshness" name="level" value={state.level} options={LEVEL_OPTIONS} onChange={onChange} />
        <label className="block min-w-0">
          <span className={labelText}>Saved from</span>
          <input name="from" type="date" value={state.from ?? ""} max={state.to} onChange={(e) => onChange({ from: e.target.value || undefined })} className={control} />
        </label>
        <label className="block min-w-0">
          <span className={labelText}>Saved to</span>
          <input name="to" type="date" value={state.to ?? ""} min={state.from} onChange={(e) => onChange({ to: e.target.value || undefined })} className={control} />
        </label>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className={labelText} id="group-label">
          Show results
        </span>
        <div role="radiogroup" aria-labelledby="group-label" className="flex gap-4">
          {(["flat", "repo"] as const).map((g) => (
            <label key={g} className="flex items-center gap-1.5">
              <input type="radio" name="group" value={g} checked={state.group === g} onChange={() => onChange({ group: g })} />
              {g === "flat" ? "Ranked" : "By repository"}
            </label>
          ))}
        </div>
        {anyFilter && (
          <button
            type="button"
            onClick={() => onChange({ repo: undefined, branch: undefined, status: undefined, format: undefined, kind: undefined, level: undefined, from: undefined, to: undefined })}
            className="ml-auto rounded-md px-2 py-1 text-teal-700 underline-offset-2 hover:underline dark:text-teal-300"
          >
            Clear filters
          </button>
        )}
        <noscript>
          <button type="submit" className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white">
            Search
          </button>
        </noscript>
      </div>
    </fieldset>
  );
}

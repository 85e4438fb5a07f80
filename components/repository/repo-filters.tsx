import type { RepoTableQuery } from "@/lib/queries/repository";
import { FilterForm, InputField, SelectField, SetAsideField } from "../filter-fields";
import { familyLabel } from "../format";

const HYGIENE_LABELS: Record<string, string> = {
  "superseded-open": "superseded but still in progress",
  "branch-gone": "in progress on a branch that is gone",
  archives: "session-state archives",
};

/** Branches offered as a list to choose from; past this many, the branch is typed. */
export const BRANCH_CHOICES = 100;

/** Filters of a repository's table, as a GET form (sorting is kept). */
export function RepoFilters({ basePath, query, branches, families }: { basePath: string; query: RepoTableQuery; branches: string[]; families: string[] }) {
  const active = !!(query.branch || query.status || query.family || query.q || query.hygiene || query.setAside);
  return (
    <div className="space-y-2">
      <FilterForm
        label="Filter checkpoints"
        action={`${basePath}#checkpoints`}
        clearHref={`${basePath}#checkpoints`}
        active={active}
        hidden={{ sort: query.sort === "date" && query.dir === "desc" ? undefined : query.sort, dir: query.sort === "date" && query.dir === "desc" ? undefined : query.dir, hygiene: query.hygiene }}
        values={{ branch: query.branch, status: query.status, family: query.family, triage: query.setAside, q: query.q }}
      >
        {branches.length > BRANCH_CHOICES ? (
          // thousands of branches (a Spec Kit feature each) would be a list no one scrolls: the name is typed
          <InputField label="Branch" name="branch" value={query.branch} placeholder={`one of ${branches.length.toLocaleString("en")} branches`} />
        ) : (
          <SelectField label="Branch" name="branch" value={query.branch} options={branches.map((b) => ({ value: b, label: b }))} />
        )}
        <SelectField
          label="Status"
          name="status"
          value={query.status}
          options={[
            { value: "in-progress", label: "In progress" },
            { value: "completed", label: "Completed" },
            { value: "none", label: "No status" },
          ]}
        />
        <SelectField label="Family" name="family" value={query.family} options={families.map((f) => ({ value: f, label: familyLabel(f) }))} />
        <SetAsideField value={query.setAside} />
        <div className="col-span-2 sm:col-span-1 lg:col-span-2">
          <InputField label="Title contains" name="q" type="search" value={query.q} />
        </div>
      </FilterForm>
      {query.hygiene && (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Showing only checkpoints {HYGIENE_LABELS[query.hygiene]}.
        </p>
      )}
    </div>
  );
}

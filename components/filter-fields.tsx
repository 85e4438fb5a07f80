import Link from "next/link";
import type { ReactNode } from "react";

const control =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 shadow-xs dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100";
const labelText = "text-xs font-medium text-stone-600 dark:text-stone-400";

export function SelectField({
  label,
  name,
  value,
  options,
  anyLabel = "Any",
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  anyLabel?: string;
}) {
  return (
    <label className="block min-w-0">
      <span className={labelText}>{label}</span>
      <select name={name} defaultValue={value ?? ""} className={control}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function InputField({ label, name, value, type = "text", placeholder }: { label: string; name: string; value: string | undefined; type?: "text" | "date" | "search"; placeholder?: string }) {
  return (
    <label className="block min-w-0">
      <span className={labelText}>{label}</span>
      <input name={name} type={type} defaultValue={value ?? ""} placeholder={placeholder} className={control} />
    </label>
  );
}

/** A GET form: the filters live in the URL, so every view can be bookmarked and shared. */
export function FilterForm({ label, action, clearHref, active, children, hidden }: { label: string; action: string; clearHref: string; active: boolean; children: ReactNode; hidden?: Record<string, string | undefined> }) {
  return (
    <form method="get" action={action} aria-label={label} className="rounded-lg border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900">
      {Object.entries(hidden ?? {}).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        {children}
        <div className="col-span-2 flex items-center gap-3 sm:col-span-1 lg:col-span-1">
          <button type="submit" className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white shadow-xs hover:bg-teal-800 dark:bg-teal-600 dark:hover:bg-teal-500">
            Apply filters
          </button>
          {active && (
            <Link href={clearHref} className="text-sm">
              Clear
            </Link>
          )}
        </div>
      </div>
    </form>
  );
}

/** Archived and snoozed checkpoints are hidden by default; this filter shows them, or only them. */
export function SetAsideField({ value }: { value: string | undefined }) {
  return (
    <SelectField
      label="Archived and snoozed"
      name="triage"
      value={value}
      anyLabel="Hidden"
      options={[
        { value: "only", label: "Only these" },
        { value: "all", label: "Shown too" },
      ]}
    />
  );
}

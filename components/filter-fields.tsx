"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition, type ReactNode } from "react";

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

/** The value a field was rendered with (before anyone touched it). */
function renderedValue(element: HTMLInputElement | HTMLSelectElement): string {
  if (element instanceof HTMLInputElement) return element.defaultValue;
  const chosen = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
  return chosen?.value ?? "";
}

/** Text and date fields wait for a pause in typing; a choice in a list applies at once. */
export const FILTER_DEBOUNCE_MS = 400;

/** The URL the form's fields describe: empty fields left out (and the page number with them: a new filter starts at page 1). */
function urlOf(form: HTMLFormElement, action: string): string {
  const [path, hash] = action.split("#");
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim()) params.set(name, value.trim());
  }
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ""}${hash ? `#${hash}` : ""}`;
}

/**
 * The filters of a list. They apply as they change (a list choice at once, typing after a pause), each
 * change a new URL in the history: every view can be bookmarked and shared, and Back returns to the last
 * one. `values` are the filters the page was rendered with: after Back or a "Clear" link the fields
 * follow them. Without JavaScript it is a plain GET form with its button.
 */
export function FilterForm({
  label,
  action,
  clearHref,
  active,
  children,
  hidden,
  values,
}: {
  label: string;
  action: string;
  clearHref: string;
  active: boolean;
  children: ReactNode;
  hidden?: Record<string, string | undefined>;
  values: Record<string, string | undefined>;
}) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, startTransition] = useTransition();
  // phones: the fields sit behind a button (open at once when a filter is on); wider screens always show them
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const shown = JSON.stringify(values);

  const hydrated = useRef(false);
  // the page changed under the form (Back, Forward, a Clear link): show its filters, except in the field being typed in
  useEffect(() => {
    const current = JSON.parse(shown) as Record<string, string | undefined>;
    const fields = Array.from(form.current?.elements ?? []).filter(
      (element): element is HTMLInputElement | HTMLSelectElement =>
        (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.type !== "hidden" && !!element.name,
    );
    if (!hydrated.current) {
      hydrated.current = true;
      // a choice made before the page's script ran (a slow machine, a quick hand) is applied, not undone
      if (fields.some((element) => element.value !== renderedValue(element))) apply();
      return;
    }
    for (const element of fields) {
      // a filter left out of the URL is empty (JSON drops the undefined ones)
      if (element === document.activeElement && element instanceof HTMLInputElement) continue;
      element.value = current[element.name] ?? "";
    }
  }, [shown]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const url = urlOf(form.current, action);
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    startTransition(() => router.push(url, { scroll: false }));
  };

  return (
    <form
      ref={form}
      method="get"
      action={action}
      aria-label={label}
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onChange={(event) => {
        const target = event.target as EventTarget;
        clearTimeout(timer.current);
        if (target instanceof HTMLInputElement) timer.current = setTimeout(apply, FILTER_DEBOUNCE_MS);
        else apply();
      }}
      className="rounded-lg border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex items-center gap-3 sm:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="rounded-md border border-stone-300 bg-white px-2.5 py-1 text-sm font-medium text-stone-700 shadow-xs dark:border-stone-700 dark:bg-stone-800 dark:text-stone-200"
        >
          Filters{active ? " (on)" : ""} <span aria-hidden>{open ? "▴" : "▾"}</span>
        </button>
        {active && (
          <Link href={clearHref} scroll={false} className="text-sm">
            Clear filters
          </Link>
        )}
      </div>
      {Object.entries(hidden ?? {}).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {/* columns of at least 10rem: a date input (its text and its picker button) is never cut */}
      <div id={bodyId} className={`${open ? "mt-3 grid" : "hidden"} grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))] items-end gap-3 sm:mt-0 sm:grid`}>
        {children}
        <div className="flex min-h-8 items-center gap-3">
          <noscript>
            <button type="submit" className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white shadow-xs hover:bg-teal-800 dark:bg-teal-600 dark:hover:bg-teal-500">
              Apply filters
            </button>
          </noscript>
          {active && (
            <Link href={clearHref} scroll={false} className="hidden text-sm sm:inline">
              Clear filters
            </Link>
          )}
          <span aria-live="polite" className="text-xs text-stone-600 dark:text-stone-400">
            {pending ? "Updating…" : ""}
          </span>
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

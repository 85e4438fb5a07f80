import Link from "next/link";
import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { capped, LIST_CAP, MoreItems } from "@/components/capped-list";
import { DiffCommits } from "@/components/diff-commits";
import { formatDate } from "@/components/format";
import { plural } from "@/lib/derive/freshness-wording";
import type { CommitsBetween, CompareOption, ComparePageData, CompareSide } from "@/lib/queries/freshness";
import { compareSections, compareTasks, type SectionLike, type TaskLike } from "./compare-checkpoints";

function optionLabel(o: CompareOption): string {
  return `${formatDate(o.savedAt)} · ${o.title ?? o.path}${o.branch ? ` [${o.branch}]` : ""}`;
}

function Picker({ data }: { data: ComparePageData }) {
  const select = "w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm dark:border-stone-700 dark:bg-stone-950";
  const field = (name: "a" | "b", label: string, value: string | undefined) => (
    <div className="min-w-0 flex-1 basis-64">
      <label htmlFor={`compare-${name}`} className="block text-sm font-medium">{label}</label>
      <select id={`compare-${name}`} name={name} defaultValue={value} className={select}>
        {data.options.map((o) => (
          <option key={o.id} value={o.id}>{optionLabel(o)}</option>
        ))}
      </select>
    </div>
  );
  return (
    <form method="get" action={`/repos/${data.repo.id}/compare`} className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      {field("a", "From checkpoint (A)", data.a?.id)}
      {field("b", "To checkpoint (B)", data.b?.id)}
      <button type="submit" className="rounded-md bg-teal-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-teal-800 dark:bg-teal-600 dark:hover:bg-teal-500">
        Compare
      </button>
      {data.a && data.b && (
        <Link href={`/repos/${data.repo.id}/compare?a=${data.b.id}&b=${data.a.id}`} className="py-1.5 text-sm">Swap A and B</Link>
      )}
    </form>
  );
}

function Group({ title, items, empty, tone, children }: { title: string; items: number; empty?: string; tone?: string; children?: ReactNode }) {
  if (items === 0 && !empty) return null;
  return (
    <div>
      <h3 className={`text-sm font-semibold ${tone ?? ""}`}>{title} <span className="font-normal text-stone-500 dark:text-stone-400">({items})</span></h3>
      {items === 0 ? <p className="text-sm text-stone-500 dark:text-stone-400">{empty}</p> : children}
    </div>
  );
}

function TaskList({ tasks, testId }: { tasks: TaskLike[]; testId: string }) {
  const { shown, more } = capped(tasks);
  return (
    <>
    <ul className="mt-1 space-y-0.5 text-sm" data-testid={testId}>
      {shown.map((t) => (
        <li key={t.text} className="flex gap-2">
          <span aria-hidden className="w-4 text-center">{t.done ? "✓" : "○"}</span>
          <span className={t.done ? "text-stone-600 dark:text-stone-400" : ""}>{t.text}</span>
          <span className="sr-only">{t.done ? "(done)" : "(to do)"}</span>
        </li>
      ))}
    </ul>
    <MoreItems more={more} what="tasks" />
    </>
  );
}

function Tasks({ a, b }: { a: CompareSide; b: CompareSide }) {
  if (a.tasks.length === 0 && b.tasks.length === 0) return <p className="text-sm text-stone-500 dark:text-stone-400">Neither checkpoint has a task list.</p>;
  const t = compareTasks(a.tasks, b.tasks);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Group title="Done between them" items={t.newlyDone.length} empty="No task went from open to done." tone="text-emerald-800 dark:text-emerald-300">
        <TaskList tasks={t.newlyDone} testId="tasks-newly-done" />
      </Group>
      <Group title="Newly added" items={t.added.length} empty="No new tasks.">
        <TaskList tasks={t.added} testId="tasks-added" />
      </Group>
      <Group title="Dropped" items={t.dropped.length} empty="No task was dropped.">
        <TaskList tasks={t.dropped} testId="tasks-dropped" />
      </Group>
      <Group title="Reopened" items={t.reopened.length} tone="text-amber-800 dark:text-amber-300">
        <TaskList tasks={t.reopened} testId="tasks-reopened" />
      </Group>
      <p className="text-sm text-stone-500 sm:col-span-2 dark:text-stone-400">{plural(t.unchanged, "task")} unchanged.</p>
    </div>
  );
}

function SectionNames({ sections }: { sections: SectionLike[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-2 text-sm">
      {sections.map((s) => (
        <li key={`${s.canonical ?? ""}:${s.heading}`} className="rounded-md bg-stone-100 px-2 py-0.5 dark:bg-stone-800">{s.heading}</li>
      ))}
    </ul>
  );
}

function Sections({ a, b }: { a: CompareSide; b: CompareSide }) {
  const s = compareSections(a.sections, b.sections);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Group title="Sections added in B" items={s.added.length} empty="None.">
        <SectionNames sections={s.added} />
      </Group>
      <Group title="Sections removed since A" items={s.removed.length} empty="None.">
        <SectionNames sections={s.removed} />
      </Group>
      <p className="text-sm text-stone-500 sm:col-span-2 dark:text-stone-400">
        {plural(s.kept, "section")} in both{s.kept ? `, ${s.changed.length} of them changed` : ""}.
      </p>
      {s.changed.length > 0 && (
        <div className="space-y-3 sm:col-span-2" data-testid="sections-changed">
          <h3 className="text-sm font-semibold">Changed in B</h3>
          {s.changed.map((change) => (
            <div key={change.heading} className="rounded-md border border-stone-200 dark:border-stone-800">
              <p className="border-b border-stone-200 px-3 py-1.5 text-sm font-medium dark:border-stone-800">{change.heading}</p>
              <ul className="px-3 py-1.5 font-mono text-xs" aria-label={`Lines changed in ${change.heading}`}>
                {capped(change.removed).shown.map((line) => (
                  <li key={`-${line}`} className="break-words text-rose-800 dark:text-rose-300" data-kind="del">
                    − {line}
                  </li>
                ))}
                {capped(change.added).shown.map((line) => (
                  <li key={`+${line}`} className="break-words text-emerald-800 dark:text-emerald-300" data-kind="add">
                    + {line}
                  </li>
                ))}
              </ul>
              {change.removed.length + change.added.length > 2 * LIST_CAP && (
                <div className="px-3 pb-1.5">
                  <MoreItems more={capped(change.removed).more + capped(change.added).more} what="changed lines" />
                </div>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function Commits({ commits }: { commits: CommitsBetween }) {
  if (commits.kind === "same-commit") return <p className="text-sm">Both checkpoints were saved at the same commit ({commits.sha.slice(0, 7)}).</p>;
  if (commits.kind === "missing-sha") {
    return (
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {commits.sides.join(" and ")} recorded no commit that this repository has, so the commits between them cannot be listed.
      </p>
    );
  }
  if (commits.kind === "unavailable") return <p className="text-sm text-stone-600 dark:text-stone-400">{commits.reason}</p>;
  const c = commits.comparison;
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        From <code className="font-mono">{c.fromSha.slice(0, 7)}</code> (A) to <code className="font-mono">{c.toSha.slice(0, 7)}</code> (B).
        {c.behindCount > 0 && ` A also has ${plural(c.behindCount, "commit")} that B lacks: they are on different lines of history.`}
      </p>
      <DiffCommits commits={c.commits} truncated={c.commitsTruncated} emptyText="No commits from A to B." />
    </div>
  );
}

function SideCard({ label, side }: { label: string; side: CompareSide }) {
  return (
    <div className="min-w-0 flex-1 basis-64 rounded-md border border-stone-200 p-3 text-sm dark:border-stone-800">
      <p className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">{label}</p>
      <p className="font-medium"><Link href={`/checkpoints/${side.id}`}>{side.title ?? side.path}</Link></p>
      <p className="text-stone-600 dark:text-stone-400">
        <time dateTime={side.savedAt ?? undefined}>{formatDate(side.savedAt)}</time>
        {side.branch && <> · <span className="font-mono text-xs">{side.branch}</span></>}
        {side.headSha && <> · <code className="font-mono text-xs">{side.headSha.slice(0, 7)}</code></>}
      </p>
    </div>
  );
}

export function CompareView({ data }: { data: ComparePageData }) {
  const { repo, a, b } = data;
  const backwards = a?.savedAt && b?.savedAt && a.savedAt > b.savedAt;
  return (
    <article className="space-y-6">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: repo.name, href: `/repos/${repo.id}` }, { label: "Compare checkpoints" }]} />
      <h1 className="text-2xl font-semibold">Compare two checkpoints of {repo.name}</h1>
      {data.options.length < 2 ? (
        <p className="text-stone-600 dark:text-stone-400">This repository needs at least two checkpoints to compare.</p>
      ) : (
        <Picker data={data} />
      )}
      {a && b && (
        <>
          <div className="flex flex-wrap gap-3">
            <SideCard label="A" side={a} />
            <SideCard label="B" side={b} />
          </div>
          {a.id === b.id && <p className="text-sm text-amber-800 dark:text-amber-300">A and B are the same checkpoint: pick two different ones.</p>}
          {backwards && <p className="text-sm text-amber-800 dark:text-amber-300">A was saved after B, so this comparison runs backwards in time.</p>}
          <section aria-labelledby="tasks-heading" className="space-y-2">
            <h2 id="tasks-heading" className="text-lg font-semibold">Tasks</h2>
            <Tasks a={a} b={b} />
          </section>
          <section aria-labelledby="sections-heading" className="space-y-2">
            <h2 id="sections-heading" className="text-lg font-semibold">Sections</h2>
            <Sections a={a} b={b} />
          </section>
          {data.commits && (
            <section aria-labelledby="commits-heading" className="space-y-2">
              <h2 id="commits-heading" className="text-lg font-semibold">Commits between them</h2>
              <Commits commits={data.commits} />
            </section>
          )}
        </>
      )}
    </article>
  );
}

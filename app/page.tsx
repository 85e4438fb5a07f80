import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { plural } from "@/components/format";
import { CheckpointItems } from "@/components/overview/checkpoint-items";
import { Queue, queueFilter } from "@/components/overview/queue";
import { FamilyCounts } from "@/components/overview/family-counts";
import { HygieneTable } from "@/components/overview/hygiene-table";
import { RecentActivity } from "@/components/overview/recent-activity";
import { RepositoryList } from "@/components/overview/repository-list";
import { StatCard } from "@/components/overview/stat-card";
import { Panel } from "@/components/panel";
import { readDb } from "@/lib/queries/db";
import { overviewData } from "@/lib/queries/overview";
import { checkpointListQuery, listCheckpoints } from "@/lib/queries/checkpoint-list";
import { loadQueue, queueCounts } from "@/lib/queries/queue";
import { ARCHIVE_PILE } from "@/lib/queries/shared";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: Props) {
  const [db, sp] = await Promise.all([readDb(), searchParams]);
  const data = overviewData(db);
  const queue = await loadQueue(db);
  const { counts } = data;
  // each count is the total of the list it links to (the same filter, archived and snoozed left out as there)
  const inProgressLink = "/checkpoints?status=in-progress";
  const inProgress = listCheckpoints(db, checkpointListQuery({ status: "in-progress" }), 1).total;

  if (counts.checkpoints === 0 && counts.repositories === 0) {
    return (
      <section aria-labelledby="empty-heading" className="mx-auto max-w-xl py-16 text-center">
        <h1 id="empty-heading" className="text-2xl font-semibold">No checkpoints yet</h1>
        <p className="mt-3 text-stone-600 dark:text-stone-400">
          {counts.roots === 0
            ? "Cairn has no folders to look in. Add the folder that holds your repositories on the Roots page."
            : "Cairn looked in your roots and found no repositories with checkpoints yet. Indexing may still be running; add another root or re-index."}
        </p>
        <p className="mt-6">
          <Link href="/roots" className="rounded-md bg-teal-700 px-4 py-2 text-white no-underline hover:bg-teal-800 dark:text-white">
            Manage roots
          </Link>
        </p>
        <p className="mt-6 text-sm text-stone-500">
          Or from a terminal: <code>npm run --silent cairn -- index --root ~/code</code>
        </p>
      </section>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {plural(counts.checkpoints, "checkpoint")} in {plural(counts.repositories, "repository", "repositories")}. What needs attention comes first.
        </p>
      </div>

      <Panel id="queue" title="What to do next" description="fresh work first (handoffs to review, your saves to resume, landed work to complete), then drifted work; saves untouched for 30 days last">
        <Queue data={queue} showAll={sp.queue === "all"} only={queueFilter(sp.do)} />
      </Panel>

      <section aria-label="Needs attention" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard label="In progress" value={inProgress} tone="sky" href={inProgressLink} hint="saves not closed yet" />
        <StatCard label="To re-verify" value={queueCounts(queue.items)["re-verify"]} tone="amber" href="/?do=re-verify#queue" hint="the code moved on since the save" />
        <StatCard label="With secrets" value={counts.withSecrets} tone="rose" href="#secrets" hint="files holding credentials" />
        <StatCard label="Read badly" value={counts.problemFiles} tone="stone" href="/problems" hint="files with problems" />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="secrets" title="Secrets and problems">
          <div className="space-y-4">
            {data.secrets.length ? (
              <CheckpointItems rows={data.secrets} label="Checkpoints with secrets" detail="findings" />
            ) : (
              <p className="text-sm text-stone-600 dark:text-stone-400">No secrets found in any checkpoint.</p>
            )}
            {data.problems.length ? (
              <ul aria-label="Problems per repository" className="space-y-1 border-t border-stone-100 pt-3 text-sm dark:border-stone-800">
                {data.problems.map((p) => (
                  <li key={p.repositoryId ?? "global"} className="flex justify-between gap-3">
                    <Link href={`/problems#${p.repositoryId ? `repo-${p.repositoryId}` : "global"}`}>{p.name ?? "Outside any repository"}</Link>
                    <span className="text-xs text-stone-500 tabular-nums">{plural(p.files, "file")} read badly</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-600 dark:text-stone-400">Every file was read cleanly.</p>
            )}
          </div>
        </Panel>

        <Panel id="hygiene" title="Hygiene" description={data.tidy ? `${plural(data.tidy, "repository", "repositories")} tidy` : undefined}>
          {data.hygiene.length ? (
            <HygieneTable rows={data.hygiene} archivePile={ARCHIVE_PILE} showAll={sp.hygiene === "all"} />
          ) : (
            <EmptyState title="Everything is tidy">No save in progress superseded by a newer one, no branches gone, no piles of archives.</EmptyState>
          )}
        </Panel>

        <Panel id="families" title="Families">
          <FamilyCounts families={data.families} />
        </Panel>

        <Panel id="recent" title="Recent activity">
          {data.recent.length ? <RecentActivity items={data.recent} /> : <p className="text-sm text-stone-500">No activity yet.</p>}
        </Panel>
      </div>

      <Panel id="repositories" title="Repositories" description="most recently active" actions={<Link href="/repos">All {counts.repositories}</Link>}>
        <RepositoryList repositories={data.repositories} />
      </Panel>
    </div>
  );
}

import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { DiffCommits } from "@/components/diff-commits";
import { budgetFiles } from "@/components/diff-lines";
import { DiffStat } from "@/components/diff-stat";
import { DiffView } from "@/components/diff-view";
import { formatDate } from "@/components/format";
import { FreshnessBanner } from "@/components/freshness-banner";
import type { DiffPageData, DiffOutcome } from "@/lib/queries/freshness";

function href(id: string, query: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  return `/checkpoints/${id}/diff${qs ? `?${qs}` : ""}`;
}

function Tabs({ data }: { data: DiffPageData }) {
  const target = data.branchTarget;
  if (!target) return null;
  const basis = data.basis === "time" && data.bases.sha ? "time" : null;
  const tab = (active: boolean) =>
    `rounded-t-md border-b-2 px-3 py-1.5 text-sm no-underline ${
      active
        ? "border-teal-600 font-semibold text-stone-900 dark:border-teal-400 dark:text-stone-100"
        : "border-transparent text-stone-600 hover:border-stone-300 dark:text-stone-400"
    }`;
  return (
    <nav aria-label="Compare the saved state against" className="flex flex-wrap items-end gap-1 border-b border-stone-200 dark:border-stone-800">
      <Link href={href(data.checkpoint.id, { basis })} className={tab(data.against === "head")} aria-current={data.against === "head" ? "page" : undefined}>
        Current HEAD{data.currentBranch ? ` (${data.currentBranch})` : ""}
      </Link>
      {target.state === "available" ? (
        <Link
          href={href(data.checkpoint.id, { against: "branch", basis })}
          className={tab(data.against === "branch")}
          aria-current={data.against === "branch" ? "page" : undefined}
        >
          Saved branch tip ({target.name})
        </Link>
      ) : (
        <span className="px-3 py-1.5 text-sm text-stone-400 dark:text-stone-600">Saved branch {target.name} no longer exists</span>
      )}
    </nav>
  );
}

function Problem({ outcome, data }: { outcome: Exclude<DiffOutcome, { kind: "diff" }>; data: DiffPageData }) {
  const messages: Record<Exclude<DiffOutcome, { kind: "diff" }>["kind"], string> = {
    "no-repository": "This checkpoint is not linked to a repository, so there is nothing to compare it with.",
    "repository-gone": `The repository ${data.repo?.path ?? ""} is no longer on disk. Re-index once it is back, or remove its root.`,
    "not-a-repository": `${data.repo?.path ?? "The folder"} is no longer a git repository.`,
    "no-commits": "The repository has no commits yet: there is nothing to compare.",
    "nothing-to-diff": "",
    error: "",
  };
  const text = outcome.kind === "nothing-to-diff" ? outcome.reason : outcome.kind === "error" ? outcome.message : messages[outcome.kind];
  return (
    <p role="status" className="rounded-md border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400">
      {text}
    </p>
  );
}

function BasisLinks({ data }: { data: DiffPageData }) {
  const against = data.against === "branch" ? "branch" : null;
  const { id } = data.checkpoint;
  if (data.basis === "sha" && data.bases.time && data.rebasedAway) {
    return (
      <p className="text-sm">
        <Link href={href(id, { against, basis: "time" })}>Show the commits since the save time instead</Link>
      </p>
    );
  }
  if (data.basis === "time" && data.bases.sha) {
    return (
      <p className="text-sm">
        <Link href={href(id, { against, basis: "sha" })}>Show the diff from the saved commit</Link>
      </p>
    );
  }
  return null;
}

/** Files listed in the stat whose diffs the page leaves out (too many files or lines to show at once). */
function NotShown({ paths }: { paths: string[] }) {
  if (paths.length === 0) return null;
  return (
    <p className="text-sm text-amber-800 dark:text-amber-300">
      {paths.length} more {paths.length === 1 ? "file is" : "files are"} not shown here to keep the page light (the list above is complete):{" "}
      <span className="font-mono text-xs">{paths.slice(0, 10).join(", ")}</span>
      {paths.length > 10 ? " …" : ""}
    </p>
  );
}

export function DiffPageView({ data }: { data: DiffPageData }) {
  const { checkpoint, repo, outcome } = data;
  const title = checkpoint.title ?? checkpoint.path;
  const diff = outcome.kind === "diff" ? outcome.diff : null;
  // the code's own files first, the agent's (.claude/, checkpoints, notes) after them
  const agentPaths = new Set(data.agentFiles);
  const budget = diff ? budgetFiles([...diff.files.filter((f) => !agentPaths.has(f.path)), ...diff.files.filter((f) => agentPaths.has(f.path))]) : null;
  const anchors: Record<string, string> = {};
  budget?.shown.forEach((file, i) => {
    anchors[file.path] ??= `diff-${i + 1}`;
  });
  return (
    <article className="space-y-6">
      <Breadcrumbs
        items={[
          { label: "Overview", href: "/" },
          ...(repo ? [{ label: repo.name, href: `/repos/${repo.id}` }] : []),
          { label: title, href: `/checkpoints/${checkpoint.id}` },
          { label: "What changed" },
        ]}
      />
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">What changed since this checkpoint</h1>
        <p className="text-stone-600 dark:text-stone-400">
          <Link href={`/checkpoints/${checkpoint.id}`}>{title}</Link>
          {" · saved "}
          <time dateTime={checkpoint.savedAt ?? undefined}>{formatDate(checkpoint.savedAt)}</time>
          {checkpoint.branch && (
            <>
              {" on "}
              <span className="font-mono text-sm">{checkpoint.branch}</span>
            </>
          )}
          {checkpoint.headSha && (
            <>
              {" at "}
              <code className="font-mono text-sm" title={checkpoint.headSha}>{checkpoint.headSha.slice(0, 7)}</code>
            </>
          )}
        </p>
        {repo && (
          <p className="text-sm">
            <Link href={`/repos/${repo.id}/compare?b=${checkpoint.id}`}>Compare with another checkpoint of {repo.name}</Link>
          </p>
        )}
      </header>

      <FreshnessBanner
        freshness={checkpoint.freshness}
        branch={checkpoint.branch}
        checkpointId={checkpoint.id}
        recordedSha={checkpoint.headShaRaw}
        showDiffLink={false}
      />

      <Tabs data={data} />

      {data.notices.length > 0 && (
        <ul className="space-y-1 rounded-md bg-stone-100 px-4 py-3 text-sm dark:bg-stone-900" aria-label="About this comparison">
          {data.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      <BasisLinks data={data} />

      {outcome.kind !== "diff" || !diff || !budget ? (
        <Problem outcome={outcome as Exclude<DiffOutcome, { kind: "diff" }>} data={data} />
      ) : (
        <>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            From <code className="font-mono" title={diff.fromSha}>{diff.fromSha.slice(0, 7)}</code> to{" "}
            <code className="font-mono" title={diff.toSha}>{diff.toSha.slice(0, 7)}</code>, {outcome.toLabel}.
          </p>
          <section aria-labelledby="commits-heading" className="space-y-2">
            <h2 id="commits-heading" className="text-lg font-semibold">Commits since the save</h2>
            <DiffCommits commits={diff.commits} truncated={diff.commitsTruncated} emptyText="No commits since the save." touching={data.touching} />
          </section>
          <section aria-labelledby="files-heading" className="space-y-2">
            <h2 id="files-heading" className="text-lg font-semibold">Files changed</h2>
            <DiffStat files={diff.stat.files} anchors={anchors} agentFiles={data.agentFiles} />
          </section>
          {diff.stat.filesChanged > 0 && (
            <section aria-labelledby="diffs-heading" className="space-y-2">
              <h2 id="diffs-heading" className="text-lg font-semibold">Diffs</h2>
              {diff.patchesOmitted ? (
                <p className="text-sm text-amber-800 dark:text-amber-300">The change is too large to show line by line; the list above is complete.</p>
              ) : (
                <>
                  <DiffView files={budget.shown} stats={diff.stat.files} anchors={anchors} />
                  <NotShown paths={[...budget.omitted.map((f) => f.path), ...diff.patchesNotRead]} />
                </>
              )}
            </section>
          )}
        </>
      )}
    </article>
  );
}

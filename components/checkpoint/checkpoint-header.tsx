import type { ReactNode } from "react";
import Link from "next/link";
import type { DocumentRow, Repository } from "@/db/schema";
import { CopyPathButton } from "../copy-path-button";
import { familyHelp, familyLabel, formatDate, isResumable, kindLabel, relativeTime } from "../format";
import { FreshnessBadge } from "../freshness-badge";
import { StatusBadge } from "../status-badge";
import { describeSource, SourceNote } from "./field-source";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0" data-fact={label}>
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">{label}</dt>
      <dd className="mt-0.5 truncate text-sm">{children}</dd>
    </div>
  );
}

/** A value the file does not give: a dash, and the word for screen readers and on hover. */
function Unknown({ why = "unknown" }: { why?: string }) {
  return (
    <span className="text-stone-500 dark:text-stone-400" title={why}>
      <span aria-hidden>—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}

const SAVED_SOURCE: Record<string, string> = {
  filename: "from the file name",
  sentinel: "from the session sentinel",
  commit: "from the commit",
  mtime: "from the file's modification time",
};

export function CheckpointHeader({ doc, repo, status, completedInCairn, tasks }: { doc: DocumentRow; repo: Repository | null; status: string | null; completedInCairn: boolean; tasks: { done: number; total: number } | null }) {
  const reasons = Array.isArray(doc.freshness?.reasons) ? (doc.freshness.reasons as unknown[]).filter((r): r is string => typeof r === "string") : [];
  const sources = doc.fieldSources ?? {};
  const statedSha = doc.headShaRaw;
  const hover = (field: string) => {
    const words = describeSource(sources[field]);
    return words ? (sources[field] === "user" ? words : `Read from ${words}`) : undefined;
  };
  return (
    <header className="space-y-4">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span title={hover("status")}>
            <StatusBadge status={status} />
          </span>
          {isResumable(doc) ? <FreshnessBadge level={doc.freshnessLevel} reasons={reasons} /> : null}
          <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-300">{familyLabel(doc.format)}</span>
          {doc.kind !== "checkpoint" && <span className="rounded-full bg-violet-100 px-2 py-0.5 font-medium text-violet-900 dark:bg-violet-900/40 dark:text-violet-100">{kindLabel(doc.kind)}</span>}
          {completedInCairn && <span className="text-stone-500 dark:text-stone-400">completed in Cairn</span>}
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-balance break-words" title={hover("title")}>{doc.title ?? doc.path}</h1>
        {familyHelp(doc.format) && (
          <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="family-help">
            <span className="font-medium">{familyLabel(doc.format)}:</span> {familyHelp(doc.format)}.
          </p>
        )}
        {(sources.title || sources.status) && (
          <p className="text-xs text-stone-500 dark:text-stone-400" data-testid="title-source">
            {sources.title ? `Title ${sources.title === "user" ? "set by you" : `from ${describeSource(sources.title)}`}` : "No title in the file"}
            {sources.status ? ` · status ${sources.status === "user" ? "set by you" : `from ${describeSource(sources.status)}`}` : ""}
          </p>
        )}
      </div>
      {/* the same five columns on every page, each always meaning the same thing: a dash when the file does not say */}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="What the file records">
        <Fact label="Repository">{repo ? <Link href={`/repos/${repo.id}`}>{repo.name}</Link> : <span className="text-stone-500">outside any repository</span>}</Fact>
        <Fact label="Branch">
          {doc.branch ? (
            <span className="font-mono text-[0.82rem]" title={hover("branch") ?? doc.branch}>{doc.branch}</span>
          ) : (
            <Unknown why="no branch in the file" />
          )}
          <SourceNote source={sources.branch} />
        </Fact>
        <Fact label="Saved">
          {doc.savedAt ? (
            <>
              <time dateTime={doc.savedAt} title={hover("savedAt") ?? (doc.savedAtSource && SAVED_SOURCE[doc.savedAtSource] ? `Date ${SAVED_SOURCE[doc.savedAtSource]}` : undefined)}>
                {relativeTime(doc.savedAt)}
              </time>
              <span className="block text-xs text-stone-500 dark:text-stone-400">{formatDate(doc.savedAt)} UTC</span>
            </>
          ) : (
            <Unknown why="no save time in the file" />
          )}
          <SourceNote source={sources.savedAt ?? (doc.savedAtSource && doc.savedAtSource !== "content" ? doc.savedAtSource : null)} />
        </Fact>
        <Fact label="Commit">
          {doc.headSha || statedSha ? (
            <span className="font-mono text-[0.82rem]" title={hover("headSha")}>{doc.headSha?.slice(0, 10) ?? statedSha?.slice(0, 10)}</span>
          ) : (
            <Unknown why="no commit in the file" />
          )}
          {statedSha && doc.headShaVerified === false ? (
            <span className="block whitespace-normal text-xs text-amber-700 dark:text-amber-400" data-testid="sha-not-found">
              commit stated in the file, not found in this repository
            </span>
          ) : (
            <SourceNote source={sources.headSha} />
          )}
        </Fact>
        <Fact label="Tasks">
          {tasks ? (
            <>
              <span className="tabular-nums" title={hover("tasks")}>{tasks.done}/{tasks.total} done</span>
              <SourceNote source={sources.tasks} />
            </>
          ) : (
            <Unknown why="no task list in the file" />
          )}
        </Fact>
      </dl>
      <div className="rounded-md border border-stone-200 bg-stone-100/60 px-3 py-2 dark:border-stone-800 dark:bg-stone-900">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">File</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <code className="min-w-0 break-all font-mono text-xs" data-testid="file-location">{doc.absPath}</code>
          <CopyPathButton path={doc.absPath} />
        </div>
        {doc.source !== "worktree" && <p className="mt-1 text-xs text-stone-500">Found only in the history of {doc.source.replace(/^git:/, "")}.</p>}
      </div>
    </header>
  );
}

import type { ReactNode } from "react";
import Link from "next/link";
import type { DocumentRow, Repository } from "@/db/schema";
import { CopyPathButton } from "../copy-path-button";
import { familyHelp, familyLabel, formatDate, isResumable, kindLabel, relativeTime } from "../format";
import { FreshnessBadge } from "../freshness-badge";
import { StatusBadge } from "../status-badge";
import { provenance } from "./field-source";

/**
 * One fact of the meta line. Its name is for screen readers (the line reads "repository · branch · saved ·
 * commit · tasks"); where the value was guessed or set by the user, a dotted underline and the provenance on hover.
 */
function Fact({ label, source, first = false, children }: { label: string; source?: string | null; first?: boolean; children: ReactNode }) {
  return (
    <div className="inline" data-fact={label}>
      {!first && <Dot />}
      <dt className="sr-only">{label}</dt>
      <dd className="inline">
        <Provenance source={source}>{children}</Provenance>
      </dd>
    </div>
  );
}

/** A value with its provenance on hover (and for screen readers), only when it was guessed or set by the user. */
export function Provenance({ source, children }: { source?: string | null; children: ReactNode }) {
  const words = provenance(source);
  if (!words) return <>{children}</>;
  return (
    <span title={words} className="cursor-help underline decoration-stone-400 decoration-dotted underline-offset-4 dark:decoration-stone-500" data-provenance={words}>
      {children}
      <span className="sr-only"> ({words})</span>
    </span>
  );
}

const Dot = () => (
  <span aria-hidden className="mx-1.5 text-stone-400 dark:text-stone-500">
    ·
  </span>
);

export interface HeaderProps {
  doc: DocumentRow;
  repo: Repository | null;
  status: string | null;
  completedInCairn: boolean;
  tasks: { done: number; total: number } | null;
  /** The primary action and the menu: "Copy prompt" (or "Complete" once landed), then "More". */
  actions?: ReactNode;
}

/**
 * The checkpoint page's first lines: what it is (status, freshness, family), its title, one meta line
 * (repository · branch · saved · commit · tasks) and the primary action beside the title.
 */
export function CheckpointHeader({ doc, repo, status, completedInCairn, tasks, actions }: HeaderProps) {
  const reasons = Array.isArray(doc.freshness?.reasons) ? (doc.freshness.reasons as unknown[]).filter((r): r is string => typeof r === "string") : [];
  const sources = doc.fieldSources ?? {};
  const sha = doc.headSha ?? doc.headShaRaw;
  const savedSource = sources.savedAt ?? (doc.savedAtSource && doc.savedAtSource !== "content" ? doc.savedAtSource : null);
  const facts: ReactNode[] = [
    <Fact key="repository" label="Repository" first>
      {repo ? <Link href={`/repos/${repo.id}`}>{repo.name}</Link> : <span>outside any repository</span>}
    </Fact>,
  ];
  if (doc.branch) facts.push(
    <Fact key="branch" label="Branch" source={sources.branch}>
      <span className="font-mono text-[0.82rem]">{doc.branch}</span>
    </Fact>,
  );
  if (doc.savedAt) facts.push(
    <Fact key="saved" label="Saved" source={savedSource}>
      <time dateTime={doc.savedAt} title={provenance(savedSource) ? undefined : `${formatDate(doc.savedAt)} UTC`}>
        saved {relativeTime(doc.savedAt)}
      </time>
    </Fact>,
  );
  if (sha) facts.push(
    <Fact key="commit" label="Commit" source={sources.headSha}>
      <span className="font-mono text-[0.82rem]">{sha.slice(0, 7)}</span>
      {doc.headShaRaw && doc.headShaVerified === false && (
        <span className="ml-1 text-amber-800 dark:text-amber-300" data-testid="sha-not-found">
          (not found in this repository)
        </span>
      )}
    </Fact>,
  );
  if (tasks) facts.push(
    <Fact key="tasks" label="Tasks" source={sources.tasks}>
      <span className="tabular-nums">
        {tasks.done}/{tasks.total} tasks done
      </span>
    </Fact>,
  );
  const help = familyHelp(doc.format);
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Provenance source={sources.status}>
          <StatusBadge status={status} />
        </Provenance>
        {isResumable(doc) ? <FreshnessBadge level={doc.freshnessLevel} reasons={reasons} /> : null}
        <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-300" title={help ? `${familyLabel(doc.format)}: ${help}` : undefined} data-testid="family">
          {familyLabel(doc.format)}
          {help && <span className="sr-only">: {help}</span>}
        </span>
        {doc.kind !== "checkpoint" && <span className="rounded-full bg-violet-100 px-2 py-0.5 font-medium text-violet-900 dark:bg-violet-900/40 dark:text-violet-100">{kindLabel(doc.kind)}</span>}
        {completedInCairn && <span className="text-stone-600 dark:text-stone-400">completed in Cairn</span>}
      </div>
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight text-balance break-words md:flex-1">
          <Provenance source={sources.title}>{doc.title ?? doc.path}</Provenance>
        </h1>
        {/* bounded: a confirmation in the actions wraps under the buttons instead of squeezing the title */}
        {actions && <div className="min-w-0 md:max-w-md md:shrink-0">{actions}</div>}
      </div>
      <dl className="text-sm text-stone-700 dark:text-stone-300" aria-label="What the file records" data-testid="meta-line">
        {facts}
      </dl>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600 dark:text-stone-400">
        <code className="min-w-0 break-all font-mono" data-testid="file-location">{doc.absPath}</code>
        <CopyPathButton path={doc.absPath} />
        {doc.source !== "worktree" && <span>Found only in the history of {doc.source.replace(/^git:/, "")}.</span>}
      </p>
    </header>
  );
}

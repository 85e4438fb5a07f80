import type { FileStat } from "../lib/derive/freshness";
import { statBar, statusWord } from "./diff-lines";
import { plural } from "../lib/derive/freshness-wording";

const MAX_ROWS = 500;

function Bar({ additions, deletions, max }: { additions: number | null; deletions: number | null; max: number }) {
  const { addPct, delPct } = statBar(additions, deletions, max);
  return (
    <span aria-hidden className="flex h-2 w-28 overflow-hidden rounded-sm bg-stone-200 dark:bg-stone-800 sm:w-40">
      <span className="h-full bg-emerald-500 dark:bg-emerald-500" style={{ width: `${addPct}%` }} />
      <span className="h-full bg-rose-500 dark:bg-rose-500" style={{ width: `${delPct}%` }} />
    </span>
  );
}

function Rows({ files, anchors, max }: { files: FileStat[]; anchors: Record<string, string>; max: number }) {
  return (
    <>
      {files.map((f) => (
        <tr key={`${f.oldPath ?? ""}>${f.path}`} className="border-t border-stone-200 dark:border-stone-800">
          <td className="break-all py-1 pr-3 font-mono text-xs">
            {anchors[f.path] ? <a href={`#${anchors[f.path]}`}>{f.path}</a> : f.path}
            {f.oldPath && <span className="text-stone-600 dark:text-stone-400"> (from {f.oldPath})</span>}
          </td>
          <td className="py-1 pr-3 text-xs text-stone-600 dark:text-stone-400">{statusWord(f.status)}</td>
          <td className="whitespace-nowrap py-1 pr-3 text-right font-mono text-xs">
            {f.binary ? (
              <span className="text-stone-600 dark:text-stone-400">binary</span>
            ) : (
              <>
                <span className="text-emerald-700 dark:text-emerald-400">+{f.additions ?? 0}</span>{" "}
                <span className="text-rose-700 dark:text-rose-400">−{f.deletions ?? 0}</span>
              </>
            )}
          </td>
          <td className="py-1">
            <Bar additions={f.additions} deletions={f.deletions} max={max} />
          </td>
        </tr>
      ))}
    </>
  );
}

function Head() {
  return (
    <thead className="text-xs uppercase tracking-wide text-stone-600 dark:text-stone-400">
      <tr>
        <th scope="col" className="py-1 pr-3 font-medium">File</th>
        <th scope="col" className="py-1 pr-3 font-medium">Change</th>
        <th scope="col" className="py-1 pr-3 text-right font-medium">Lines</th>
        <th scope="col" className="py-1 font-medium"><span className="sr-only">Proportion</span></th>
      </tr>
    </thead>
  );
}

/** Files of the code first, then how many are the agent's own. */
export function splitAgentFiles(files: FileStat[], agentFiles: readonly string[]): { code: FileStat[]; agent: FileStat[] } {
  const agent = new Set(agentFiles);
  return { code: files.filter((f) => !agent.has(f.path)), agent: files.filter((f) => agent.has(f.path)) };
}

/**
 * One row per changed file with a small bar of additions and deletions; links to the file's diff. The code's
 * files come first and are the ones counted; the agent's own (.claude/, checkpoints, notes) are folded under
 * "N agent files (not counted)".
 */
export function DiffStat({
  files,
  anchors,
  agentFiles = [],
}: {
  files: FileStat[];
  additions?: number;
  deletions?: number;
  /** Anchor id of each file's diff, by path, when it is rendered on the page. */
  anchors: Record<string, string>;
  /** Files that are the agent's own (counted apart by freshness). */
  agentFiles?: string[];
}) {
  if (files.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">No file differs.</p>;
  const { code, agent } = splitAgentFiles(files.slice(0, MAX_ROWS), agentFiles);
  const max = Math.max(1, ...files.map((f) => (f.additions ?? 0) + (f.deletions ?? 0)));
  const additions = code.reduce((n, f) => n + (f.additions ?? 0), 0);
  const deletions = code.reduce((n, f) => n + (f.deletions ?? 0), 0);
  return (
    <div data-testid="diff-stat">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          {plural(code.length, "code file")} changed,{" "}
          <span className="text-emerald-700 dark:text-emerald-400">{plural(additions, "addition")}</span>,{" "}
          <span className="text-rose-700 dark:text-rose-400">{plural(deletions, "deletion")}</span>
        </span>
        <Bar additions={additions} deletions={deletions} max={additions + deletions} />
      </p>
      {code.length > 0 && (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Code files changed, with lines added and deleted</caption>
          <Head />
          <tbody>
            <Rows files={code} anchors={anchors} max={max} />
          </tbody>
        </table>
      )}
      {agent.length > 0 && (
        <details className="mt-2 text-sm" data-testid="agent-files">
          <summary className="cursor-pointer text-stone-700 dark:text-stone-300">{plural(agent.length, "agent file")} (not counted)</summary>
          <table className="mt-1 w-full text-left text-sm">
            <caption className="sr-only">The agent&apos;s own files (.claude/, checkpoints, notes), not counted</caption>
            <Head />
            <tbody className="[&_tr]:text-stone-600 dark:[&_tr]:text-stone-400" data-agent="true">
              <Rows files={agent} anchors={anchors} max={max} />
            </tbody>
          </table>
        </details>
      )}
      {files.length > MAX_ROWS && (
        <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">and {files.length - MAX_ROWS} more files not listed</p>
      )}
    </div>
  );
}

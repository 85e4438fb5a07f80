import type { FileDiff, FileStat } from "../lib/derive/freshness";
import { countLines, statusWord } from "./diff-lines";
import { Patch } from "./diff-patch";

/** Files whose diff is at most this many lines start open. */
const OPEN_LINES = 300;
const OPEN_FILES = 12;

/**
 * One collapsible block per file (`<details>`), +/- lines coloured and kept as text (React escapes
 * it). Truncated diffs say so.
 */
export function DiffView({ files, stats, anchors }: { files: FileDiff[]; stats: FileStat[]; anchors: Record<string, string> }) {
  const statByPath = new Map(stats.map((s) => [s.path, s]));
  return (
    <div className="space-y-3" data-testid="diff-files">
      {files.map((file, index) => {
        const stat = statByPath.get(file.path);
        const open = index < OPEN_FILES && countLines(file.patch) <= OPEN_LINES;
        return (
          <details
            key={`${index}:${file.path}`}
            id={anchors[file.path]}
            open={open}
            className="group overflow-hidden rounded-md border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
          >
            <summary className="flex cursor-pointer list-none flex-wrap items-baseline gap-x-3 gap-y-1 bg-stone-100 px-3 py-1.5 text-sm dark:bg-stone-800/70 [&::-webkit-details-marker]:hidden">
              <span aria-hidden className="inline-block text-stone-500 transition-transform group-open:rotate-90">▸</span>
              <span className="break-all font-mono text-xs font-semibold">{file.path || "(unnamed file)"}</span>
              {file.oldPath && <span className="text-xs text-stone-500 dark:text-stone-400">from {file.oldPath}</span>}
              {stat && <span className="text-xs text-stone-500 dark:text-stone-400">{statusWord(stat.status)}</span>}
              {stat && !stat.binary && (
                <span className="font-mono text-xs">
                  <span className="text-emerald-700 dark:text-emerald-400">+{stat.additions ?? 0}</span>{" "}
                  <span className="text-rose-700 dark:text-rose-400">−{stat.deletions ?? 0}</span>
                </span>
              )}
              {file.truncated && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">truncated</span>
              )}
            </summary>
            <Patch patch={file.patch} label={`Changes in ${file.path || "(unnamed file)"}`} />
            {file.truncated && (
              <p className="border-t border-stone-200 px-3 py-1.5 text-xs text-amber-800 dark:border-stone-800 dark:text-amber-300">
                This diff is too large to show in full; it was cut short. Run <code className="font-mono">git diff</code> in the repository for the rest.
              </p>
            )}
          </details>
        );
      })}
    </div>
  );
}

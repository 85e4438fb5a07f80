"use client";

import { classifyPatch } from "./diff-lines";

/**
 * How the lines look, set once on the block: each line carries only its kind (`data-kind`), its two line
 * numbers and its text. A long diff is thousands of lines, and per-line class lists made the page several
 * times larger (and slower to render and to send) than its text.
 */
const BLOCK = [
  "block min-w-max font-mono [&>span]:flex",
  "[&_.n]:w-10 [&_.n]:shrink-0 [&_.n]:select-none [&_.n]:border-r [&_.n]:border-stone-200 [&_.n]:pr-1 [&_.n]:text-right [&_.n]:text-stone-500",
  "dark:[&_.n]:border-stone-800 dark:[&_.n]:text-stone-400 [&_.t]:whitespace-pre [&_.t]:pl-2 [&_.t]:pr-4",
  "[&>[data-kind=add]]:bg-emerald-50 [&>[data-kind=add]]:text-emerald-900 dark:[&>[data-kind=add]]:bg-emerald-950/60 dark:[&>[data-kind=add]]:text-emerald-200",
  "[&>[data-kind=del]]:bg-rose-50 [&>[data-kind=del]]:text-rose-900 dark:[&>[data-kind=del]]:bg-rose-950/60 dark:[&>[data-kind=del]]:text-rose-200",
  "[&>[data-kind=hunk]]:bg-sky-50 [&>[data-kind=hunk]]:text-sky-800 dark:[&>[data-kind=hunk]]:bg-sky-950/60 dark:[&>[data-kind=hunk]]:text-sky-300",
  "[&>[data-kind=meta]]:text-stone-500 dark:[&>[data-kind=meta]]:text-stone-400",
  "[&>[data-kind=note]]:text-stone-500 [&>[data-kind=note]]:italic dark:[&>[data-kind=note]]:text-stone-400",
].join(" ");

/**
 * One file's patch, +/- lines coloured and kept as text (React escapes it). A client component: the page
 * sends the patch text once and the lines are drawn from it (server-side first, for the HTML), instead of
 * sending every line as elements.
 */
export function Patch({ patch, label = "Patch" }: { patch: string; label?: string }) {
  const lines = classifyPatch(patch);
  if (lines.length === 0) return <p className="px-3 py-2 text-sm text-stone-500 dark:text-stone-400">No textual change (mode or rename only).</p>;
  return (
    // a region that can scroll sideways: focusable, so that the keyboard scrolls it too (arrow keys)
    <pre tabIndex={0} role="region" aria-label={label} className="overflow-x-auto text-xs leading-5">
      <code className={BLOCK}>
        {lines.map((line, i) => (
          <span key={i} data-kind={line.kind}>
            <span aria-hidden className="n">{line.oldLine ?? ""}</span>
            <span aria-hidden className="n">{line.newLine ?? ""}</span>
            <span className="t">{line.text || " "}</span>
          </span>
        ))}
      </code>
    </pre>
  );
}

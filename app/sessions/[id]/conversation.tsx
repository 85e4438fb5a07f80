import type { TurnView } from "@/lib/queries/sessions";
import type { FileEdit } from "@/lib/sessions/types";
import { formatDate } from "@/components/format";

const box = "scroll-mt-20 rounded-lg border px-3 py-2 target:ring-2 target:ring-teal-600 focus:outline-none";

function EditDiff({ edit }: { edit: FileEdit }) {
  const lines: Array<{ sign: "+" | "-" | " "; text: string }> = [];
  if (edit.patch) {
    for (const l of edit.patch.split("\n")) lines.push({ sign: l.startsWith("+") ? "+" : l.startsWith("-") ? "-" : " ", text: l });
  } else {
    for (const l of (edit.before ?? "").split("\n")) if (edit.before) lines.push({ sign: "-", text: `- ${l}` });
    for (const l of (edit.after ?? "").split("\n")) if (edit.after !== undefined) lines.push({ sign: "+", text: `+ ${l}` });
  }
  return (
    <div className="mt-1">
      <p className="break-all font-mono text-xs font-semibold">
        {edit.op === "write" ? "Wrote" : edit.op === "delete" ? "Deleted" : edit.op === "move" ? "Moved to" : "Edited"} {edit.path}
      </p>
      {lines.length > 0 && (
        <pre className="mt-1 max-h-96 overflow-auto rounded bg-stone-50 p-2 text-xs dark:bg-stone-950" aria-label={`Changes to ${edit.path}`}>
          {lines.slice(0, 400).map((l, i) => (
            <span key={i} className={`block ${l.sign === "+" ? "text-emerald-800 dark:text-emerald-300" : l.sign === "-" ? "text-rose-800 dark:text-rose-300" : ""}`}>
              {l.text}
            </span>
          ))}
        </pre>
      )}
    </div>
  );
}

/** One turn: prompts and answers as text; tool calls and their output folded; edits as diffs. */
function Turn({ turn }: { turn: TurnView }) {
  const id = `turn-${turn.seq}`;
  if (turn.kind === "prompt") {
    return (
      <li id={id} tabIndex={-1} className={`${box} border-teal-200 bg-teal-50/60 dark:border-teal-900 dark:bg-teal-950/40`}>
        <p className="text-xs font-semibold text-teal-900 dark:text-teal-200">
          You <time className="font-normal text-stone-500 dark:text-stone-400" dateTime={turn.at ?? undefined}>{formatDate(turn.at)}</time>
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{turn.text}</p>
      </li>
    );
  }
  if (turn.kind === "answer") {
    return (
      <li id={id} tabIndex={-1} className={`${box} border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900`}>
        <p className="text-xs font-semibold text-stone-700 dark:text-stone-300">
          Agent{turn.sidechain ? " (side task)" : ""}{turn.model ? <span className="font-normal text-stone-500 dark:text-stone-400"> · {turn.model}</span> : null}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{turn.text}</p>
      </li>
    );
  }
  if (turn.kind === "note") {
    return (
      <li id={id} tabIndex={-1} className="scroll-mt-20 px-3 text-xs italic text-stone-600 target:ring-2 target:ring-teal-600 dark:text-stone-400">
        <span className="line-clamp-2 whitespace-pre-wrap break-words">{turn.text}</span>
      </li>
    );
  }
  const call = turn.call;
  const label = turn.kind === "tool" ? `${call?.name ?? "Tool"}: ${(call?.command ?? call?.paths?.[0] ?? call?.summary ?? "").split("\n")[0].slice(0, 120)}` : `Output${turn.isError ? " (failed)" : ""}${turn.commits.length ? ` · ${turn.commits.length} commit${turn.commits.length === 1 ? "" : "s"}` : ""}`;
  return (
    <li id={id} tabIndex={-1} className="scroll-mt-20 target:ring-2 target:ring-teal-600">
      <details className="rounded-md border border-stone-200 bg-stone-50 px-3 py-1 text-sm dark:border-stone-800 dark:bg-stone-900/60">
        <summary className="cursor-pointer break-all font-mono text-xs text-stone-700 dark:text-stone-300">{label}</summary>
        {call?.command && <pre className="mt-1 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 text-xs dark:bg-stone-950">{call.command}</pre>}
        {call?.edits?.map((e, i) => <EditDiff key={i} edit={e} />)}
        {turn.kind === "result" && <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-all text-xs">{turn.text}</pre>}
        {turn.kind === "tool" && !call?.command && !call?.edits?.length && call?.summary && <p className="mt-1 break-all font-mono text-xs">{call.summary}</p>}
      </details>
    </li>
  );
}

export function Conversation({ turns }: { turns: TurnView[] }) {
  return (
    <ol className="space-y-2" aria-label="Conversation">
      {turns.map((t) => (
        <Turn key={t.seq} turn={t} />
      ))}
    </ol>
  );
}

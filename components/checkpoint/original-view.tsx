import { Markdown } from "../markdown";

/**
 * The file as written. HTML is shown in a frame with an EMPTY sandbox attribute: no scripts, no forms,
 * no same-origin access, no navigation of Cairn; Markdown is rendered (sanitised) with its source beside.
 */
export function OriginalView({
  kind,
  title,
  srcDoc,
  html,
  frontmatter,
  source,
  note = null,
}: {
  kind: "html" | "markdown";
  title: string;
  srcDoc?: string;
  html?: string;
  frontmatter?: string | null;
  source: string;
  /** Set when the file is too large to show whole: says what is shown. */
  note?: string | null;
}) {
  const cut = note ? (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
      {note}
    </p>
  ) : null;
  if (kind === "html") {
    return (
      <div className="space-y-3">
        {cut}
        <div className="overflow-hidden rounded-lg border border-stone-200 bg-white dark:border-stone-700">
          <iframe
            sandbox=""
            srcDoc={srcDoc}
            title={`Original file: ${title}`}
            referrerPolicy="no-referrer"
            className="block h-[75vh] min-h-[28rem] w-full bg-white"
          />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {cut}
      {frontmatter && (
        <div className="rounded-lg border border-stone-200 bg-stone-50 p-3 dark:border-stone-800 dark:bg-stone-900">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">Frontmatter</p>
          <pre className="mt-1 overflow-x-auto font-mono text-xs">{frontmatter}</pre>
        </div>
      )}
      <div className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-900">
        <Markdown html={html ?? ""} />
      </div>
      <details className="rounded-lg border border-stone-200 dark:border-stone-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Markdown source</summary>
        <pre className="max-h-[60vh] overflow-auto border-t border-stone-200 p-3 font-mono text-xs whitespace-pre-wrap dark:border-stone-800">{source}</pre>
      </details>
    </div>
  );
}

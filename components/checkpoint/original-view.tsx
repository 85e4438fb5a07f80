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
}: {
  kind: "html" | "markdown";
  title: string;
  srcDoc?: string;
  html?: string;
  frontmatter?: string | null;
  source: string;
}) {
  if (kind === "html") {
    return (
      <div className="overflow-hidden rounded-lg border border-stone-200 bg-white dark:border-stone-700">
        <iframe
          sandbox=""
          srcDoc={srcDoc}
          title={`Original file: ${title}`}
          referrerPolicy="no-referrer"
          className="block h-[75vh] min-h-[28rem] w-full bg-white"
        />
      </div>
    );
  }
  return (
    <div className="space-y-4">
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

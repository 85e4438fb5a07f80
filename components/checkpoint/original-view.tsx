import type { CSSProperties } from "react";
import { Markdown } from "../markdown";

/** A framed page taller than this is shown this tall, with "Show the whole page" below it. */
export const FRAME_CAP_PX = 1600;

/**
 * The file as written. HTML is shown in a frame with an EMPTY sandbox attribute: no scripts, no forms,
 * no same-origin access, no navigation of Cairn; Markdown is rendered (sanitised) with its source beside.
 */
export function OriginalView({
  kind,
  title,
  srcDoc,
  height = FRAME_CAP_PX,
  html,
  frontmatter,
  source,
  note = null,
}: {
  kind: "html" | "markdown";
  title: string;
  srcDoc?: string;
  /** The page's height in CSS pixels, estimated on the server from its content (lib/render/frame). */
  height?: number;
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
    // sized to its content (no page scrolling inside the page); a very long page shows its beginning and
    // grows to its whole height with "Show the whole page" (a CSS toggle: the frame itself runs nothing)
    const capped = height > FRAME_CAP_PX;
    const style = { "--frame-h": `${Math.min(height, FRAME_CAP_PX)}px`, "--frame-full": `${height}px` } as CSSProperties;
    // in dark mode a page that has no dark theme of its own is shown inverted (hues kept), not as a white slab
    const ownDarkTheme = /prefers-color-scheme\s*:\s*dark|color-scheme\s*[:=]\s*["']?[^"';>]*dark/i.test(srcDoc ?? "");
    return (
      <div className="space-y-3">
        {cut}
        <div className="overflow-hidden rounded-lg border border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900" style={style}>
          {capped && <input type="checkbox" id="frame-show-all" className="peer sr-only" />}
          <iframe
            sandbox=""
            srcDoc={srcDoc}
            title={`Original file: ${title}`}
            referrerPolicy="no-referrer"
            data-testid="original-frame"
            data-dark={ownDarkTheme ? "own" : "inverted"}
            className={`block h-(--frame-h) w-full bg-white peer-checked:h-(--frame-full) ${ownDarkTheme ? "" : "dark:[filter:invert(0.88)_hue-rotate(180deg)]"}`}
          />
          {capped && (
            <label
              htmlFor="frame-show-all"
              className="block cursor-pointer border-t border-stone-200 bg-stone-50 px-3 py-2 text-center text-sm font-medium text-teal-800 peer-checked:hidden peer-focus-visible:outline-2 peer-focus-visible:outline-teal-600 dark:border-stone-700 dark:bg-stone-900 dark:text-teal-300"
            >
              Show the whole page: it goes on below this frame
            </label>
          )}
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

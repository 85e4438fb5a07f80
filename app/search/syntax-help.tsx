import { SYNTAX_HELP } from "@/lib/search/help";

/** The whole query syntax, as a definition list. */
export function SyntaxHelp({ title }: { title: string }) {
  return (
    <section aria-labelledby="syntax-help" className="rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <h2 id="syntax-help" className="text-base font-semibold">
        {title}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {SYNTAX_HELP.map((s) => (
          <div key={s.example} className="contents">
            <dt>
              <code className="rounded bg-stone-100 px-1.5 py-0.5 text-xs dark:bg-stone-800">{s.example}</code>
            </dt>
            <dd className="text-stone-600 dark:text-stone-400">{s.meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-stone-500 dark:text-stone-400">
        Punctuation is never an error: anything that is not a word is ignored, and what was ignored is said above the results.
      </p>
    </section>
  );
}

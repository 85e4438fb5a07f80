import { describeSource } from "./field-source";
import { OpenEditDetails } from "./open-edit-details";

const LABELS: Record<string, string> = { title: "Title", status: "Status", branch: "Branch", headSha: "Commit", savedAt: "Date" };
const ORDER = ["status", "title", "branch", "headSha", "savedAt"] as const;

type Values = Partial<Record<(typeof ORDER)[number], string | null>>;

/**
 * The values Cairn guessed (read from a heading, a sentence or the file name, not from a key or label that names
 * them), marked as such, with "Edit details" right there: the decision first (check them), then which ones.
 */
export function GuessedDetails({ confidence, sources, values }: { confidence: Record<string, string> | null; sources: Record<string, string> | null; values: Values }) {
  const guessed = ORDER.filter((field) => confidence?.[field] === "guessed" && values[field]);
  if (!guessed.length) return null;
  const names = guessed.map((f) => LABELS[f].toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return (
    <div role="note" aria-label="Guessed details" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <p>
        <span className="font-medium">Check the {list}:</span> no key or label in the file states {guessed.length > 1 ? "them" : "it"}, so Cairn guessed.
      </p>
      <ul className="mt-1 space-y-0.5 text-xs">
        {guessed.map((field) => (
          <li key={field}>
            {LABELS[field]} <span className="font-mono">{values[field]}</span> <span className="text-amber-800 dark:text-amber-300">(guessed{describeSource(sources?.[field]) ? ` from ${describeSource(sources?.[field])}` : ""})</span>
          </li>
        ))}
      </ul>
      <OpenEditDetails />
    </div>
  );
}

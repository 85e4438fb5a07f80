import { Panel } from "@/components/panel";
import { correctionsOf } from "@/lib/actions/corrections";
import { readDb } from "@/lib/queries/db";
import { EditDetailsForm } from "./edit-details-form";

export interface ShownDetails {
  title: string | null;
  status: string | null;
  branch: string | null;
  headSha: string | null;
  savedAt: string | null;
  /** What the file says, while a correction applies (`meta.fileValues`). */
  fileValues?: Record<string, unknown> | null;
}

const LABELS: Record<string, string> = { title: "title", status: "status", branch: "branch", headSha: "commit", savedAt: "date" };

/**
 * "Edit details": the user corrects what Cairn read. Stored by Cairn (never in the file), shown as "set by
 * you", kept across re-indexing; Clear goes back to the file's values.
 */
export async function EditDetailsPanel({ documentId, shown }: { documentId: string; shown: ShownDetails }) {
  const db = await readDb();
  const { fields } = correctionsOf(db, documentId);
  const file = shown.fileValues ?? null;
  const fileSays = (field: string) => {
    const key = field === "headSha" ? "headShaRaw" : field;
    const value = file?.[key];
    return typeof value === "string" && value ? value : "nothing";
  };
  return (
    <Panel
      id="edit-details-heading"
      title="Details"
      description={fields.length ? `${fields.map((f) => LABELS[f]).join(", ")} set by you` : "as read from the file"}
    >
      {fields.length > 0 && (
        <ul className="mb-3 space-y-0.5 text-xs text-stone-600 dark:text-stone-400" aria-label="What the file says">
          {fields.map((field) => (
            <li key={field}>
              The file says {LABELS[field]}: <span className="font-mono">{fileSays(field)}</span>
            </li>
          ))}
        </ul>
      )}
      <details id="edit-details">
        <summary className="cursor-pointer text-sm font-medium text-teal-800 dark:text-teal-300">Edit details</summary>
        <div className="mt-3">
          <EditDetailsForm
            documentId={documentId}
            corrected={fields}
            shown={{
              title: shown.title ?? "",
              status: shown.status === "in-progress" || shown.status === "blocked" ? "in-progress" : shown.status === "completed" || shown.status === "superseded" ? "completed" : "",
              branch: shown.branch ?? "",
              headSha: shown.headSha ?? "",
              savedAt: shown.savedAt ?? "",
            }}
          />
        </div>
      </details>
    </Panel>
  );
}

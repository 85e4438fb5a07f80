import type { Marks } from "@/lib/queries/marks";
import { MarkButton, SnoozeForm } from "./mark-forms";

/** Pin, snooze and archive on a checkpoint's own page (and their undo), with what is in force now. */
export function TriageControls({ documentId, name, marks }: { documentId: string; name: string; marks: Marks }) {
  const snoozed = marks.snoozedUntil && Date.parse(marks.snoozedUntil) > Date.now() ? marks.snoozedUntil : null;
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return (
    <div role="group" aria-label="Triage" className="flex flex-wrap items-center gap-3 text-sm">
      <span className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">Queue</span>
      {marks.pinned && <span className="text-xs font-medium text-teal-700 dark:text-teal-400">pinned</span>}
      {marks.archived && <span className="text-xs text-stone-600 dark:text-stone-400">archived</span>}
      {snoozed && <span className="text-xs text-stone-600 dark:text-stone-400">snoozed until {snoozed.slice(0, 10)}</span>}
      <MarkButton documentId={documentId} action={marks.pinned ? "unpin" : "pin"} name={name} />
      {snoozed ? <MarkButton documentId={documentId} action="unsnooze" name={name} /> : <SnoozeForm documentId={documentId} name={name} defaultUntil={nextWeek} />}
      <MarkButton documentId={documentId} action={marks.archived ? "unarchive" : "archive"} name={name} />
    </div>
  );
}

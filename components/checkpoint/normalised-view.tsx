import type { ReactNode } from "react";
import type { TaskRow } from "@/db/schema";
import type { LinkedDocument } from "@/lib/queries/checkpoint";
import type { FileEntry, SectionBlock } from "@/lib/render/sections";
import { EmptyState } from "../empty-state";
import { Markdown } from "../markdown";
import { Checklist, TaskCount, type TaskPaging } from "./checklist";
import { FileList } from "./file-list";

function Section({ id, heading, aside, children }: { id: string; heading: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-stone-200 pt-4 first:border-0 first:pt-0 dark:border-stone-800">
      <h2 id={id} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
        <span>{heading}</span>
        {aside}
      </h2>
      <div className="mt-2 space-y-3">{children}</div>
    </section>
  );
}

/** Sections in canonical order under the author's headings; work as a checklist; files present or missing. */
export function NormalisedView({
  blocks,
  tasks,
  taskPaging,
  taskDone,
  checklistPlaced,
  extraKeyFiles,
  documentsByPath,
}: {
  blocks: SectionBlock[];
  /** The page of tasks shown; `taskPaging.total` and `taskDone` count them all. */
  tasks: TaskRow[];
  taskPaging: TaskPaging;
  taskDone: number;
  checklistPlaced: boolean;
  extraKeyFiles: FileEntry[];
  documentsByPath: Record<string, LinkedDocument>;
}) {
  if (!blocks.length && !tasks.length) {
    return (
      <EmptyState title="No sections could be read from this file">
        Open the original view to read it as written, or see the reading problems beside it.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6 rounded-lg border border-stone-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-900">
      {!checklistPlaced && tasks.length > 0 && (
        <Section id="sec-tasks" heading="Remaining work" aside={<TaskCount done={taskDone} total={taskPaging.total} />}>
          <Checklist tasks={tasks} labelledBy="sec-tasks" paging={taskPaging} />
        </Section>
      )}
      {blocks.map((b) => {
        if (b.type === "checklist") {
          return (
            <Section key={b.key} id={b.key} heading={b.heading} aside={<TaskCount done={taskDone} total={taskPaging.total} />}>
              {b.html && <Markdown html={b.html} />}
              <Checklist tasks={tasks} labelledBy={b.key} paging={taskPaging} />
            </Section>
          );
        }
        if (b.type === "files") {
          const missing = b.files.filter((f) => f.present === false).length;
          return (
            <Section
              key={b.key}
              id={b.key}
              heading={b.heading}
              aside={
                <span className="text-sm font-normal text-stone-500 dark:text-stone-400">
                  {b.files.length} {b.files.length === 1 ? "file" : "files"}
                  {missing ? `, ${missing} missing` : ""}
                </span>
              }
            >
              <FileList files={b.files} documentsByPath={documentsByPath} label={b.heading} />
            </Section>
          );
        }
        return (
          <Section key={b.key} id={b.key} heading={b.heading}>
            {b.html ? <Markdown html={b.html} /> : <p className="text-sm text-stone-500">Empty.</p>}
          </Section>
        );
      })}
      {extraKeyFiles.length > 0 && (
        <Section id="sec-key-files" heading="Key files">
          <FileList files={extraKeyFiles} documentsByPath={documentsByPath} label="Key files" />
        </Section>
      )}
    </div>
  );
}

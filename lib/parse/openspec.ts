/**
 * OpenSpec changes: a folder `openspec/changes/<id>/`, read as one record at its `tasks.md` (its `proposal.md`
 * when it has no tasks). Title: proposal.md's H1; tasks from tasks.md; a change under `changes/archive/` is
 * completed, even with nothing ticked (archiving is how OpenSpec closes a change). Dates: the archive folder's
 * date, else `.openspec.yaml`'s `created`, else the last commit that touched the folder. OpenSpec keeps no
 * status field: Complete is kept in Cairn.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { plainTasks, readUnitTasks, taskCounts } from "./conventions/tasks";
import { applyUnit, companionList, folderOf, join, settleUnitStatus } from "./conventions/unit";
import { firstHeading, newestDate, unitTitle } from "./conventions/labels";
import { dateFromPath } from "./heuristics/dates";
import { lowerPath } from "./heuristics/text";
import { clearDate, noGitFields, setDate } from "./conventions/record";

const PLACE = /^((?:.*\/)?openspec\/changes)\/(?:(archive)\/)?([^/]+)\/(tasks|proposal)\.md$/;

function place(relPath: string) {
  const m = PLACE.exec(relPath.replace(/\\/g, "/"));
  if (!m || !PLACE.test(lowerPath(relPath)) || m[3].toLowerCase() === "archive") return null;
  return { archived: !!m[2], id: m[3], file: m[4].toLowerCase() };
}

export function isOpenSpecRecord(relPath: string): boolean {
  return place(relPath) !== null;
}

/** A generic tasks heading is no title. */
const GENERIC = /^(?:tasks?|implementation(?: tasks| plan| checklist)?|task list|checklist|to ?do|任务(?:清单|列表)?|タスク(?:一覧)?|작업(?: 목록)?|tareas)$/i;

export const openSpecParser: Parser = {
  format: "openspec",
  priority: 80,
  claims: isOpenSpecRecord,
  companions(relPath) {
    const at = place(relPath);
    if (!at) return [];
    const folder = folderOf(relPath);
    return [join(folder, at.file === "tasks" ? "proposal.md" : "tasks.md"), join(folder, "design.md"), join(folder, ".openspec.yaml")];
  },
  parse(input: ParseInput): ParseResult {
    const at = place(input.path);
    const folder = folderOf(input.path);
    if (at?.file === "proposal" && input.companions?.[join(folder, "tasks.md")] !== undefined) return { document: null, problems: [] };
    const read = readMarkdownFile(input, { format: "openspec", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const id = at?.id ?? folder;
    const archived = at?.archived ?? false;
    // the archive folder is named for its day: 2026-01-11-add-x
    const name = archived ? id.replace(/^\d{4}-\d{2}-\d{2}-/, "") : id;
    const proposal = at?.file === "tasks" ? input.companions?.[join(folder, "proposal.md")] : input.text;
    const own = unitTitle(firstHeading(read.body));
    const title = unitTitle(firstHeading(proposal)) ?? (own && !GENERIC.test(own) ? own : null);
    doc.title = title ?? name;
    doc.fieldSources = { ...doc.fieldSources, title: title ? "proposal.md:h1" : "folder" };
    noGitFields(doc);

    const yaml = input.companions?.[join(folder, ".openspec.yaml")];
    const created = yaml ? newestDate(/^\s*(?:created|created_at|date)\s*:\s*(.+)$/im.exec(yaml)?.[1]) : null;
    const fromName = archived ? dateFromPath(id) : null;
    if (!setDate(doc, fromName, "archive-folder", "filename") && !setDate(doc, created, ".openspec.yaml")) clearDate(doc);

    const tasksText = at?.file === "tasks" ? input.text : undefined;
    // each item is ticked on its own in this convention: the tasks count as written (no done-inheritance)
    const written = tasksText ? readUnitTasks(tasksText) : [];
    const tasks = written;
    doc.tasks = plainTasks(written);
    const settled = settleUnitStatus({ statements: [], tasks, written, archived });
    const counts = taskCounts(written);
    applyUnit(doc, settled, {
      family: "openspec",
      id: name,
      folder,
      companions: companionList(input, [
        [join(folder, at?.file === "tasks" ? "proposal.md" : "tasks.md"), at?.file === "tasks" ? "proposal" : "tasks"],
        [join(folder, "design.md"), "design"],
      ]),
      statements: [],
      archived,
      tasksDone: counts.done,
      tasksTotal: counts.total,
      optionalOpen: counts.optionalOpen,
      taskCommits: [],
      statusField: null,
    });
    return { document: doc, problems };
  },
};

/**
 * Kiro specs: a folder `.kiro/specs/<name>/`, read as one record at its `tasks.md` (its `requirements.md` when
 * it has no tasks yet). Title: requirements.md's H1 when it names the feature (not the template's "Requirements
 * Document"), else the folder name; tasks from tasks.md, nested items and optional ones (`- [ ]*`) too. A
 * `spec.json` beside it (cc-sdd) gives its phase and dates. Kiro keeps no status field: Complete is kept in Cairn.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { plainTasks, readUnitTasks, taskCounts } from "./conventions/tasks";
import { applyUnit, companionList, folderOf, join, settleUnitStatus, type StatusStatement } from "./conventions/unit";
import { firstHeading, jsonString, newestDate, readJsonObject, unitTitle } from "./conventions/labels";
import { lowerPath } from "./heuristics/text";
import { clearDate, noGitFields, setDate } from "./conventions/record";

const PLACE = /^((?:.*\/)?\.kiro\/specs)\/([^/]+)\/(tasks|requirements)\.md$/;

function place(relPath: string) {
  const m = PLACE.exec(relPath.replace(/\\/g, "/"));
  if (!m || !PLACE.test(lowerPath(relPath))) return null;
  return { id: m[2], file: m[3].toLowerCase() };
}

export function isKiroRecord(relPath: string): boolean {
  return place(relPath) !== null;
}

/** The template's own headings: no title. */
const GENERIC =
  /^(?:requirements?(?: document| specification| spec)?|design(?: document)?|technical design(?: document)?|implementation plan|implementation tasks|tasks?|task list|要件定義書?|要件|要求仕様書?|設計書?|設計ドキュメント|技術設計書?|実装計画|実装タスク|タスク|需求(?:文档|文件|规格说明|说明)?|设计(?:文档)?|实施计划|实现计划|任务(?:列表|清单)?|요구사항(?: 문서)?|설계(?: 문서)?|구현 계획|documento de requisitos|requisitos|plan de implementaci[oó]n)$/i;

function named(h1: string | null): string | null {
  const t = unitTitle(h1);
  if (!t || GENERIC.test(t)) return null;
  // "Requirements Document: Offline sync" reads as its feature; "Requirements Document" alone does not
  return t.replace(/^(?:requirements?(?: document| specification)?|(?:technical )?design(?: document)?|implementation plan)\s*[:：—–-]\s*/i, "") || null;
}

export const kiroParser: Parser = {
  format: "kiro",
  priority: 80,
  claims: isKiroRecord,
  companions(relPath) {
    const at = place(relPath);
    if (!at) return [];
    const folder = folderOf(relPath);
    return [join(folder, at.file === "tasks" ? "requirements.md" : "tasks.md"), join(folder, "design.md"), join(folder, "spec.json")];
  },
  parse(input: ParseInput): ParseResult {
    const at = place(input.path);
    const folder = folderOf(input.path);
    if (at?.file === "requirements" && input.companions?.[join(folder, "tasks.md")] !== undefined) return { document: null, problems: [] };
    const read = readMarkdownFile(input, { format: "kiro", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const id = at?.id ?? folder;
    const requirements = at?.file === "tasks" ? input.companions?.[join(folder, "requirements.md")] : input.text;
    const specJson = readJsonObject(input.companions?.[join(folder, "spec.json")]);
    const title = named(firstHeading(requirements));
    doc.title = title ?? jsonString(specJson, "feature_name", "featureName", "name") ?? id;
    doc.fieldSources = { ...doc.fieldSources, title: title ? "requirements.md:h1" : "folder" };
    noGitFields(doc);

    const dated = newestDate([jsonString(specJson, "updated_at", "updatedAt", "updated"), jsonString(specJson, "created_at", "createdAt", "created")].filter(Boolean).join(" "));
    if (!setDate(doc, dated, "spec.json")) clearDate(doc);

    // each item is ticked on its own in this convention: the tasks count as written (no done-inheritance)
    const written = at?.file === "tasks" ? readUnitTasks(read.body) : [];
    const tasks = written;
    doc.tasks = plainTasks(written);
    const statements: StatusStatement[] = [];
    const phase = conventionStatus(jsonString(specJson, "status", "phase"));
    if (phase) statements.push({ label: "spec.json", raw: phase.raw, status: phase.status, source: "spec.json:phase" });
    const settled = settleUnitStatus({ statements, tasks, written });
    const counts = taskCounts(written);
    applyUnit(doc, settled, {
      family: "kiro",
      id,
      folder,
      companions: companionList(input, [
        [join(folder, at?.file === "tasks" ? "requirements.md" : "tasks.md"), at?.file === "tasks" ? "requirements" : "tasks"],
        [join(folder, "design.md"), "design"],
        [join(folder, "spec.json"), "metadata"],
      ]),
      statements: statements.map(({ label, raw, status }) => ({ label, raw, status })),
      archived: false,
      tasksDone: counts.done,
      tasksTotal: counts.total,
      optionalOpen: counts.optionalOpen,
      taskCommits: [],
      statusField: null,
    });
    return { document: doc, problems };
  },
};

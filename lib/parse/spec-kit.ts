/**
 * Spec Kit features: a folder `specs/NNN-name/` (also under `.specify/` or `docs/`), read as one record at its
 * `spec.md`. Fields: `**Feature Branch**`, `**Created**`, `**Status**` in spec.md (the template's bold labels,
 * translated ones too); tasks from the sibling `tasks.md`; plan.md, research.md, data-model.md, quickstart.md as
 * companions. Status: the spec's Status line, unless every task is done (lib/parse/conventions/unit.ts).
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { plainTasks, readUnitTasks, taskCounts } from "./conventions/tasks";
import { applyUnit, companionList, folderOf, join, settleUnitStatus, type StatusStatement } from "./conventions/unit";
import { firstHeading, labelValue, newestDate, STATUS_LABEL, unitTitle } from "./conventions/labels";
import { branchFromValue, isPlaceholder } from "./heuristics/fields";
import { baseName, lowerPath } from "./heuristics/text";
import { clearDate, setDate } from "./conventions/record";

/** `specs/001-name/spec.md`: a numbered (or dated) feature folder right under a `specs` folder, outside OpenSpec. */
const PLACE = /(^|\/)specs\/(\d{1,4}[-_][^/]+|\d{8}[-_][^/]+)\/spec\.md$/;

export function isSpecKitRecord(relPath: string): boolean {
  const p = lowerPath(relPath);
  return PLACE.test(p) && !/(^|\/)openspec\//.test(p);
}

const BRANCH_LABEL = /^(?:feature branch|branch|git branch|功能分支|特性分支|分支|機能ブランチ|フィーチャーブランチ|ブランチ|기능 브랜치|브랜치|rama(?: de (?:la )?(?:funcionalidad|caracter[ií]stica|feature))?|branch da (?:feature|funcionalidade)|branche(?: de (?:la )?fonctionnalit[ée])?|feature-branch|ветка(?: функции)?)$/i;
const CREATED_LABEL = /^(?:created|created date|creation date|date|创建日期|创建时间|建立日期|創建日期|創建時間|日期|作成日|作成日時|日付|생성일|작성일|날짜|creado|fecha(?: de creaci[oó]n)?|criado(?: em)?|data(?: de cria[çc][ãa]o)?|cr[ée]{2}(?: le)?|date de cr[ée]ation|erstellt(?: am)?|datum|создано|дата(?: создания)?)$/i;
const UPDATED_LABEL = /^(?:updated|last updated|last modified|modified|更新日期|更新时间|最后更新|更新日|最終更新日?|수정일|업데이트|actualizado|[úu]ltima actualizaci[oó]n|atualizado(?: em)?|mis [àa] jour|aktualisiert|обновлено)$/i;

/** Files of a feature folder shown with it; tasks.md also gives its tasks. */
const COMPANIONS = [
  ["tasks.md", "tasks"],
  ["plan.md", "plan"],
  ["research.md", "research"],
  ["data-model.md", "design"],
  ["quickstart.md", "other"],
] as const;

export const specKitParser: Parser = {
  format: "spec-kit",
  priority: 80,
  claims: isSpecKitRecord,
  companions(relPath) {
    const folder = folderOf(relPath);
    return COMPANIONS.map(([name]) => join(folder, name));
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "spec-kit", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const folder = folderOf(input.path);
    const id = baseName(folder);
    const body = read.body;

    const title = unitTitle(firstHeading(body));
    doc.title = title ?? id;
    doc.fieldSources = { ...doc.fieldSources, title: title ? "h1" : "folder" };

    const branch = labelValue(body, BRANCH_LABEL);
    const branchName = branch && !isPlaceholder(branch.value) ? branchFromValue(branch.value) : null;
    doc.branch = branchName;
    doc.headSha = null;
    if (branchName) doc.fieldSources.branch = "label:feature-branch";
    else delete doc.fieldSources.branch;

    const created = labelValue(body, CREATED_LABEL);
    const updated = labelValue(body, UPDATED_LABEL);
    const date = newestDate([created?.value, updated?.value].filter(Boolean).join(" "));
    if (!setDate(doc, date, updated && newestDate(updated.value) === date ? "label:updated" : "label:created")) clearDate(doc);

    const tasksPath = join(folder, "tasks.md");
    const tasksText = input.companions?.[tasksPath];
    // each item is ticked on its own in this convention: the tasks count as written (no done-inheritance)
    const written = tasksText ? readUnitTasks(tasksText) : [];
    const tasks = written;
    doc.tasks = plainTasks(written);

    const statusLine = labelValue(body, STATUS_LABEL);
    // "Draft → Implemented": the last step written is the status
    const statusWritten = statusLine ? statusLine.value.split(/\s*(?:→|->|=>)\s*/).filter(Boolean).at(-1) ?? null : null;
    const word = conventionStatus(statusWritten);
    const statements: StatusStatement[] = word ? [{ label: "Status", raw: word.raw, status: word.status, source: "label:status" }] : [];
    if (word && !word.status) problems.push(`unknown status "${word.raw}"`);
    const settled = settleUnitStatus({ statements, tasks, written });
    const counts = taskCounts(written);
    applyUnit(doc, settled, {
      family: "spec-kit",
      id,
      folder,
      companions: companionList(input, COMPANIONS.map(([name, role]) => [join(folder, name), role])),
      statements: statements.map(({ label, raw, status }) => ({ label, raw, status })),
      archived: false,
      tasksDone: counts.done,
      tasksTotal: counts.total,
      optionalOpen: counts.optionalOpen,
      taskCommits: [],
      statusField: statusLine ? { path: input.path, kind: "markdown-label", key: "status", completedWord: "Complete" } : null,
    });
    return { document: doc, problems };
  },
};

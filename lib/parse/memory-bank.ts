/**
 * Memory banks (Cline / Roo / Cursor `memory-bank/`, Cline's older `cline_docs/`): the folder is one unit, read as one record at its
 * `activeContext.md`. Title: its H1 without the document word ("Active Context: X" -> "X"). Date: a date stated in
 * activeContext.md (labelled or in its header lines), else in progress.md; else the index falls back to the last
 * commit that touched the record. Status: a status stated for the current work; tasks: the checkboxes of
 * activeContext.md and progress.md. The other core files are companions.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { readUnitTasks } from "./conventions/tasks";
import { folderOf, join, type CompanionRole, type StatusStatement } from "./conventions/unit";
import { firstHeading, labelValue } from "./conventions/labels";
import { clearDate, finishUnit, newestIn, noGitFields, setDate } from "./conventions/record";
import { squash, stripInlineMarkdown } from "./heuristics/text";
import { titleFromWork } from "./heuristics/work-title";

/** `memory-bank/` (Cline, Roo, Cursor), and `cline_docs/`, where Cline's first memory bank lived. */
const PLACE = /(^|\/)(?:memory[-_]bank|cline_docs)\/active[-_]?context\.md$/i;

const COMPANIONS: Array<[string, CompanionRole]> = [
  ["progress.md", "progress"],
  ["projectbrief.md", "other"],
  ["productContext.md", "context"],
  ["systemPatterns.md", "design"],
  ["techContext.md", "context"],
  ["tasks.md", "tasks"],
];

/** The document word a memory bank writes before its title. */
const DOC_WORD = /^(?:active context|current context|アクティブコンテキスト|アクティブ・コンテキスト|活动上下文|当前上下文|활성 컨텍스트|contexto activo|contexto ativo)\s*[:：—–-]\s*/i;
const DATE_LABEL = /^(?:date|last updated|updated|last update|as of|datum|stand|fecha|data|日付|更新日|最終更新|更新日期|日期|날짜)$/i;
const STATUS_LABEL = /^(?:status|state|current status|ステータス|状態|状态|狀態|상태|estado|statut|stato|stand|статус|trạng thái|tình trạng|durum)$/i;
/** Lines of the header (before the second section) that may carry the save date beside a status or a heading. */
const HEADER_LINES = 24;

function titleOf(body: string): string | null {
  const h1 = firstHeading(body);
  if (!h1) return null;
  const plain = squash(stripInlineMarkdown(h1));
  return plain.replace(DOC_WORD, "").trim() || plain;
}

function dateOf(text: string): { iso: string; source: string } | null {
  const label = labelValue(text, DATE_LABEL, 40);
  const labelled = label ? newestIn(label.value) : null;
  if (labelled) return { iso: labelled, source: "label:date" };
  const header = text.replace(/\r\n?/g, "\n").split("\n").slice(0, HEADER_LINES).join("\n");
  const dated = newestIn(header);
  return dated ? { iso: dated, source: "header" } : null;
}

export const memoryBankParser: Parser = {
  format: "memory-bank",
  priority: 80,
  claims: (relPath) => PLACE.test(relPath.replace(/\\/g, "/")),
  companions: (relPath) => COMPANIONS.map(([name]) => join(folderOf(relPath), name)),
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "memory-bank", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const folder = folderOf(input.path);
    const progress = input.companions?.[join(folder, "progress.md")] ?? "";

    const title = titleOf(read.body);
    // no H1: the bank's folder names it, as for the other units
    doc.title = title ?? (folder.split("/").pop() || "memory-bank");
    doc.fieldSources = { ...doc.fieldSources, title: title ? "h1" : "folder" };
    // "# Active Context" names the file, not the work: the current focus does
    titleFromWork(doc);

    clearDate(doc);
    const date = dateOf(read.body) ?? (progress ? dateOf(progress) : null);
    if (date) setDate(doc, date.iso, date.source);

    const statements: StatusStatement[] = [];
    const stated = labelValue(read.body, STATUS_LABEL, HEADER_LINES);
    const word = stated ? conventionStatus(stated.value.replace(/\(.*$/, "").trim() || stated.value) : null;
    if (word) statements.push({ label: "activeContext.md", raw: word.raw, status: word.status, source: "label:status" });

    const tasks = [...readUnitTasks(read.body), ...readUnitTasks(progress)];
    noGitFields(doc);
    finishUnit(doc, input, { family: "memory-bank", id: folder.split("/").pop() || "memory-bank", folder, statements, tasks, companions: COMPANIONS.map(([n, r]) => [join(folder, n), r]) });
    return { document: doc, problems };
  },
};

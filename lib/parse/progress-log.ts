/**
 * Progress logs agents append to (`claude-progress.txt`, `tasks/todo.md`), one record per file. The record is the
 * newest dated entry (a heading, `=== Session: DATE ===` or `[Session N — X — DATE]` line holding a date): its
 * status, branch and remaining items; tasks are the file's checkboxes when it has any. Title: the H1 or a banner
 * line (`===== Name =====`) at the top.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { conventionStatus } from "./conventions/status-words";
import { readUnitTasks, type UnitTask } from "./conventions/tasks";
import type { StatusStatement } from "./conventions/unit";
import { firstHeading, labelValue } from "./conventions/labels";
import { countedTask, finishUnit, newestIn, setDate } from "./conventions/record";
import { baseName, squash, stripInlineMarkdown } from "./heuristics/text";

const PLACE = /(^|\/)(?:claude-progress\.txt|tasks\/todo\.md)$/i;
/** A line that opens an entry: a heading, a `=== ... ===` rule line, a `[Session ...]` line or a one-line `[DATE]: ...` entry. */
const ENTRY_LINE = {
  /**
   * Tested on a trimmed line, without the pattern it replaces (`={2,}\s*.+?\s*={2,}\s*$`, cubic in a run of `=`:
   * 3.4 s for 76 KB of them, issue 42): a rule line opens and closes with `==` around at least one character.
   */
  test(line: string): boolean {
    if (/^#{1,4}\s+\S/.test(line)) return true;
    if (line.length >= 5 && line.startsWith("==") && line.endsWith("==")) return true;
    return /^\[[^\]]{3,200}\](?:$|\s*[:：]\s)/.test(line);
  },
};
const NEXT_LABEL = /^(?:next|next steps?|todo|remaining|下一步|次にやること|siguientes pasos|próximos passos)\s*[:：]\s*$/i;

interface Entry {
  start: number;
  end: number;
  date: string;
}

function entriesOf(lines: string[]): Entry[] {
  const starts: Array<{ line: number; date: string | null }> = [];
  lines.forEach((line, i) => {
    if (ENTRY_LINE.test(line.trim())) starts.push({ line: i, date: newestIn(line) });
  });
  // each dated entry runs to the next dated one (one pass: logs may hold thousands of entries)
  const dated = starts.filter((s) => s.date);
  return dated.map((s, i) => ({ start: s.line, end: i + 1 < dated.length ? dated[i + 1].line : lines.length, date: s.date! }));
}

function bannerTitle(lines: string[]): string | null {
  const first = lines.find((l) => l.trim())?.trim() ?? "";
  // `=== Title ===`, read from both ends (the pattern `^={3,}\s*(.+?)\s*={3,}$` backtracked over long `=` runs)
  if (!first.startsWith("===") || !first.endsWith("===")) return null;
  let from = 0;
  while (first[from] === "=") from++;
  let to = first.length;
  while (to > from && first[to - 1] === "=") to--;
  if (first.length - to < 3) return null;
  const title = first.slice(from, to).trim();
  return title && !newestIn(title) ? title : null;
}

/** A heading that names remaining work ("### Remaining Features (3)", "## Next steps"). */
const NEXT_HEADING = /^(#{1,4})\s+(?:\*\*)?(?:remaining|next steps?|next session|next|to ?do|pending|still to do|open items|下一步|次にやること|próximos passos|pendientes)\b/i;

/** Top-level items under a `NEXT:` line or a remaining-work heading of an entry. */
function nextItems(lines: string[]): UnitTask[] {
  const h = lines.findIndex((l) => NEXT_HEADING.test(l.trim()));
  if (h >= 0) {
    const level = NEXT_HEADING.exec(lines[h].trim())![1].length;
    const items: UnitTask[] = [];
    for (let j = h + 1; j < lines.length; j++) {
      const heading = /^(#{1,6})\s/.exec(lines[j]);
      if (heading && heading[1].length <= level) break;
      const item = /^(?:[-*+]|\d+[.)])\s+(.+)$/.exec(lines[j]);
      if (item) items.push(countedTask(squash(stripInlineMarkdown(item[1])), false, j + 1));
    }
    if (items.length) return items;
  }
  const i = lines.findIndex((l) => NEXT_LABEL.test(l.trim()));
  if (i < 0) return [];
  const items: UnitTask[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j];
    if (!l.trim() || /^[A-Z][A-Z ]+:\s*$/.test(l.trim()) || /^-{3,}$/.test(l.trim())) break;
    const indent = /^\s*/.exec(l)![0].length;
    if (indent <= 2) items.push(countedTask(squash(stripInlineMarkdown(l.replace(/^\s*(?:[-*+]|\d+[.)])\s*/, ""))), false, j + 1));
  }
  return items;
}

export const progressLogParser: Parser = {
  format: "progress-log",
  priority: 75,
  claims: (relPath) => PLACE.test(relPath.replace(/\\/g, "/")),
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "progress-log", kind: "checkpoint", hasTasks: false });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const lines = read.body.split("\n");
    const h1 = firstHeading(read.body);
    const title = (h1 && !newestIn(h1) ? squash(stripInlineMarkdown(h1)) : null) ?? bannerTitle(lines);
    doc.title = title;
    doc.fieldSources = { ...doc.fieldSources, title: title ? "h1" : "none" };

    const entries = entriesOf(lines);
    // newest entry; among equal dates, the last written when the log appends (dates rise down the file), else the first
    const appends = entries.length > 1 && entries[entries.length - 1].date > entries[0].date;
    const newest = entries.reduce<Entry | null>((best, e) => (!best || e.date > best.date || (appends && e.date === best.date) ? e : best), null);
    const scope = newest ? lines.slice(newest.start, newest.end).join("\n") : read.body;
    doc.savedAt = null;
    doc.savedAtSource = null;
    delete doc.fieldSources.savedAt;
    if (newest) setDate(doc, newest.date, "entry");
    else if (doc.fieldSources) setDate(doc, newestIn(labelValue(read.body, /^(?:date|updated|last updated)$/i)?.value ?? ""), "label:date");

    const statements: StatusStatement[] = [];
    const stated = labelValue(scope, /^status$/i, 400);
    const word = stated ? conventionStatus(stated.value) : null;
    // harness logs: "PASS (build verified)", "*** PROJECT COMPLETE ***"
    const closing = !word?.status && (/\b(?:project|all (?:tasks|features))\s+complete\b/i.test(stated?.value ?? "") || /^pass(?:ed|ing)?\b/i.test(stated?.value ?? ""));
    if (word) statements.push({ label: "Status", raw: word.raw, status: closing ? "completed" : word.status, source: "entry:status" });
    const branch = labelValue(scope, /^branch$/i, 400);
    doc.branch = branch ? squash(branch.value.split(/\s/)[0]) : null;
    doc.headSha = null;

    const boxes = readUnitTasks(read.body);
    const tasks = boxes.length ? boxes : nextItems(scope.split("\n"));
    finishUnit(doc, input, { family: "progress-log", id: baseName(input.path), folder: input.path, statements, tasks });
    return { document: doc, problems };
  },
};

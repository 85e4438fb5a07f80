/**
 * The one task rule, for every Markdown family:
 * 1. when the file has any real checkbox outside code fences, HTML comments and <style>/<script>, the tasks are
 *    exactly its checkboxes (done when checked);
 * 2. otherwise they are the top-level items of its remaining-work / next-steps sections, all open, each counted once;
 * 3. otherwise there are none.
 */
import type { ParsedTask } from "../types";
import { cleanHeading } from "./headings";
import { sectionEnd, type Outline } from "./markdown";
import { dedupeTasks, openItem, readCheckbox, readListItem } from "./tasks";

/** Sections that hold work still to do, in the languages agents write in. */
const REMAINING_WORK =
  /next\b.*\b(?:steps?|actions?|tasks?|moves?|session|priorit)|^next$|^next up\b|^up next\b|what'?s next|remaining|still to do|left to do|^pending\b|pending (?:tasks|items|work)|^to[ -]?dos?\b|^todo\b|future work|deferred|^open(?: items| tasks| work| points)?$|outstanding|^start (?:by|with|here)|recommended next|do (?:this )?first|^offen|offene (?:punkte|aufgaben)|nächste schritte|pendientes?\b|próximos pas(?:s)?os|siguientes pasos|prossimi passi|da fare|prochaines? étapes?|à faire|следующие шаги|текущие задачи|дальнейшие шаги|что дальше|оставшиеся|다음 할 ?일|다음 단계|다음 작업|남은 작업|할 일|次にやること|次のステップ|次の作業|残タスク|未着手|やること|下一步|待办|后续|còn làm|bước tiếp theo|việc cần làm|sonraki adımlar|yapılacaklar/i;
/** Look like remaining work, but are not: problems, questions, decisions, procedures, reading lists. */
const NOT_REMAINING_WORK =
  /known issues|blockers?|blocked|open questions?|questions?|uncertaint|decisions?|risks?|\bgaps?\b|not planned|won'?t do|out of scope|how to (?:resume|continue)|workflow|reading|references?|done|completed|finished/i;

export function isRemainingWorkHeading(heading: string): boolean {
  const h = cleanHeading(heading);
  return !!h && REMAINING_WORK.test(h) && !NOT_REMAINING_WORK.test(h);
}

/** A sub-heading that is an item itself (`### 1. Fix X`, `### P1: ship`), not a category (`### High priority`). */
function isItemHeading(text: string): boolean {
  return /^\s*(?:\d+[.):]|\d+\s+[-–—]|[Pp]\d+\b|#\d+\b|(?:step|task|item|todo)\s+\d+)/i.test(text);
}

/** All real checkboxes of the body. */
function checkboxes(o: Outline): ParsedTask[] {
  const found: ParsedTask[] = [];
  o.lines.forEach((line, i) => {
    if (o.inCode[i]) return;
    const box = readCheckbox(line);
    if (box) found.push(box);
  });
  return found;
}

/** Top-level items of one remaining-work section (sub-headings that are items count once, their bodies not at all). */
function sectionItems(o: Outline, index: number): ParsedTask[] {
  const head = o.headings[index];
  const end = sectionEnd(o, index);
  const subs = o.headings.filter((h, i) => i > index && h.line < end && !h.pseudo);
  const itemSubs = subs.filter((h) => isItemHeading(h.text));
  const singleTaskHeading = subs.length === 1 && !/priorit|phase|stage|optional|later|short|long|term|high|medium|low|must|should|could|nice/i.test(subs[0].text);
  const asItems = itemSubs.length > 0 && itemSubs.length === subs.length ? itemSubs : singleTaskHeading ? subs : [];
  const skipped = new Set<number>();
  const items: Array<{ line: number; task: ParsedTask }> = [];
  for (const sub of asItems) {
    const i = o.headings.indexOf(sub);
    for (let l = sub.line; l < sectionEnd(o, i); l++) skipped.add(l);
    const t = openItem(cleanHeading(sub.text) || sub.text);
    if (t) items.push({ line: sub.line, task: t });
  }
  const listLines: Array<{ line: number; indent: number; text: string }> = [];
  for (let l = head.line + 1; l < end; l++) {
    if (o.inCode[l] || skipped.has(l) || o.headings.some((h) => h.line === l && !h.pseudo)) continue;
    const item = readListItem(o.lines[l]);
    if (item) listLines.push({ line: l, ...item });
  }
  const top = Math.min(...listLines.map((i) => i.indent));
  for (const item of listLines) {
    if (item.indent !== top) continue;
    const t = openItem(item.text);
    if (t) items.push({ line: item.line, task: t });
  }
  return items.sort((a, b) => a.line - b.line).map((i) => i.task);
}

/** Items of every remaining-work section, outermost sections only, each item once. */
function remainingWork(o: Outline): ParsedTask[] {
  const items: ParsedTask[] = [];
  let coveredUntil = -1;
  o.headings.forEach((h, index) => {
    if (h.line < coveredUntil || !isRemainingWorkHeading(h.text)) return;
    coveredUntil = sectionEnd(o, index);
    items.push(...sectionItems(o, index));
  });
  return dedupeTasks(items);
}

/** The tasks of a Markdown body by the one task rule (an empty list when it has none). */
export function tasksByRule(o: Outline): ParsedTask[] {
  const boxes = checkboxes(o);
  return boxes.length > 0 ? boxes : remainingWork(o);
}

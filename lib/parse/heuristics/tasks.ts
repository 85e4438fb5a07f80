/** Task lists in every checkbox style agents write. */
import type { ParsedTask, TaskState } from "../types";
import { squash, stripInlineMarkdown } from "./text";

const BOX = /^\s*(?:[-*+]|\d+[.)])?\s*\[([ xX✓✔~\-/!>?])\]\s+(.+)$/;
const HTML_BOX = /^\s*(?:[-*+]\s*)?<input\b([^>]*)>\s*(.+)$/i;
const EMOJI_ITEM = /^\s*(?:[-*+]|\d+(?:-\d+)?[.)])?\s*(✅|✔️?|☑️?|✓|❌|✗|✘|🚧|⏳|🔄|⛔|🛑|🚫|⬜|☐|🔲|🟡|🟢|🔴)\s*(.+)$/u;
const NUMBERED = /^(\s{0,3})\d+(?:\s*-\s*\d+)?[.)]\s+(.+)$/;
const BULLET = /^([-*+])\s+(.+)$/;

function boxState(mark: string): TaskState {
  if (/[xX✓✔]/.test(mark)) return "done";
  if (mark === "~" || mark === "/" || mark === ">") return "in-progress";
  if (mark === "!") return "blocked";
  if (mark === "-") return "failed";
  return "open";
}

function emojiState(mark: string): TaskState {
  if (/✅|✔|☑|✓|🟢/u.test(mark)) return "done";
  if (/❌|✗|✘|🔴/u.test(mark)) return "failed";
  if (/🚧|⏳|🔄|🟡/u.test(mark)) return "in-progress";
  if (/⛔|🛑|🚫/u.test(mark)) return "blocked";
  return "open";
}

/** Plain-text state hints in a numbered step ("~~x~~", "(done)", "DONE:"). */
function wordState(text: string): TaskState {
  if (/^~~.+~~/.test(text.trim()) || /\((?:done|completed?|fixed)\)|^\s*(?:\*\*)?(?:done|completed?)\b/i.test(text)) return "done";
  if (/\((?:blocked|waiting)[^)]*\)|^\s*(?:\*\*)?blocked\b/i.test(text)) return "blocked";
  return "open";
}

function task(text: string, state: TaskState): ParsedTask | null {
  const clean = squash(stripInlineMarkdown(text));
  return clean ? { text: clean, done: state === "done", state } : null;
}

/** A checkbox or status-emoji task on one line, or null. */
export function readTaskLine(line: string): ParsedTask | null {
  const box = BOX.exec(line);
  if (box) return task(box[2], boxState(box[1]));
  const html = HTML_BOX.exec(line);
  if (html && /type\s*=\s*["']?checkbox/i.test(html[1])) {
    return task(html[2].replace(/<[^>]+>/g, ""), /\bchecked\b/i.test(html[1]) ? "done" : "open");
  }
  const emoji = EMOJI_ITEM.exec(line);
  if (emoji) return task(emoji[2], emojiState(emoji[1]));
  return null;
}

/** Numbered (or top-level bulleted) steps, read as tasks inside remaining / next-steps sections. */
export function readStepLine(line: string, allowBullets: boolean): ParsedTask | null {
  const numbered = NUMBERED.exec(line);
  if (numbered) return task(numbered[2], wordState(numbered[2]));
  const bullet = allowBullets ? BULLET.exec(line) : null;
  if (bullet) return task(bullet[2], wordState(bullet[2]));
  return null;
}

export interface TaskScanOptions {
  /** Does this line sit in a remaining / next-steps section (numbered steps count as tasks)? */
  inStepSection(line: number): boolean;
  /** Lines inside code fences. */
  inCode?: boolean[];
}

/** Every task of a Markdown body, in order. */
export function extractTasks(lines: string[], options: TaskScanOptions): ParsedTask[] {
  const tasks: ParsedTask[] = [];
  const boxesInSteps = lines.some((l, i) => !options.inCode?.[i] && options.inStepSection(i) && readTaskLine(l));
  lines.forEach((line, index) => {
    if (options.inCode?.[index]) return;
    const found = readTaskLine(line) ?? (options.inStepSection(index) ? readStepLine(line, !boxesInSteps) : null);
    if (found) tasks.push(found);
  });
  return tasks;
}

/** Task lists in every checkbox style agents write. */
import type { ParsedTask, TaskState } from "../types";
import { squash, stripInlineMarkdown } from "./text";

// `\s*` sits inside the optional marker group: two adjacent `\s*` were quadratic on a long run of spaces
const BOX = /^\s*(?:(?:[-*+]|\d+[.)])\s*)?\[([ xX✓✔~\-/!>?])\]\s+(.+)$/;
const HTML_BOX = /^\s*(?:[-*+]\s*)?<input\b([^>]*)>\s*(.+)$/i;
const EMOJI_ITEM = /^\s*(?:(?:[-*+]|\d+(?:-\d+)?[.)])\s*)?(✅|✔️?|☑️?|✓|❌|✗|✘|🚧|⏳|🔄|⛔|🛑|🚫|⬜|☐|🔲|🟡|🟢|🔴)\s*(.+)$/u;
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

/** Text written where a task goes, but no task: `[Task that's partially complete]`, `<task>`, `...`. */
function isPlaceholderTask(text: string): boolean {
  const t = text.trim();
  return !t || /^\[[^\]]*\]$|^<[^>]*>$|^\{[^}]*\}$|^(?:\.{3}|…|-+|_+|todo|tbd)$/i.test(t);
}

/** A real checkbox (`- [ ]`, `* [x]`, `1. [X]`, `<input type="checkbox">`), never an emoji; placeholders are not tasks. */
export function readCheckbox(line: string): ParsedTask | null {
  const box = BOX.exec(line);
  if (box) return isPlaceholderTask(box[2]) ? null : task(box[2], boxState(box[1]));
  const html = HTML_BOX.exec(line);
  if (html && /type\s*=\s*["']?checkbox/i.test(html[1])) {
    const text = html[2].replace(/<[^>]+>/g, "");
    return isPlaceholderTask(text) ? null : task(text, /\bchecked\b/i.test(html[1]) ? "done" : "open");
  }
  return null;
}

/** A list item's text (`- x`, `* x`, `1. x`, `2) x`) with its indentation, or null. */
export function readListItem(line: string): { indent: number; text: string } | null {
  const m = /^(\s*)(?:[-*+]|\d+(?:\s*-\s*\d+)?[.)])\s+(.+)$/.exec(line);
  if (!m) return null;
  return { indent: m[1].replace(/\t/g, "    ").length, text: m[2] };
}

/** A remaining-work item: open, whatever marks it carries. */
export function openItem(text: string): ParsedTask | null {
  const clean = text.replace(EMOJI_LEAD, "");
  return isPlaceholderTask(clean) ? null : task(clean, "open");
}
const EMOJI_LEAD = /^(?:[\p{Extended_Pictographic}\u{FE0F}\u{200D}⬜☐]\s*)+/u;

/** The key two items share when one repeats the other: lower-case words only. */
export function taskKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** Keep each item once: the same words, or one item wholly repeated inside another. */
export function dedupeTasks(tasks: ParsedTask[]): ParsedTask[] {
  const kept: ParsedTask[] = [];
  const keys: string[] = [];
  for (const t of tasks) {
    const key = taskKey(t.text);
    const twin = keys.findIndex((k) => k === key || (Math.min(k.length, key.length) >= 12 && (k.includes(key) || key.includes(k))));
    if (twin >= 0) {
      if (t.done && !kept[twin].done) kept[twin] = t;
      continue;
    }
    kept.push(t);
    keys.push(key);
  }
  return kept;
}

/**
 * Task lists as conventions write them: checkboxes with their nesting (`  - [ ] 1.1 sub-task` under a parent),
 * Kiro's optional items (`- [ ]* 2.1 Write tests`), `[~]` / `[/]` in progress, `[-]` skipped, and the commit written
 * beside a done item (Conductor's `- [x] Task: ... [fc5c774]`, `(fc5c774)`, `` `fc5c774` ``, `commit fc5c774`).
 * Lines inside code fences and HTML comments are not tasks.
 */
import type { ParsedTask, TaskState } from "../types";
import { squash, stripInlineMarkdown } from "../heuristics/text";

const BOX = /^(\s*)(?:[-*+]|\d+[.)])\s+\[([ xX✓✔~\-/!>?])\](\*)?\s*(.*)$/;
const PLACEHOLDER = /^\[[^\]]*\]$|^<[^>]*>$|^\{[^}]*\}$|^(?:\.{3}|…|-+|_+)$/;
/**
 * A commit beside an item: `[abc1234]`, `(abc1234, def5678)`, `` `abc1234` ``, `commit: abc1234`, or a bare
 * `abc1234` after the text (Conductor writes all of these). A hex run inside a path, a URL or a longer word is not one.
 */
const COMMIT = /(?<![\w/#.:=-])([0-9a-f]{7,40})(?![\w/.-])/gi;

function stateOf(mark: string): TaskState {
  if (/[xX✓✔]/.test(mark)) return "done";
  if (mark === "~" || mark === "/" || mark === ">") return "in-progress";
  if (mark === "!") return "blocked";
  if (mark === "-") return "failed";
  return "open";
}

/** A hex run that is a commit, not a word or a number: at least one letter and one digit, or 7+ digits written as a commit. */
function looksLikeSha(token: string): boolean {
  return /[a-f]/i.test(token) && /\d/.test(token);
}

/** The commit written beside an item, or null. */
export function commitBeside(text: string): string | null {
  const all = [...text.replace(/\b(?:commit|sha|checkpoint)\s*:\s*/gi, " ").matchAll(COMMIT)].map((m) => m[1]).filter(looksLikeSha);
  return all.length ? all[all.length - 1].toLowerCase() : null;
}

export interface UnitTask extends ParsedTask {
  depth: number;
  optional: boolean;
  commit: string | null;
  /** The item's own number as written (`T001`, `1.1`, `2.`), when it has one. */
  label: string | null;
  /** 1-based line in the file. */
  line: number;
}

/** Blank out fenced code and HTML comments, keeping line numbers. */
function visibleLines(markdown: string): string[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let fence: string | null = null;
  let comment = false;
  return lines.map((line) => {
    if (comment) {
      if (line.includes("-->")) comment = false;
      return "";
    }
    const f = /^\s{0,3}(```+|~~~+)/.exec(line);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      return "";
    }
    if (fence) return "";
    const open = line.indexOf("<!--");
    if (open >= 0 && !line.includes("-->", open)) {
      comment = true;
      return line.slice(0, open);
    }
    return line.replace(/<!--[\s\S]*?-->/g, "");
  });
}

/** Every checkbox item of a task file, in order, with its nesting, optional mark and commit. */
export function readUnitTasks(markdown: string, limit = 2000): UnitTask[] {
  const tasks: UnitTask[] = [];
  const indents: number[] = [];
  const lines = visibleLines(markdown);
  for (let i = 0; i < lines.length && tasks.length < limit; i++) {
    const m = BOX.exec(lines[i]);
    if (!m) continue;
    const indent = m[1].replace(/\t/g, "    ").length;
    const body = m[4].trim();
    if (!body || PLACEHOLDER.test(body)) continue;
    while (indents.length && indents[indents.length - 1] >= indent) indents.pop();
    const depth = indents.length;
    indents.push(indent);
    const state = stateOf(m[2]);
    const optional = m[3] === "*" || /^\*\s/.test(body) || /\((?:optional)\)|^optional\b/i.test(body);
    const commit = state === "done" ? commitBeside(body) : null;
    const label = /^(?:\*\*)?((?:T|Task\s*)?\d+(?:\.\d+)*\.?)(?:\*\*)?\s/i.exec(body.replace(/^\*\s*/, ""))?.[1] ?? null;
    const text = squash(stripInlineMarkdown(body.replace(/^\*\s*/, "")));
    if (!text) continue;
    tasks.push({ text, done: state === "done", state, depth, optional, commit, label, line: i + 1 });
  }
  return tasks;
}

/**
 * Items nested under a done item are done (Conductor leaves a done task's sub-steps unticked; Kiro ticks the
 * parent once its items are done). The written state stays on items that are not under a done one.
 */
export function inheritDone<T extends UnitTask>(tasks: readonly T[]): T[] {
  const out: T[] = [];
  const doneAt: number[] = [];
  for (const t of tasks) {
    while (doneAt.length && doneAt[doneAt.length - 1] >= t.depth) doneAt.pop();
    // an optional item stays as written: open optional items are not counted either way
    const inherited = doneAt.length > 0 && !t.done && !t.optional;
    const item = inherited ? { ...t, done: true, state: "done" as const } : t;
    if (item.done) doneAt.push(item.depth);
    out.push(item);
  }
  return out;
}

/** Counts a page and a sentence use: required items only (optional open items do not keep a unit open). */
export function taskCounts(tasks: readonly Pick<UnitTask, "done" | "optional">[]): { done: number; total: number; optionalOpen: number } {
  const required = tasks.filter((t) => !t.optional || t.done);
  return { done: required.filter((t) => t.done).length, total: required.length, optionalOpen: tasks.length - required.length };
}

/** Plain tasks for the record (text, done, state), as the tasks table keeps them. */
export function plainTasks(tasks: readonly UnitTask[]): ParsedTask[] {
  return tasks.map((t) => ({ text: t.text, done: t.done, state: t.state, depth: t.depth, optional: t.optional, commit: t.commit }));
}

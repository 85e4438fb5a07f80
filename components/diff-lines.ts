/**
 * Pure helpers for showing a unified diff: line classification with line numbers, the display
 * budget that keeps a huge change from becoming a huge page, and the diffstat bar widths.
 */

export type DiffLineKind = "meta" | "hunk" | "add" | "del" | "context" | "note";

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** Line number in the old file (deletions and context). */
  oldLine: number | null;
  /** Line number in the new file (additions and context). */
  newLine: number | null;
}

/** Header lines that repeat what the file's summary already says. */
const HIDDEN_HEADER = /^(?:diff --git |index [0-9a-f]+\.\.[0-9a-f]+|--- |\+\+\+ )/;
const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Splits one file's patch into displayable lines. Header lines before the first hunk are "meta". */
export function classifyPatch(patch: string): DiffLine[] {
  const lines = patch.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const out: DiffLine[] = [];
  let inHunk = false;
  let oldLine = 0;
  let newLine = 0;
  for (const text of lines) {
    const hunk = HUNK.exec(text);
    if (hunk) {
      inHunk = true;
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      out.push({ kind: "hunk", text, oldLine: null, newLine: null });
      continue;
    }
    if (!inHunk || text.startsWith("diff --git ")) {
      inHunk = false;
      if (!HIDDEN_HEADER.test(text)) out.push({ kind: "meta", text, oldLine: null, newLine: null });
      continue;
    }
    const first = text.charAt(0);
    if (first === "+") out.push({ kind: "add", text, oldLine: null, newLine: newLine++ });
    else if (first === "-") out.push({ kind: "del", text, oldLine: oldLine++, newLine: null });
    else if (first === "\\") out.push({ kind: "note", text, oldLine: null, newLine: null });
    else out.push({ kind: "context", text, oldLine: oldLine++, newLine: newLine++ });
  }
  return out;
}

export function countLines(patch: string): number {
  let n = 1;
  for (let i = patch.indexOf("\n"); i !== -1; i = patch.indexOf("\n", i + 1)) n += 1;
  return n;
}

export interface DisplayBudget {
  /** Most files whose diff is rendered. */
  maxFiles: number;
  /** Most patch lines rendered across all files. */
  maxLines: number;
}

export const DISPLAY_BUDGET: DisplayBudget = { maxFiles: 200, maxLines: 20_000 };

/**
 * Which files' diffs are rendered: in order, until the file count or total line budget is spent.
 * A file that would overrun the remaining line budget is left out (listed, not rendered).
 */
export function budgetFiles<T extends { patch: string }>(files: readonly T[], budget: DisplayBudget = DISPLAY_BUDGET): { shown: T[]; omitted: T[] } {
  const shown: T[] = [];
  const omitted: T[] = [];
  let lines = 0;
  for (const file of files) {
    const size = countLines(file.patch);
    if (shown.length < budget.maxFiles && lines + size <= budget.maxLines) {
      shown.push(file);
      lines += size;
    } else omitted.push(file);
  }
  return { shown, omitted };
}

export interface StatBar {
  /** Percentages of the bar's full width. */
  addPct: number;
  delPct: number;
}

/** Bar widths scaled to the largest file, with a visible sliver for any non-zero count. */
export function statBar(additions: number | null, deletions: number | null, maxChanges: number): StatBar {
  const add = additions ?? 0;
  const del = deletions ?? 0;
  if (maxChanges <= 0) return { addPct: 0, delPct: 0 };
  const scale = (n: number) => (n <= 0 ? 0 : Math.max(2, Math.round((n / maxChanges) * 1000) / 10));
  return { addPct: scale(add), delPct: scale(del) };
}

const STATUS_WORDS: Record<string, string> = {
  A: "added",
  M: "modified",
  D: "deleted",
  R: "renamed",
  C: "copied",
  T: "type changed",
  U: "unmerged",
};

export function statusWord(status: string): string {
  return STATUS_WORDS[status.charAt(0)] ?? "changed";
}

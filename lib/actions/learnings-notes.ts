import "server-only";
/** Edits of `.claude/PROJECT-NOTES.md`: append terse bullets, or sharpen (replace) an existing one. Bytes in, bytes out. */
import { posix } from "node:path";
import { WriteError } from "../write";
import { existingLines, findDuplicate, normaliseLearning, terse } from "./learnings";

export type NoteChange =
  | { kind: "add"; text: string }
  /** Replace the PROJECT-NOTES line that `original` duplicates with `text`. */
  | { kind: "sharpen"; text: string; original: string };

export interface AppliedNotes {
  bytes: Buffer;
  added: string[];
  sharpened: { from: string; to: string }[];
  skipped: { text: string; reason: string }[];
}

export const NOTES_HEADING = "# Project Notes";

/** A Markdown link destination: angle brackets when the path has spaces or parentheses. */
function destination(path: string): string {
  const safe = path.replace(/</g, "%3C").replace(/>/g, "%3E");
  return /[\s()]/.test(safe) ? `<${safe}>` : safe;
}

/** The folder PROJECT-NOTES.md lives in: links in it are relative to it, as GitHub and editors resolve them. */
const NOTES_FOLDER = ".claude";

/** `text ([checkpoint](path))`: terse, one line, linking back to the checkpoint it came from (relative to the notes). */
export function bulletText(text: string, checkpointPath: string): string {
  const fromNotes = posix.relative(NOTES_FOLDER, checkpointPath.replace(/\\/g, "/"));
  return `${terse(text)} ([checkpoint](${destination(fromNotes)}))`;
}

function decode(current: Buffer | null): string {
  if (current === null || current.length === 0) return "";
  const text = current.toString("utf8");
  if (!Buffer.from(text, "utf8").equals(current)) throw new WriteError("refused", "PROJECT-NOTES.md is not valid UTF-8; Cairn will not rewrite it");
  return text;
}

/**
 * Apply the changes to the notes as they are now (read under the file's lock): bullets already there are
 * skipped, so two promotes of the same learning leave it once. Line endings, BOM and every other line stay as they were.
 */
export function applyNoteChanges(current: Buffer | null, changes: NoteChange[], checkpointPath: string): AppliedNotes {
  let text = decode(current);
  if (!text.replace(/^\uFEFF/, "").trim()) text = `${text}${NOTES_HEADING}\n\n`;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.split("\n");
  const applied: AppliedNotes = { bytes: Buffer.alloc(0), added: [], sharpened: [], skipped: [] };
  const present = () => existingLines(lines.join("\n"), "PROJECT-NOTES.md");
  const appended: string[] = [];
  const touched = new Set<number>();

  for (const change of changes) {
    const wanted = normaliseLearning(change.text);
    const already = [...present(), ...appended.map((line, index) => ({ source: "PROJECT-NOTES.md" as const, index: -1 - index, line }))].find(
      (l) => normaliseLearning(l.line) === wanted,
    );
    if (already) {
      applied.skipped.push({ text: change.text, reason: `already in PROJECT-NOTES.md: ${already.line.trim()}` });
      continue;
    }
    const bullet = bulletText(change.text, checkpointPath);
    if (change.kind === "add") {
      appended.push(`- ${bullet}`);
      applied.added.push(bullet);
      continue;
    }
    const match = findDuplicate(change.original, present().filter((l) => !touched.has(l.index)));
    if (!match) {
      throw new WriteError(
        "conflict",
        `the line to sharpen for "${terse(change.original).slice(0, 80)}" is no longer in PROJECT-NOTES.md; reload to see the new version`,
      );
    }
    const cr = lines[match.index].endsWith("\r") ? "\r" : "";
    const marker = /^(\s*(?:[-*+]|\d+[.)])\s+)/.exec(match.line)?.[1] ?? "- ";
    lines[match.index] = `${marker}${bullet}${cr}`;
    touched.add(match.index);
    applied.sharpened.push({ from: match.line.trim(), to: bullet });
  }

  let out = lines.join("\n");
  if (appended.length) {
    if (out.length && !out.endsWith("\n")) out += eol;
    out += appended.map((line) => `${line}${eol}`).join("");
  }
  applied.bytes = Buffer.from(out, "utf8");
  return applied;
}

/**
 * A Markdown file at a checkpoint's place that holds no checkpoint: an unfilled template (placeholders where the
 * values go), a file of HTML comments only, a short note with no field at all. Cairn reads it as no checkpoint.
 */
import type { Format, ParsedDocument } from "./types";
import { isPlaceholder } from "./heuristics/fields";
import { outline } from "./heuristics/markdown";
import { normaliseText } from "./heuristics/text";

const MARKDOWN_FORMATS = new Set<Format>(["frontmatter-md", "last-session", "prompt-md", "global-md", "session-state", "handoff", "claude-md-sessions", "project-notes", "other-md"]);

/** Lines written where a value goes, with none: `Last updated: [DATE]`, `- 目标：`, `- [ ] [Task]`, `1. [Next action]`, `- `. */
function placeholderLines(text: string): number {
  const o = outline(normaliseText(text));
  let count = 0;
  o.lines.forEach((line, i) => {
    if (o.inCode[i]) return;
    const body = line.trim().replace(/^(?:[-*+]|\d+[.)])(?:\s+\[[ xX]\])?\s*/, "");
    if (line.trim() && !body && /^\s*(?:[-*+]|\d+[.)])/.test(line)) count++; // an empty list item or checkbox
    else if (/^\[[^\]]{3,}\]$/.test(body)) count++; // a whole line of bracketed example text
    else {
      // `Branch: [branch name]` anywhere; `- 目标：` with nothing after it only as a list item (prose ends lines with colons)
      const pair = /^(?:\*\*|__)?([^:：*_]{1,40}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/.exec(body);
      const listItem = /^\s*(?:[-*+]|\d+[.)])\s/.test(line);
      if (pair && !/^\/\//.test(pair[2]) && (pair[2].trim() ? isPlaceholder(pair[2]) && /[[{<]/.test(pair[2]) : listItem)) count++;
    }
  });
  return count;
}

/** Why a parsed Markdown document is no checkpoint, or null when it is one. */
export function noCheckpointReason(doc: ParsedDocument, text: string): string | null {
  if (!MARKDOWN_FORMATS.has(doc.format)) return null;
  const fields = doc.savedAt && doc.savedAtSource !== "mtime" ? 1 : 0;
  if (fields || doc.status || doc.statusRaw || doc.branch || doc.headSha || (doc.tasks && doc.tasks.length > 0)) return null;
  if (!doc.title) return "no title, date, status, branch, commit or task in it";
  return placeholderLines(text) >= 3 ? "an unfilled template: placeholders where the values go" : null;
}

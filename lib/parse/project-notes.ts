/** The project journal: `.claude/PROJECT-NOTES.md` (and PROJECT_NOTES / PROJECT_LOG spellings). Kind journal, no status. */
import type { ParseInput, ParseResult, Parser } from "./types";
import { baseName, lowerPath } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";

export const projectNotesParser: Parser = {
  format: "project-notes",
  priority: 65,
  claims(relPath) {
    return /^project[-_ ](?:notes|log|journal)\.md$/.test(baseName(lowerPath(relPath)));
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "project-notes", kind: "journal" });
    if (!read) return EMPTY_FILE;
    const doc = read.document;
    doc.status = null;
    doc.statusRaw = null;
    doc.meta.bullets = read.outline.lines.filter((l, i) => !read.outline.inCode[i] && /^\s*[-*+]\s+\S/.test(l)).length;
    return { document: doc, problems: read.problems };
  },
};

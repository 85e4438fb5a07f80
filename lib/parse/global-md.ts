/** Global checkpoints outside any repository: `<home>/.claude/checkpoints/<YYYYMMDD-HHmmss>.md` (seed 002). */
import type { ParseInput, ParseResult, Parser } from "./types";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { applyPromptStyle } from "./prompt-style";

/** The indexer passes these as absolute paths; repo-relative `.claude/checkpoints/` belongs to other families. */
function isAbsolute(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:\//.test(path);
}

export const globalMdParser: Parser = {
  format: "global-md",
  priority: 100,
  claims(relPath) {
    const p = relPath.replace(/\\/g, "/");
    return isAbsolute(p) && /\/\.claude\/checkpoints\/[^/]+\.md$/i.test(p);
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "global-md" });
    if (!read) return EMPTY_FILE;
    applyPromptStyle(read);
    const doc = read.document;
    if (!doc.project) read.problems.push("no **Project:** line: the checkpoint cannot be linked to a repository");
    if (!doc.title) read.problems.push("no title");
    return { document: doc, problems: read.problems };
  },
};

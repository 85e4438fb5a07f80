/** Any other Markdown in checkpoint folders, read only through the shared heuristics. */
import type { ParseInput, ParseResult, Parser } from "./types";
import { baseName } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { claimsOtherMarkdown, isFolderDoc } from "./claims";
import { isNamedForNextPrompt } from "./routes";

export const otherMdParser: Parser = {
  format: "other-md",
  priority: 10,
  claims(relPath) {
    return claimsOtherMarkdown(relPath) && !isFolderDoc(relPath);
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "other-md" });
    if (!read) return EMPTY_FILE;
    const doc = read.document;
    if (/^latest\.md$/i.test(baseName(input.path))) doc.meta.isLatest = true;
    // a prompt for the next session is its text: it may have no heading, date or field at all
    if (isNamedForNextPrompt(input.path)) doc.meta.nextPrompt = true;
    if (!doc.title) read.problems.push("no title");
    return { document: doc, problems: read.problems };
  },
};

/** Markdown checkpoints with YAML frontmatter (legacy jacked `.md`, borg, and frontmatter-led notes). */
import type { ParseInput, ParseResult, Parser } from "./types";
import { startsWithFrontmatter } from "./heuristics/frontmatter-block";
import { lowerPath } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { claimsOtherMarkdown, isFolderDoc } from "./claims";

/** Own places: frontmatter is expected there. */
function claimsOwn(path: string): boolean {
  const p = lowerPath(path);
  return (
    /(^|\/)\.claude\/checkpoints\/[^/]+\.md$/.test(p) ||
    /(^|\/)\.borg\/(?:.+\/)?[^/]+\.md$/.test(p) ||
    /(^|\/)\.claude\/[^/]+\.local\.md$/.test(p)
  );
}

export const frontmatterParser: Parser = {
  format: "frontmatter-md",
  priority: 40,
  claims(relPath) {
    return !isFolderDoc(relPath) && (claimsOwn(relPath) || claimsOtherMarkdown(relPath));
  },
  accepts(input) {
    return startsWithFrontmatter(input.text);
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "frontmatter-md" });
    if (!read) return EMPTY_FILE;
    const { document, problems } = read;
    if (read.frontmatter.raw === null && !problems.length) problems.push("no frontmatter");
    if (!document.title) problems.push("no title");
    return { document, problems };
  },
};

/** Workspace PROMPT.md checkpoints (seed 002) and in-repo files written in that style. */
import type { ParseInput, ParseResult, Parser } from "./types";
import { baseName, lowerPath } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { applyPromptStyle } from "./prompt-style";

/** Names that are resume prompts whatever their content. */
function claimsByName(p: string): boolean {
  const name = baseName(p);
  return name === "resume_prompt.md" || name === "resume-prompt.md" || name === "resume.md" || /(^|[-_])next[-_]session[-_].+\.md$/.test(name);
}

/** Names shared with other uses: read as a checkpoint only when the text looks like one. */
function claimsByContent(p: string): boolean {
  return baseName(p) === "prompt.md" || /(^|\/)\.claude\/checkpoint\.md$/.test(p);
}

const PROMPT_MARKERS = [/^\*\*saved:?\*\*:?/im, /^\*\*project:?\*\*:?/im, /^#\s+checkpoint\b/im, /^##\s+recent commits/im, /^##\s+next steps/im, /^##\s+task\s*$/im];

export const promptMdParser: Parser = {
  format: "prompt-md",
  priority: 72,
  claims(relPath) {
    const p = lowerPath(relPath);
    return claimsByName(p) || claimsByContent(p);
  },
  accepts(input) {
    const p = lowerPath(input.path);
    if (claimsByName(p) || !input.text.trim()) return true; // an empty workspace checkpoint is reported, not skipped
    const head = input.text.slice(0, 4000);
    const hits = PROMPT_MARKERS.filter((m) => m.test(head)).length;
    return /^\*\*saved:?\*\*/im.test(head) ? hits >= 2 : baseName(p) === "prompt.md" && hits >= 2;
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "prompt-md" });
    if (!read) return EMPTY_FILE;
    applyPromptStyle(read);
    if (!read.document.title) read.problems.push("no title");
    return { document: read.document, problems: read.problems };
  },
};

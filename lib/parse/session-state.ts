/** Session-state checkpoints (seed 003): `.claude/session-state/checkpoints/*.md`, `latest.md`, phase files, and `.claude/session-state.md`. */
import type { ParseInput, ParseResult, Parser } from "./types";
import { findValue } from "./heuristics/keyvalue";
import { cleanPathToken, looksLikePath } from "./heuristics/paths";
import { baseName, fileStem, lowerPath } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { addReference } from "./markdown-document";

function claimsPath(p: string): boolean {
  return (
    /(^|\/)\.claude\/session-state\/(?:.+\/)?[^/]+\.md$/.test(p) ||
    /(^|\/)\.claude\/session[-_]state\.md$/.test(p) ||
    /(^|\/)\.claude\/checkpoint(?:[-_][^/]*)?\.md$/.test(p) ||
    /(^|\/)\.claude\/session-chain\/[^/]+\.md$/.test(p)
  );
}

export const sessionStateParser: Parser = {
  format: "session-state",
  priority: 70,
  claims(relPath) {
    return claimsPath(lowerPath(relPath));
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "session-state" });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const name = baseName(lowerPath(input.path));
    if (name === "latest.md") doc.meta.isLatest = true;
    const phase = /^(phase\d+)(?:-(.+))?\.md$/.exec(name);
    if (phase) doc.meta.phase = { phase: phase[1], name: phase[2] ?? null };
    if (/^checkpoint-\d{8}-\d{4}/.test(name)) doc.meta.archive = fileStem(input.path);

    const plan = findValue(read.pairs.filter((p) => p.line < 40), /^plan(?: file)?$/);
    if (plan && !/^(?:none|n\/a|-)$/i.test(plan.value)) {
      const path = cleanPathToken(plan.rawValue.replace(/\*\*/g, "").split(/\s+/)[0] ?? "");
      doc.meta.plan = plan.value;
      if (looksLikePath(path, true)) addReference(doc.references, path, "plan");
    }
    if (!doc.title) problems.push("no title");
    return { document: doc, problems };
  },
};

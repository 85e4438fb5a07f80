/** Session handoffs: `.claude/handoffs/*.md`, HANDOFF.md anywhere, handoff folders, NEXT_SESSION.md, SESSION_NOTES.md. */
import type { ParseInput, ParseResult, Parser } from "./types";
import { findValue } from "./heuristics/keyvalue";
import { cleanPathToken, looksLikePath } from "./heuristics/paths";
import { baseName, lowerPath } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { addReference } from "./markdown-document";

/** Skill definitions, commands and templates talk about handoffs; they are not handoffs. */
export function isToolingPath(p: string): boolean {
  return (
    /(^|\/)(?:commands|skills|plugins|templates?|prompts|agents)\//.test(p) ||
    /(^|[-_/.])templates?([-_.]|$)/.test(baseName(p)) ||
    /^(?:skill|readme|claude|agents|changelog|contributing)\.md$/.test(baseName(p))
  );
}

function claimsPath(p: string): boolean {
  if (!p.endsWith(".md") || isToolingPath(p)) return false;
  const name = baseName(p);
  return (
    /(^|\/)\.claude\/handoffs?\//.test(p) ||
    /(^|\/)(?:handoffs?|handovers?)\/[^/]+\.md$/.test(p) ||
    /(^|\/)docs\/ai\/sessions\/[^/]+\.md$/.test(p) ||
    /hand(?:off|over)/.test(name) ||
    /^(?:next[-_]session|session[-_]notes|session[-_]handoff)\.md$/.test(name)
  );
}

export const handoffParser: Parser = {
  format: "handoff",
  priority: 60,
  claims(relPath) {
    return claimsPath(lowerPath(relPath));
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "handoff" });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const header = read.pairs.filter((p) => p.line < 60);
    const previous = findValue(header, /^(?:previous handoff|continues from|previous|predecessor|supersedes)$/);
    if (previous) {
      doc.meta.previousHandoff = previous.value;
      const path = cleanPathToken(previous.value.split(/\s+/)[0] ?? "");
      if (looksLikePath(path, true)) addReference(doc.references, path, "mentioned");
    }
    const trigger = findValue(header, /^trigger$/);
    if (trigger) doc.meta.trigger = trigger.value;
    const transcript = findValue(header, /^transcript$/);
    if (transcript) doc.meta.transcript = transcript.value;
    const session = findValue(header, /^(?:session|session id)$/);
    if (session) doc.meta.session = session.value;
    if (!doc.title) problems.push("no title");
    return { document: doc, problems };
  },
};

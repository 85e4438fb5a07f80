/** What PROMPT.md-style checkpoints (seed 002) share: workspace PROMPT.md and ~/.claude/checkpoints/*.md. */
import type { ParsedDocument } from "./types";
import { findValue, type KeyValue } from "./heuristics/keyvalue";
import { squash, stripInlineMarkdown } from "./heuristics/text";
import type { FamilyRead } from "./markdown-family";

/** The first commit sha of `## Recent Commits` (output of `git log --oneline`), short as written. */
export function recentCommitSha(doc: ParsedDocument): string | null {
  const section = doc.sections.find((s) => /recent commits|letzte commits|commits? recentes/i.test(s.heading));
  if (!section) return null;
  for (const line of section.text.split("\n")) {
    const m = /^\s*(?:[-*]\s+)?`?([0-9a-f]{7,40})\b/.exec(line);
    if (m) return m[1];
    if (line.trim() && !/^```/.test(line.trim())) return null;
  }
  return null;
}

/** `- /skill -- why` lines of `## Suggested skills`. */
export function suggestedSkills(doc: ParsedDocument): Array<{ skill: string; why: string }> {
  const section = doc.sections.find((s) => /suggested skills?/i.test(s.heading));
  if (!section) return [];
  return section.text
    .split("\n")
    .map((l) => skillLine(l) ?? /^\s*[-*]\s+`?(\/[\w:.-]+)`?:?\s*(.*)$/.exec(l))
    .filter((m): m is [string, string, string] | RegExpExecArray => !!m)
    .map((m) => ({ skill: m[1], why: squash(stripInlineMarkdown(m[2])) }));
}

/**
 * `- skill -- why` (the skill optionally in backticks): what `^\s*[-*]\s+`?([^`]+?)`?\s+(?:--|—|–)\s+(.*)$` read,
 * without its lazy skill between whitespace runs (cubic in a line of space runs, issue 42): each separator, a
 * whitespace run tried from its start only, is tried in turn.
 */
function skillLine(line: string): [string, string, string] | null {
  const marker = /^\s*[-*]\s+/.exec(line);
  if (!marker || /[\r\u2028\u2029]/.test(line)) return null;
  const rest = line.slice(marker[0].length);
  for (const sep of rest.matchAll(/(?<!\s)\s+(?:--|—|–)\s+/g)) {
    let skill = rest.slice(0, sep.index);
    if (skill.startsWith("`")) skill = skill.slice(1);
    if (skill.endsWith("`")) skill = skill.slice(0, -1);
    if (skill && !skill.includes("`")) return [line, skill, rest.slice(sep.index + sep[0].length)];
  }
  return null;
}

/** A title that is only a session id or timestamp: not a title a person would read. */
/** "Checkpoint: 20260311-081500": a label before an id is still an id. */
const idOf = (title: string | null) => title?.replace(/^[\p{L} ]{1,30}[:：]\s+(?=[\d])/u, "") ?? null;

export function isIdLike(title: string | null): boolean {
  const id = idOf(title);
  return !!id && /^[\w.:-]+$/.test(id) && !/[a-z]{4,}/i.test(id.replace(/[0-9a-f]{8,}/gi, ""));
}

function value(pairs: KeyValue[], key: RegExp): string | null {
  return findValue(pairs.filter((p) => p.line < 40), key)?.value || null;
}

/** Apply the seed-002 header and sections to a document already read by the shared heuristics. */
export function applyPromptStyle(read: FamilyRead): void {
  const doc = read.document;
  const sha = recentCommitSha(doc);
  if (sha) {
    doc.headSha = sha;
    doc.fieldSources = { ...doc.fieldSources, headSha: "section:recent-commits" };
  }
  const purpose = value(read.pairs, /^purpose$/);
  if (purpose) doc.meta.purpose = purpose;
  const reason = value(read.pairs, /^reason(?: for save)?$/);
  if (reason) doc.meta.reason = reason;
  const skills = suggestedSkills(doc);
  if (skills.length) doc.meta.suggestedSkills = skills;
  if (isIdLike(doc.title) || !doc.title) {
    const task = doc.sections.find((s) => s.canonical === "working-on" && s.text.trim());
    const first = task?.text.split("\n").map((l) => squash(stripInlineMarkdown(l))).find(Boolean);
    if (first) {
      doc.meta.checkpointId = idOf(doc.title);
      doc.title = first.length > 120 ? `${first.slice(0, 117)}…` : first;
      doc.fieldSources = { ...doc.fieldSources, title: "section:task" };
    }
  }
}

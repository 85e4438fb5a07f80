/** Which sections each family must (and should) carry, and what counts as a leftover placeholder. */
import type { CanonicalSection, Format, Kind } from "../parse/types";

/** One requirement: any of these canonical sections satisfies it. */
export interface SectionRule {
  label: string;
  anyOf: CanonicalSection[];
}

const rule = (label: string, ...anyOf: CanonicalSection[]): SectionRule => ({ label, anyOf });

const NEXT = rule("next steps", "next-steps", "remaining");
const STATE = rule("current state", "state", "working-on");
const CONTEXT = rule("context", "context", "decisions");
const GOAL = rule("what is being worked on", "working-on", "state");
const DONE = rule("what was done", "done", "verified");

/** Required sections per family (checkpoint kind); the handoff family mirrors the session-handoff validator. */
export const REQUIRED: Partial<Record<Format, SectionRule[]>> = {
  handoff: [STATE, CONTEXT, NEXT],
  html: [GOAL, rule("remaining work", "remaining", "next-steps"), rule("current state", "state")],
  "frontmatter-md": [GOAL, NEXT],
  "last-session": [DONE, NEXT],
  "prompt-md": [rule("task", "working-on"), NEXT],
  "global-md": [rule("task", "working-on"), NEXT],
  "session-state": [rule("progress", "remaining", "done"), NEXT],
  "claude-md-sessions": [DONE, NEXT],
  "other-md": [GOAL, NEXT],
};

/** Recommended sections (-2 each when absent), as the validator does for its extra headings. */
export const RECOMMENDED: Partial<Record<Format, SectionRule[]>> = {
  handoff: [rule("key files", "key-files"), rule("modified files", "modified-files"), rule("decisions", "decisions"), rule("gotchas", "gotchas", "blockers")],
  html: [rule("decisions", "decisions"), rule("context", "context"), rule("gotchas", "gotchas"), rule("key files", "key-files")],
  "frontmatter-md": [rule("decisions", "decisions"), rule("context", "context"), rule("key files", "key-files", "modified-files")],
  "last-session": [rule("blockers", "blockers"), rule("files left dirty", "modified-files")],
  "prompt-md": [rule("decisions", "decisions"), rule("modified files", "modified-files"), rule("blockers", "blockers")],
  "global-md": [rule("decisions", "decisions"), rule("modified files", "modified-files"), rule("blockers", "blockers")],
  "session-state": [rule("modified files", "modified-files"), rule("decisions", "decisions"), rule("verified approaches", "verified"), rule("failed approaches", "failed")],
  "other-md": [rule("decisions", "decisions")],
};

/** Kinds that are not checkpoints have no required sections (journals, reviews, research, plans). */
export function rulesFor(format: Format, kind: Kind): { required: SectionRule[]; recommended: SectionRule[] } {
  if (kind !== "checkpoint") return { required: [], recommended: [] };
  return { required: REQUIRED[format] ?? [], recommended: RECOMMENDED[format] ?? [] };
}

/**
 * Leftover template placeholders, each with a name for the reason line. Each pattern's match holds a
 * `[`, `{` or `<` (quality.ts searches only texts with one of them).
 */
export const PLACEHOLDERS: Array<[RegExp, string]> = [
  [/\[TODO\b[^\]\n]*\]/g, "[TODO …]"],
  [/\{\{[^{}\n]{1,60}\}\}/g, "{{…}}"],
  [/\[(?:PROJECT|YOUR|INSERT|ADD|DESCRIBE|FILL(?: IN)?|ENTER|REPLACE|TASK|FEATURE|BRANCH|DATE|NAME|TITLE)(?:[ _-][A-Z]+)*\]/g, "[PLACEHOLDER]"],
  [/(?<![\w.$/])\{(?:title|branch|content|slug|date|timestamp|task|description|path|summary|topic|project|name|[a-z]+(?:[_-][a-z]+)*_here)\}/g, "{field}"],
  [/<(?:placeholder|your[-_ ][a-z ]+|insert[-_ ][a-z ]+|fill[-_ ]in[a-z ]*)>/gi, "<placeholder>"],
];

/** Minimum characters of real content for a required section (the validator's threshold). */
export const MIN_SECTION_CHARS = 50;

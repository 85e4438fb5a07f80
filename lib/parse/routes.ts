/**
 * Where files that no family claims by its own name are sent.
 *
 * - Convention routes: paths people use for session files (`SESSION_STATE.md` anywhere, `docs/sessions/**`,
 *   nested `handoffs/**`, any text or HTML file under `.claude/checkpoints/` or `.claude/handoffs/`, a dated
 *   next-session prompt, the project's state in `.claude/PROJECT_CONTEXT.md` and kin). Discovery finds them by
 *   name, like the families' own paths.
 * - Content routes: a tracked HTML file carrying `jacked:` meta, or a Markdown file whose frontmatter says it is
 *   a checkpoint (a status plus a branch or commit key), wherever it is. Discovery finds them by sniffing the
 *   first bytes of tracked files (lib/discover/tracked.ts); the parser checks the whole text again.
 * - Forced routes: a file a user added with `!path` in `.cairnignore` (or the global settings) is read by the
 *   family its extension suggests, whatever its content.
 */
import type { Format } from "./types";
import { parseDateText } from "./heuristics/dates";
import { baseName, lowerPath } from "./heuristics/text";
import { isSavedStatePlace, readsAsSavedState, SAVED_STATE_SNIFF_CHARS } from "./saved-state";

export interface Route {
  /** Families to try, best first (each family's own `accepts` still applies, unless `force`). */
  formats: readonly Format[];
  matches(lowerRelPath: string): boolean;
  /** The place says checkpoint: read it even when the family's own test of the content would decline. */
  force?: boolean;
  /** The name only suggests a checkpoint: the text must look like a save too. */
  gate?(text: string): boolean;
}

export interface RoutedFormat {
  format: Format;
  force: boolean;
  gate?(text: string): boolean;
}

const MARKDOWN = /\.(?:md|markdown|mdown|txt)$/;
const HTML = /\.html?$/;
const DATA = /\.(?:ya?ml|json)$/;

/** Readmes, indexes and templates describe a folder of checkpoints; they are not checkpoints. */
function isFolderDoc(p: string): boolean {
  return /^(?:readme|index|template|templates?[-_][^.]*)\.(?:md|markdown|txt|html?)$/.test(baseName(p));
}

export const CONVENTION_ROUTES: readonly Route[] = [
  // SESSION_STATE.md, session-state.md, session_state.md anywhere
  { formats: ["session-state"], matches: (p) => /^session[-_ ]?state\.(?:md|markdown)$/.test(baseName(p)) },
  // docs/sessions/**: frontmatter-led notes, else read as a handoff
  { formats: ["frontmatter-md", "handoff"], matches: (p) => /(^|\/)docs\/sessions\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && !isFolderDoc(p) },
  // handoffs/** and docs/handoffs/** at any depth, whatever the text extension
  { formats: ["handoff"], matches: (p) => /(^|\/)(?:docs\/)?hand(?:off|over)s?\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && !isFolderDoc(p) },
  // everything under .claude/checkpoints and .claude/handoffs
  { formats: ["frontmatter-md", "other-md"], matches: (p) => /(^|\/)\.claude\/checkpoints\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && !isFolderDoc(p) },
  { formats: ["handoff"], matches: (p) => /(^|\/)\.claude\/handoffs?\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && !isFolderDoc(p) },
  { formats: ["html"], force: true, matches: (p) => /(^|\/)\.claude\/(?:checkpoints|handoffs?)\/(?:.+\/)?[^/]+$/.test(p) && HTML.test(p) && !isFolderDoc(p) },
  // a folder named checkpoints anywhere (docs/checkpoints, design/checkpoints): its text and HTML files
  { formats: ["frontmatter-md", "other-md"], matches: (p) => /(^|\/)checkpoints\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && !isFolderDoc(p) && !isTooling(p) },
  { formats: ["html"], force: true, matches: (p) => /(^|\/)checkpoints\/(?:.+\/)?[^/]+$/.test(p) && HTML.test(p) && !isFolderDoc(p) && !isTooling(p) },
  // a folder's README or index is a description of the folder, unless it holds open work itself (a pending,
  // follow-up, next-steps or remaining section with items, or an unchecked box): then it is the folder's handoff
  { formats: ["handoff"], matches: (p) => /(^|\/)(?:docs\/)?hand(?:off|over)s?\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && isFolderDoc(p) && !/template/.test(baseName(p)), gate: holdsOpenWork },
  { formats: ["other-md"], matches: (p) => /(^|\/)checkpoints\/(?:.+\/)?[^/]+$/.test(p) && MARKDOWN.test(p) && isFolderDoc(p) && !/template/.test(baseName(p)) && !isToolingFolder(p), gate: holdsOpenWork },
  // a Markdown file whose name says session, checkpoint, handoff, snapshot or state (or STATUS.md), anywhere,
  // when its text is dated like a save: ADMIN_LIMITS_CHECKPOINT_SEP30.md, notes/2026-07-31-polish-session.md
  { formats: ["other-md"], matches: (p) => NAMED_LIKE_A_SAVE.test(baseName(p)) && !isFolderDoc(p) && !isTooling(p), gate: looksDated },
  // ... and undated at the root, in an agent's folder or a planning folder, when its first KB read as a save (the
  // name counts as one of the signals): a root CHECKPOINT.md, .gemini/checkpoint.md
  { formats: ["other-md"], matches: (p) => NAMED_LIKE_A_SAVE.test(baseName(p)) && isSavedStatePlace(p) && !isFolderDoc(p) && !isTooling(p), gate: (text) => readsAsSavedState("", text, 2) },
  // a file named for the next session's prompt (NEXT_PROMPT.md, continuation-prompt.md), anywhere: its name says
  // what it is, so any real text in it (not an empty page) makes it one
  { formats: ["other-md"], matches: (p) => NAMED_FOR_NEXT_PROMPT.test(baseName(p)) && !isFolderDoc(p) && !isTooling(p), gate: holdsText },
  // the project's state, context or status kept in one file at the repository's root, in `.claude/` or `docs/`
  // (.claude/PROJECT_CONTEXT.md, CURRENT_CONTEXT.md, PROJECT_STATUS.md): when it is dated and says where the work is
  { formats: ["other-md"], matches: (p) => NAMED_FOR_STATE.test(baseName(p)) && STATE_FOLDER.test(p) && !isTooling(p), gate: holdsDatedState },
];

/** Some real text outside code fences and HTML comments (not an empty page). */
function holdsText(text: string): boolean {
  const body = text.slice(0, 6000).replace(/<!--[\s\S]*?(?:-->|$)/g, " ").replace(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, " ");
  return body.replace(/\s+/g, "").length >= 80;
}

/** Words in a file name that suggest a save. */
const NAMED_LIKE_A_SAVE = /^(?:(?:.*[-_. ])?(?:sessions?|checkpoints?|handoffs?|handovers?|snapshot|state)(?:[-_. ].*)?|status)\.(?:md|markdown)$/;

/** Names of a prompt for the next session: "next" (or resume, continue, handoff) with "prompt". */
const NAMED_FOR_NEXT_PROMPT = /^(?:.*[-_. ])?(?:next|resume|resumption|continue|continuation|handoff|restart|kickoff)[-_. ]?(?:[a-z]+[-_. ])?prompt(?:[-_. ].*)?\.(?:md|markdown)$/;

/** Is this file named for the next session's prompt (NEXT_PROMPT.md, continuation-prompt.md)? */
export function isNamedForNextPrompt(relPath: string): boolean {
  return NAMED_FOR_NEXT_PROMPT.test(baseName(lowerPath(relPath)));
}

/** Names of the project's state kept in one file: PROJECT_CONTEXT.md, CURRENT_STATE.md, PROJECT_STATUS.md, status-report.md. */
const NAMED_FOR_STATE =
  /^(?:(?:project|current|work|working|dev|development|implementation|build|agent|ai|claude)[-_ ]?(?:context|state|status)|(?:context|status)[-_ ](?:report|update|summary|snapshot))(?:[-_ ][\w-]*)?\.(?:md|markdown)$/;

/** The repository's root, its `.claude/` and `docs/` folders (one level). */
const STATE_FOLDER = /^(?:(?:\.claude|docs)\/)?[^/]+$/;

/** Headings or labels that say where the work is: state, status, progress, next steps, done, recent commits, branch. */
const STATE_MARK =
  /^(?:#{1,4}[ \t]+|[ \t]*(?:[-*+][ \t]+)?\*\*)[^\n]{0,40}?\b(?:current (?:state|status|focus|task|work)|status|state|progress|next (?:steps?|session|up)|to ?do|remaining|pending|in progress|done|completed?|recent commits|working tree|branch|last commit|blockers?|tomorrow|this session|last session|where we (?:are|left off))\b/im;

/**
 * A file named for the project's state is a save when it is dated and says where the work is (a state, status,
 * progress, next-steps, done or recent-commits heading or bold label): a dated description of the project is not.
 */
export function holdsDatedState(text: string): boolean {
  if (!looksDated(text)) return false;
  const head = text.slice(0, 20000).replace(/<!--[\s\S]*?(?:-->|$)/g, " ").replace(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, " ");
  return STATE_MARK.test(head.replace(/\r\n?/g, "\n"));
}

/** Skill definitions, commands, prompts and templates talk about checkpoints; they are not checkpoints. */
function isTooling(p: string): boolean {
  return /(^|\/)(?:commands|skills|plugins|templates?|prompts|agents?)\//.test(p) || /(^|[-_/.])templates?([-_.]|$)/.test(baseName(p)) || /^(?:readme|changelog|contributing|skill|claude|agents)\.md$/.test(baseName(p));
}

/** Skill, command, prompt and template folders. */
function isToolingFolder(p: string): boolean {
  return /(^|\/)(?:commands|skills|plugins|templates?|prompts|agents?)\//.test(p);
}

const OPEN_WORK_HEADING = /^#{2,4}\s+[^\n]*\b(?:pending|follow[- ]?ups?|next steps?|remaining|to[- ]?do|open items|in progress)\b[^\n]*\n+(?:[ \t]*\n)*[ \t]{0,3}(?:[-*+]|\d+[.)])\s+\S/im;

/**
 * Open work stated in a file (outside code fences and HTML comments): an unchecked box, or a pending /
 * follow-up / next-steps / remaining / to-do section whose first lines are list items.
 */
export function holdsOpenWork(text: string): boolean {
  const body = text.slice(0, 20000).replace(/<!--[\s\S]*?(?:-->|$)/g, " ").replace(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, " ");
  return /^[ \t]*[-*+]\s+\[ \]\s+\S/m.test(body) || OPEN_WORK_HEADING.test(body.replace(/\r\n?/g, "\n"));
}

/**
 * A save is dated: a real date (not a placeholder) in the first lines outside code fences and HTML comments.
 * Empty templates ("Last Updated: -", "[TIMESTAMP]") are not.
 */
export function looksDated(text: string): boolean {
  const head = text.slice(0, 6000).replace(/<!--[\s\S]*?(?:-->|$)/g, " ").replace(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, " ");
  return parseDateText(head) !== null;
}

/**
 * Tried for any HTML or Markdown file (after the families that claim it): each checks the content. A Markdown
 * file whose place qualifies (the root, an agent's folder, a planning folder) and whose first KB read as a saved
 * working state is read by the shared heuristics (lib/parse/saved-state.ts).
 */
export const CONTENT_ROUTES: readonly Route[] = [
  { formats: ["html"], matches: (p) => HTML.test(p) },
  { formats: ["frontmatter-md"], matches: (p) => /\.(?:md|markdown)$/.test(p) },
  { formats: ["other-md"], matches: (p) => isSavedStatePlace(p) },
];

/** A file the user asked for: read by its extension's family even when its content does not say checkpoint. */
export const FORCED_ROUTES: readonly Route[] = [
  { formats: ["html"], matches: (p) => HTML.test(p) },
  { formats: ["data"], matches: (p) => DATA.test(p) },
  { formats: ["frontmatter-md", "other-md"], matches: (p) => !HTML.test(p) && !DATA.test(p) },
];

export function routedFormats(relPath: string, routes: readonly Route[]): Format[] {
  return [...new Set(routedAttempts(relPath, routes).map((r) => r.format))];
}

/** The families routes send a path to, with how each may read it. */
export function routedAttempts(relPath: string, routes: readonly Route[]): RoutedFormat[] {
  const p = lowerPath(relPath);
  return routes.filter((r) => r.matches(p)).flatMap((r) => r.formats.map((format) => ({ format, force: r.force === true, gate: r.gate })));
}

export function isConventionPath(relPath: string): boolean {
  return routedFormats(relPath, CONVENTION_ROUTES).length > 0;
}

/** Extensions worth sniffing for a content route. */
export function isSniffable(relPath: string): "html" | "markdown" | null {
  const p = lowerPath(relPath);
  if (HTML.test(p)) return "html";
  if (/\.(?:md|markdown)$/.test(p)) return "markdown";
  return null;
}

const JACKED_META = /<meta\b[^>]*\bname\s*=\s*["']?jacked:/i;
const FRONTMATTER_STATUS = /^(?:status|state)\s*:\s*\S/im;
const FRONTMATTER_BRANCH_OR_COMMIT = /^(?:branch|git[-_]?branch|commit|git[-_]?commit|head|head[-_]?sha|sha|base[-_]?sha|last[-_]?commit)\s*:\s*\S/im;

/** The frontmatter block at the head of a text (possibly cut short), or null. */
function frontmatterHead(head: string): string | null {
  const text = head.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!/^---[ \t]*\n/.test(text)) return null;
  const end = text.indexOf("\n---", 3);
  return end < 0 ? text.slice(4) : text.slice(4, end);
}

/** Does a Markdown file's frontmatter say checkpoint (a status plus a branch or commit key)? */
export function frontmatterSaysCheckpoint(head: string): boolean {
  const block = frontmatterHead(head);
  return block !== null && FRONTMATTER_STATUS.test(block) && FRONTMATTER_BRANCH_OR_COMMIT.test(block);
}

/** How many bytes of a file discovery reads to decide (more for a Markdown file whose place the content sniff covers). */
export function sniffBytes(relPath: string): number {
  const kind = isSniffable(relPath);
  if (kind === "html") return 8 * 1024;
  return kind === "markdown" && isSavedStatePlace(relPath) ? SAVED_STATE_SNIFF_CHARS : 2 * 1024;
}

/**
 * Does the first part of a file say it is a checkpoint? HTML: a `jacked:` meta tag. Markdown: frontmatter
 * with a status plus a branch or commit key, or (at the root, in an agent's folder or a planning folder) first KB
 * that read as a saved working state. Used on a few KB by discovery and by the parser alike.
 */
export function looksLikeCheckpoint(relPath: string, head: string): boolean {
  const kind = isSniffable(relPath);
  if (kind === "html") return JACKED_META.test(head);
  if (kind === "markdown") return frontmatterSaysCheckpoint(head) || (isSavedStatePlace(relPath) && readsAsSavedState(relPath, head));
  return false;
}

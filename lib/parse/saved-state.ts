/**
 * Found by what a file says, not by its name (issue 40): a Markdown file at a repository's root, directly in an
 * agent's folder (`.claude/`, `.codex/`, `.gemini/`, `.cursor/`, `.windsurf/`, `.opencode/`, `.agent/`, `.agents/`)
 * or in a planning folder (`docs/`, `planning/`, `notes/`) is a checkpoint when its first few KB read as a saved
 * working state, whatever it is called (NOW.md, wip.md, SCRATCHPAD.md, STATE.md, .claude/HISTORY.md).
 *
 * The signals, each counted once, with their words in the vocabulary table (lib/parse/vocabulary.ts):
 * - a real date (not a placeholder);
 * - where the work stands: a heading or bold label such as "Current state", "Done this session", "Progress";
 * - what is next: a next-steps or remaining-work heading, an open checkbox, or how to resume ("How to resume");
 * - git: a branch label or a HEAD / commit label with a commit id, "on branch `x`";
 * - a title (its H1) or a file name that calls it a save (handoff, checkpoint, session, wip, now, state...).
 * Three of them make a save, one of them being about the work (standing, next or git). Tooling (skills,
 * commands, templates, prompts folders), instruction files (CLAUDE.md, AGENTS.md) and readmes never qualify; an
 * unfilled template is turned away after parsing (lib/parse/substance.ts). Pure: text in, verdict out.
 */
import { parseDateText } from "./heuristics/dates";
import { isPlaceholder, isRefName, isShaText } from "./heuristics/fields";
import { atxHeading } from "./heuristics/markdown";
import { baseName, lowerPath } from "./heuristics/text";
import { wordsPattern } from "./heuristics/words";

/** The part of a file the sniff reads, in discovery and in parsing alike. */
export const SAVED_STATE_SNIFF_CHARS = 4 * 1024;

const MARKDOWN = /\.(?:md|markdown)$/;
const AGENT_FOLDER = /(^|\/)\.(?:claude|codex|gemini|cursor|windsurf|opencode|agents?)\/[^/]+$/;
const PLANNING_FOLDER = /^(?:docs|planning|notes|\.planning)\/(?:[^/]+\/){0,2}[^/]+$/;
const TOOLING_FOLDER = /(^|\/)(?:commands|skills|plugins|templates?|prompts|agents|rules|workflows|hooks|adrs?|decisions|rfcs?|specs?|reference|api|plans?|archives?|audits?|phases)\//;
/** Names of documents about the work rather than saves of it: plans, roadmaps, specs, designs, audits, reports, guides. */
const DOCUMENT_NAME = /(?:^|[-_. ])(?:plans?|roadmap|specs?|specification|design|audit|report|proposal|rfc|adr|guide|tutorial|checklist|architecture|requirements?|prd)(?:[-_. ]|$)/;
/** Files that are always something else: instructions to agents, readmes, licences, changelogs, templates. */
const NEVER =
  /^(?:readme|changelog|changes|contributing|license|licence|copying|code_of_conduct|security|support|authors|notice|claude|agents|gemini|qwen|codex|copilot-instructions|skill|index|summary|template|.*[-_.]template|templates?[-_].*|glossary|faq|install(?:ation)?|setup|architecture|design|roadmap|todo)\.(?:md|markdown)$/;

/** Is this repository-relative path a place the content sniff looks at? */
export function isSavedStatePlace(relPath: string): boolean {
  const p = lowerPath(relPath);
  const name = baseName(p);
  if (!MARKDOWN.test(p) || NEVER.test(name) || DOCUMENT_NAME.test(name.replace(/\.(?:md|markdown)$/, "")) || TOOLING_FOLDER.test(p)) return false;
  return !p.includes("/") || AGENT_FOLDER.test(p) || PLANNING_FOLDER.test(p);
}

const STANDING = wordsPattern("standingHeadings");
const NEXT = wordsPattern(["nextStepsHeadings", "remainingHeadings"]);
const RESUME = wordsPattern("resumeHeadings");
const SAVE_TITLE = wordsPattern("saveTitles");
const NEXT_SHAPES = /^(?:next\b|up next\b|(?:active |open )?to[- ]?dos?\b|pending\b|remaining\b|open (?:items|tasks|threads|work)\b|outstanding\b|what'?s next\b|priorit(?:y|ies)\b)/i;
const BRANCH_LABEL = wordsPattern("branchLabels");
const HEAD_LABEL = wordsPattern(["headLabels", "commitLabels"]);

/** Headings and bold labels of a text: `## Next steps`, `**Current state:**`, `- **Branch**: x`. */
interface Marks {
  headings: string[];
  /** The first `# ` heading, cleaned. */
  h1: string | null;
  labels: { key: string; value: string }[];
}

function marksOf(body: string): Marks {
  const headings: string[] = [];
  const labels: { key: string; value: string }[] = [];
  let h1: string | null = null;
  for (const line of body.split("\n")) {
    const heading = atxHeading(line);
    if (heading) {
      headings.push(clean(heading.text));
      if (heading.level === 1 && h1 === null) h1 = clean(heading.text);
      continue;
    }
    const label = /^\s*(?:[-*+>]\s+)?(?:\*\*|__)?([^:*_\n]{1,40}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/.exec(line);
    if (label && !/^https?$/i.test(label[1].trim())) labels.push({ key: clean(label[1]), value: label[2].trim() });
  }
  return { headings, h1, labels };
}

/**
 * Does a title call the document a save? The word opens it, closes it, or follows a separator ("Pulse —
 * Checkpoint: fixes", "DryDock Session History", "NOW - Working Memory"), not in passing ("A state of mind").
 */
function titleSaysSave(title: string): boolean {
  const parts = title.split(/\s*(?:[—–|:]|\s-\s)\s*/).map((p) => p.trim()).filter(Boolean);
  return parts.some((part) => {
    const m = SAVE_TITLE.exec(part);
    if (!m) return false;
    const before = part.slice(0, m.index).trim().split(/\s+/).filter(Boolean).length;
    const after = part.slice(m.index + m[0].length).trim().split(/\s+/).filter(Boolean).length;
    return before <= 1 || after <= 1;
  });
}

function clean(text: string): string {
  return text
    .replace(/[*_`~]/g, "")
    .replace(/^[\p{Extended_Pictographic}\uFE0F\u200D\s\d.:)#-]+/u, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The heading (or label) says it near its start: "Next steps (priority)", "Phase 2 goal" yes, "Why we skipped next steps" no. */
function leads(pattern: RegExp, text: string): boolean {
  const m = pattern.exec(text);
  return m !== null && m.index <= 12;
}

/** The first bytes of a text, as discovery reads them (a character cut in two is dropped). */
function firstBytes(text: string, bytes: number): string {
  const encoded = new TextEncoder().encode(text.slice(0, bytes));
  return encoded.length <= bytes ? text.slice(0, bytes) : new TextDecoder().decode(encoded.subarray(0, bytes)).replace(/\uFFFD$/, "");
}

/** Lines written where content goes, with none: `- (bullets)`, `[TODO]`, `<fill in>`, an empty item. */
const PLACEHOLDER_LINE = /^\s*(?:[-*+]|\d+[.)])?\s*(?:\[[ xX]\]\s*)?(?:\([^)]*\)|\[[^\]]*\]|<[^>]*>|\{[^}]*\}|\.\.\.|…)?\s*$/;

/** Characters of real text outside headings and placeholder lines: an unfilled page has almost none. */
function bodyChars(head: string): number {
  return head
    .split("\n")
    .filter((line) => !/^\s{0,3}#/.test(line) && !PLACEHOLDER_LINE.test(line))
    .join("")
    .replace(/\s+/g, "").length;
}

function hasGit(body: string, marks: Marks): boolean {
  for (const { key, value } of marks.labels) {
    const v = value.replace(/[`*_]/g, "").trim();
    if (!v || isPlaceholder(v)) continue;
    const word = v.split(/[\s(,]/)[0];
    if (BRANCH_LABEL.test(key) && leads(BRANCH_LABEL, key) && isRefName(word)) return true;
    if (HEAD_LABEL.test(key) && leads(HEAD_LABEL, key) && isShaText(word)) return true;
  }
  // "## Branch", "## Active branch": a section that names it
  if (marks.headings.some((h) => leads(BRANCH_LABEL, h) && h.length <= 24)) return true;
  return /\b(?:on|current) branch\s+`[^`\s]+`|\bgit (?:checkout|switch)\s+(?:-b\s+)?[\w./-]+|\bHEAD\s*(?:is\s+)?(?:at\s+|[:=@]\s*)`?[0-9a-f]{7,40}\b/i.test(body);
}

export interface SavedStateSignals {
  /** Enough real text to be more than an unfilled page. */
  substance: boolean;
  date: boolean;
  standing: boolean;
  next: boolean;
  git: boolean;
  title: boolean;
}

/** A text's first KB with code fences and HTML comments left out, and their headings and labels. */
interface Head {
  head: string;
  marks: Marks;
}

function headOf(text: string): Head {
  const head = firstBytes(text, SAVED_STATE_SNIFF_CHARS)
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, " ");
  return { head, marks: marksOf(head) };
}

/** The signals but the date, the cheap ones (the date is read only when it decides). */
function structuralSignals(relPath: string, { head, marks }: Head): Omit<SavedStateSignals, "date"> {
  const keys = [...marks.headings, ...marks.labels.map((l) => l.key)];
  const name = baseName(lowerPath(relPath)).replace(/\.(?:md|markdown)$/, "").replace(/[-_.]+/g, " ");
  return {
    substance: bodyChars(head) >= 160,
    standing: keys.some((k) => leads(STANDING, k)),
    next:
      marks.headings.some((h) => leads(NEXT, h) || NEXT_SHAPES.test(h) || leads(RESUME, h)) ||
      // a bold label with its list below ("**Immediate next steps:**") or its value beside it
      marks.labels.some((l) => leads(NEXT, l.key) || NEXT_SHAPES.test(l.key)) ||
      /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[ \][ \t]+\S/m.test(head),
    git: hasGit(head, marks),
    title: (marks.h1 !== null && titleSaysSave(marks.h1)) || titleSaysSave(name),
  };
}

/** The signals of a text's first few KB (code fences and HTML comments left out). */
export function savedStateSignals(relPath: string, text: string): SavedStateSignals {
  const head = headOf(text);
  return { ...structuralSignals(relPath, head), date: parseDateText(head.head) !== null };
}

/**
 * Do a file's first few KB read as a saved working state? Three signals, one about the work; `needed` lowers the
 * bar for a file whose name already says save (CHECKPOINT.md, .gemini/checkpoint.md). The place is checked apart
 * (isSavedStatePlace).
 */
export function readsAsSavedState(relPath: string, text: string, needed = 3): boolean {
  const head = headOf(text);
  const s = structuralSignals(relPath, head);
  if (!s.substance || !(s.standing || s.next || s.git)) return false;
  // a file that neither its name nor its title calls a save needs one signal more, and a sub-folder of a
  // planning folder (docs/notes/x.md) holds documents more than saves: there the name or title must say save
  if (!s.title && /^(?:docs|planning|notes|\.planning)\/[^/]+\//.test(lowerPath(relPath))) return false;
  const want = s.title ? needed : needed + 1;
  const count = [s.standing, s.next, s.git, s.title].filter(Boolean).length;
  if (count >= want) return true;
  // the date is looked for only when it would decide
  return count + 1 >= want && parseDateText(head.head) !== null;
}

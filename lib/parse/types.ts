/** The shapes every parser speaks. Parsers are pure: text in, record + problems out. */

export const FORMATS = [
  "html",
  "frontmatter-md",
  "last-session",
  "prompt-md",
  "global-md",
  "session-state",
  "handoff",
  "claude-md-sessions",
  "project-notes",
  "review",
  "other-md",
  "data",
  // conventions agents keep beyond checkpoints (issue 24): one unit of work each, see lib/parse/conventions/
  "spec-kit",
  "conductor",
  "openspec",
  "kiro",
  "memory-bank",
  "task-master",
  "gsd",
  "agent-plan",
  "progress-log",
  // conventions that gained ground since (issue 40)
  "backlog-md",
  "exec-plan",
  "transcript",
] as const;
export type Format = (typeof FORMATS)[number];

export const KINDS = ["checkpoint", "research", "plan", "journal", "review"] as const;
export type Kind = (typeof KINDS)[number];

export const STATUSES = ["in-progress", "completed", "superseded", "blocked"] as const;
export type Status = (typeof STATUSES)[number];

export const CANONICAL_SECTIONS = [
  "working-on",
  "done",
  "decisions",
  "context",
  "remaining",
  "next-steps",
  "blockers",
  "gotchas",
  "key-files",
  "modified-files",
  "verified",
  "failed",
  "research",
  "state",
] as const;
export type CanonicalSection = (typeof CANONICAL_SECTIONS)[number];

/** Where a record's save time came from. */
export type DateSource = "content" | "filename" | "sentinel" | "commit" | "mtime";

export type TaskState = "done" | "open" | "blocked" | "in-progress" | "failed";

export interface ParsedSection {
  /** Canonical name when the heading maps to one, else null. */
  canonical: CanonicalSection | null;
  /** The heading as the author wrote it. */
  heading: string;
  level: number;
  /** Plain text of the section (Markdown source or text extracted from HTML). */
  text: string;
}

export interface ParsedTask {
  text: string;
  done: boolean;
  state: TaskState;
  /** Nesting under another item (0 = top level); set by convention readers (lib/parse/conventions/tasks.ts). */
  depth?: number;
  /** Marked optional (Kiro's `- [ ]*`): open optional items do not keep a unit in progress. */
  optional?: boolean;
  /** The commit written beside the item (Conductor's `[abc1234]`), as written. */
  commit?: string | null;
}

export type ReferenceRole = "key" | "modified" | "research" | "plan" | "mentioned";

export interface ParsedReference {
  path: string;
  role: ReferenceRole;
}

export interface ParsedDocument {
  format: Format;
  kind: Kind;
  title: string | null;
  status: Status | null;
  /** The status word as written ("DONE", "active", "blocked — waiting"). */
  statusRaw: string | null;
  branch: string | null;
  /** As written in the file: may be short, may be garbage; resolved later through the git runner. */
  headSha: string | null;
  savedAt: string | null;
  savedAtSource: DateSource | null;
  dirtySaved: number | null;
  /** Repository path named by the file (global checkpoints' `**Project:**`). */
  project: string | null;
  sections: ParsedSection[];
  /** null when the format has no task list. */
  tasks: ParsedTask[] | null;
  references: ParsedReference[];
  /** Family-specific extras (research_files, plans_in_progress, slug, releases, ...). */
  meta: Record<string, unknown>;
  /** Where each field's value came from: `{ headSha: "frontmatter:head", title: "h1", branch: "label:branch" }`. */
  fieldSources?: Record<string, string>;
}

export interface ParseInput {
  /** Path relative to the repository (or absolute for files outside any repository). */
  path: string;
  text: string;
  /** Texts of the companion files the parser asked for (path -> text), when they exist. */
  companions?: Record<string, string>;
}

export interface ParseResult {
  document: ParsedDocument | null;
  problems: string[];
}

export interface Parser {
  format: Format;
  /** Higher wins when several parsers claim a path. */
  priority: number;
  /** Does this repo-relative path belong to this family? Used by discovery too. */
  claims(relPath: string): boolean;
  /** Optionally look at the text before committing to it (e.g. HTML without jacked meta). */
  accepts?(input: ParseInput): boolean;
  /** Repo-relative paths of other files this parser wants to read with this one (e.g. a sentinel JSON). */
  companions?(relPath: string): string[];
  parse(input: ParseInput): ParseResult;
}

export function emptyDocument(format: Format, kind: Kind = "checkpoint"): ParsedDocument {
  return {
    format,
    kind,
    title: null,
    status: null,
    statusRaw: null,
    branch: null,
    headSha: null,
    savedAt: null,
    savedAtSource: null,
    dirtySaved: null,
    project: null,
    sections: [],
    tasks: null,
    references: [],
    meta: {},
    fieldSources: {},
  };
}

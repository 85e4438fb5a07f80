/**
 * The families (documents.format) in words a newcomer can read: a label, one line of help, the noun for one unit
 * ("Spec", "Track") used in sentences, and whether its files are checkpoints to resume. The one table every list,
 * filter, search facet and MCP answer reads (components/format.ts re-exports it for pages).
 */
import type { Format } from "../types";

export interface FamilyName {
  label: string;
  help: string;
  /** A freshness grade and a resume prompt make sense for its files. */
  resumable: boolean;
  /** One unit of the convention in a sentence ("Spec 002-stt-api: ..."); null for checkpoint families. */
  unit: string | null;
}

export const FAMILY_NAMES: Record<Format, FamilyName> = {
  html: { label: "HTML checkpoint", help: "a page saved under .claude/checkpoints/ by the checkpoint skill", resumable: true, unit: null },
  "frontmatter-md": { label: "Markdown checkpoint", help: "a Markdown file whose frontmatter holds its status and branch", resumable: true, unit: null },
  "last-session": { label: ".claude/last-session.md briefing", help: "what the last session left for the next one to read first", resumable: true, unit: null },
  "prompt-md": { label: "PROMPT.md checkpoint", help: "a workspace's PROMPT.md: the state and next steps for the next session", resumable: true, unit: null },
  "global-md": { label: "~/.claude/checkpoints note", help: "a checkpoint saved in your home folder, outside any repository", resumable: true, unit: null },
  "session-state": { label: "Session-state file", help: "a session's saved state: .claude/session-state/…, SESSION_STATE.md", resumable: true, unit: null },
  handoff: { label: "Handoff", help: "notes for whoever picks the work up: .claude/handoffs/…, HANDOFF.md", resumable: true, unit: null },
  "claude-md-sessions": { label: "CLAUDE.md session log", help: "the newest entry of a “Recent sessions” list in CLAUDE.md or STATUS.md", resumable: true, unit: null },
  "project-notes": { label: "PROJECT-NOTES.md", help: "the project's lasting learnings, promoted from checkpoints: not a checkpoint", resumable: false, unit: null },
  review: { label: "Review file", help: "reviews of a checkpoint, kept under .claude/reviews/", resumable: false, unit: null },
  "other-md": { label: "Other Markdown note", help: "a Markdown file read as a checkpoint for its name or its place", resumable: true, unit: null },
  data: { label: "YAML/JSON state file", help: "a session's state written as data (status, branch, tasks)", resumable: true, unit: null },
  "spec-kit": { label: "Spec Kit feature", help: "a feature folder specs/NNN-name/ written with GitHub Spec Kit: spec.md, plan.md, tasks.md", resumable: true, unit: "Spec" },
  conductor: { label: "Conductor track", help: "a track conductor/tracks/<id>/ written with Gemini Conductor: plan.md, metadata.json", resumable: true, unit: "Track" },
  openspec: { label: "OpenSpec change", help: "a change openspec/changes/<id>/ written with OpenSpec: proposal.md, tasks.md", resumable: true, unit: "Change" },
  kiro: { label: "Kiro spec", help: "a spec .kiro/specs/<name>/ written with Kiro: requirements.md, design.md, tasks.md", resumable: true, unit: "Kiro spec" },
  "memory-bank": { label: "Memory bank", help: "a Cline/Roo memory-bank/ (or cline_docs/) folder: activeContext.md, progress.md", resumable: true, unit: "Memory bank" },
  "task-master": { label: "Task Master tasks", help: "the task list .taskmaster/tasks/tasks.json kept by Task Master, per tag", resumable: true, unit: "Task list" },
  gsd: { label: "GSD state", help: "the project state .planning/STATE.md kept by Get Shit Done", resumable: true, unit: "GSD state" },
  "agent-plan": { label: "Agent plan", help: "a plan file an agent wrote: docs/plans/, docs/superpowers/plans/, .cursor/plans/, .claude/plans/", resumable: true, unit: "Plan" },
  "progress-log": { label: "Progress log", help: "a running log of progress: claude-progress.txt, tasks/todo.md", resumable: true, unit: "Progress log" },
  "backlog-md": { label: "Backlog.md task", help: "a task backlog/tasks/task-N - Title.md kept by Backlog.md: frontmatter status, acceptance criteria", resumable: true, unit: "Task" },
  "exec-plan": { label: "ExecPlan", help: "an OpenAI ExecPlan (.agent/plans/, execplans/): Progress, Decision Log, Outcomes & Retrospective", resumable: true, unit: "ExecPlan" },
  transcript: { label: "Chat transcript", help: "a saved conversation: .specstory/history/, .aider.chat.history.md (searchable, never in the queue)", resumable: false, unit: null },
};

export function familyName(format: string): FamilyName | null {
  return (FAMILY_NAMES as Record<string, FamilyName>)[format] ?? null;
}

/** A family's readable label ("Spec Kit feature"), or the format itself for one not in the table. */
export function familyLabelOf(format: string): string {
  return familyName(format)?.label ?? format;
}

/** Families that read one unit of a convention (a feature folder, a track, a change...). */
export function isUnitFamily(format: string): boolean {
  return familyName(format)?.unit != null;
}

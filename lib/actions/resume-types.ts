/** The shapes of a resume brief: shared by the brief's builder (resume.ts) and its prompt (resume-prompt.ts). */

export type ResumeRole = "plan" | "research" | "key" | "modified";

export const ROLE_LABELS: Record<ResumeRole, string> = { plan: "plan", research: "research", key: "key file", modified: "modified file" };

export interface ResumeFile {
  path: string;
  role: ResumeRole;
  lines: number | null;
  bytes: number | null;
  /** Relevance to the goal (0 without a goal). */
  score: number;
  /** The goal's words this file matched (in its path or its content). */
  matched: string[];
  /** Why it was not loaded (over budget, too large, binary, outside the repository...). */
  reason: string | null;
}

export interface ResumeContextItem {
  kind: "decision" | "context" | "gotcha" | "failed";
  text: string;
  matched: string[];
}

export interface ResumeBrief {
  documentId: string;
  title: string;
  repoPath: string | null;
  path: string;
  format: string;
  branch: string | null;
  savedAt: string | null;
  status: string | null;
  goal: string | null;
  goalWords: string[];
  budgetLines: number;
  loaded: ResumeFile[];
  loadedLines: number;
  notLoaded: ResumeFile[];
  missing: string[];
  /** Missing files, files that could not be read, and the freshness warning. */
  warnings: string[];
  freshnessWarning: string | null;
  context: ResumeContextItem[];
  /** Remaining-work items proposed as first steps (with a goal: those bearing on it; without: all open ones), the first RESUME_MAX_STEPS. */
  steps: string[];
  /** Open items past those (a task file may hold 100,000): counted, named in the prompt, not listed. */
  stepsMore: number;
  journalPath: string | null;
  /** The learnings the agent keeps for this project itself (Claude Code's memory folder), by name. */
  agentMemory?: Array<{ name: string; type: string | null; description: string | null }>;
  prompt: string;
}

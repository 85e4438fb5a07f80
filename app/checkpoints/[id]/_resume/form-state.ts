import type { ResumeBrief } from "@/lib/actions/resume";

/** What the Resume panel shows of a brief (plain data: it crosses to the browser). */
export interface ResumeView {
  goal: string | null;
  prompt: string;
  budgetLines: number;
  loadedLines: number;
  loaded: { path: string; role: string; lines: number | null; matched: string[] }[];
  notLoaded: { path: string; role: string; lines: number | null; reason: string | null }[];
  missing: string[];
  freshnessWarning: string | null;
  /** An example goal that fits this checkpoint: its first open step, else its title. */
  goalHint: string;
}

export interface ResumeFormState {
  ok: boolean;
  message: string | null;
  errors: Partial<Record<"goal" | "documentId", string[]>>;
  view: ResumeView | null;
}

export function toResumeView(brief: ResumeBrief): ResumeView {
  return {
    goal: brief.goal,
    prompt: brief.prompt,
    budgetLines: brief.budgetLines,
    loadedLines: brief.loadedLines,
    loaded: brief.loaded.map(({ path, role, lines, matched }) => ({ path, role, lines, matched })),
    notLoaded: brief.notLoaded.map(({ path, role, lines, reason }) => ({ path, role, lines, reason })),
    missing: brief.missing,
    freshnessWarning: brief.freshnessWarning,
    goalHint: goalHint(brief.steps, brief.title),
  };
}

/** The goal field's example, from the checkpoint itself: "e.g. Write the failing test" (one short line). */
export function goalHint(steps: readonly string[], title: string): string {
  const words = (steps.find((s) => s.trim()) ?? title).replace(/\s+/g, " ").trim();
  const short = words.length > 60 ? `${words.slice(0, 59).replace(/\s+\S*$/, "")}…` : words;
  return short ? `e.g. ${short}` : "e.g. the next thing to do";
}

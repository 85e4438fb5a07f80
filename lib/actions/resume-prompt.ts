/** The resume prompt in the checkpoint skill's shapes: the plain resume, and the goal-directed brief (seed 000, Step 6). */
import type { SectionRow, TaskRow } from "../../db/schema";
import type { ResumeBrief, ResumeContextItem, ResumeFile } from "./resume-types";
import { matchWords } from "./resume-words";
import { proseOnly } from "../parse/heuristics/prose";

type BriefCore = Omit<ResumeBrief, "prompt" | "warnings" | "freshnessWarning">;
/** A checkpoint's tasks counted (all of them, not only those read). */
export type TaskCounts = { done: number; total: number };

const CONTEXT_KINDS: Record<string, ResumeContextItem["kind"]> = {
  decisions: "decision",
  context: "context",
  gotchas: "gotcha",
  failed: "failed",
};
const CONTEXT_LABELS: Record<ResumeContextItem["kind"], string> = {
  decision: "Decision",
  context: "Context",
  gotcha: "Gotcha",
  failed: "Tried and failed",
};
const MAX_CONTEXT_ITEMS = 15;
const MAX_SECTION_CHARS = 3000;

/** Bullets, numbered lines, table rows and long paragraphs' sentences of a section, as single items. */
export function sectionItems(text: string): string[] {
  const items: string[] = [];
  // code fences, HTML comments and <style>/<script> never yield a step, gotcha, decision or context line
  for (const raw of proseOnly(text).split("\n")) {
    let line = raw.trim();
    if (!line || /^\|?[\s:|-]+\|?$/.test(line)) continue;
    const row = line.includes("|");
    if (row) {
      const cells = line.split("|").map((c) => c.trim()).filter(Boolean);
      line = cells.join(" — ");
    }
    const bullet = row || /^(?:[-*+]|\d+[.)])\s+/.test(line);
    line = line
      .replace(/^#{1,6}\s+/, "")
      .replace(/^(?:[-*+]|\d+[.)])\s+/, "")
      .replace(/^\[[ xX~-]\]\s*/, "")
      .trim();
    if (!line) continue;
    // a paragraph is several facts: keep them apart so that only those bearing on the goal are kept
    // one by one, not a spread: a line may hold more sentences than a call takes arguments
    if (!bullet || line.length > 400) {
      for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/)) if (sentence) items.push(sentence);
    } else {
      items.push(line);
    }
  }
  return items;
}

/** The decisions, context notes, gotchas and failed attempts that mention the goal's words. */
export function selectContext(docSections: SectionRow[], words: string[]): ResumeContextItem[] {
  const items: ResumeContextItem[] = [];
  const seen = new Set<string>();
  for (const section of docSections) {
    const kind = section.canonical ? CONTEXT_KINDS[section.canonical] : undefined;
    if (!kind) continue;
    for (const text of sectionItems(section.text)) {
      const matched = matchWords(words, text);
      if (!matched.length || seen.has(text)) continue;
      seen.add(text);
      items.push({ kind, text, matched });
    }
  }
  return items.slice(0, MAX_CONTEXT_ITEMS);
}

function openItems(docSections: SectionRow[], docTasks: TaskRow[]): string[] {
  if (docTasks.length) return docTasks.filter((t) => !t.done && t.state !== "done").map((t) => t.text);
  const section = docSections.find((s) => s.canonical === "remaining") ?? docSections.find((s) => s.canonical === "next-steps");
  return section ? sectionItems(section.text) : [];
}

/** Open remaining-work items, in order: with goal words, only those that mention them. */
export function selectSteps(docSections: SectionRow[], docTasks: TaskRow[], words: string[]): string[] {
  const open = openItems(docSections, docTasks);
  return words.length ? open.filter((item) => matchWords(words, item).length > 0) : open;
}

export function missingWarning(path: string): string {
  return `Referenced file ${path} no longer exists (may have been renamed/deleted since checkpoint)`;
}

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "State has moved since this checkpoint: …" when the checkpoint is not fresh (nothing when fresh or unknown). */
export function freshnessWarning(freshness: Record<string, unknown> | null, level: string | null, savedBranch: string | null): string | null {
  if (!freshness || !level || level === "fresh" || level === "unknown") return null;
  const parts: string[] = [];
  const commits = num(freshness.newCommits);
  const bookkeeping = num(freshness.bookkeepingCommits);
  if (commits) parts.push(`${plural(commits, "new commit")}${bookkeeping ? ` (${bookkeeping} bookkeeping)` : ""}`);
  const files = num(freshness.filesChanged);
  if (files) parts.push(`${plural(files, "file")} changed`);
  if (freshness.branchMatches === false) {
    parts.push(`branch ${savedBranch ?? "?"} -> ${typeof freshness.currentBranch === "string" ? freshness.currentBranch : "detached HEAD"}`);
  }
  const dirtySaved = num(freshness.dirtySaved);
  const dirtyNow = num(freshness.dirtyNow);
  if (dirtySaved !== null && dirtyNow !== null && dirtySaved !== dirtyNow) parts.push(`dirty files ${dirtySaved} -> ${dirtyNow}`);
  if (!parts.length && Array.isArray(freshness.reasons)) parts.push(...freshness.reasons.filter((r): r is string => typeof r === "string"));
  const what = parts.length ? parts.join(", ") : level;
  return `State has moved since this checkpoint: ${what}: treat Current State and Gotchas as possibly stale and re-verify against the live tree.`;
}

function fileLine(f: ResumeFile): string {
  const size = f.lines === null ? "" : `, ${plural(f.lines, "line")}`;
  const matched = f.matched.length ? `; mentions ${f.matched.join(", ")}` : "";
  return `- ${f.path} (${f.role === "key" ? "key file" : f.role === "modified" ? "modified file" : f.role}${size}${matched})`;
}

function clip(text: string): string {
  const t = text.trim();
  return t.length > MAX_SECTION_CHARS ? `${t.slice(0, MAX_SECTION_CHARS)}…` : t;
}

function header(brief: BriefCore, warning: string | null): string[] {
  const saved = brief.savedAt ? `${brief.savedAt.slice(0, 16).replace("T", " ")} UTC` : "unknown time";
  const lines = [
    `Checkpoint: ${brief.path}${brief.repoPath ? ` in ${brief.repoPath}` : ""}`,
    `Branch: ${brief.branch ?? "unknown"} · Saved: ${saved} · Status: ${brief.status ?? "none"}`,
  ];
  if (warning) lines.push("", `⚠ ${warning}`);
  return lines;
}

function fileBlock(brief: BriefCore, loaded: ResumeFile[], title: string, rest: ResumeFile[] = []): string[] {
  const out: string[] = [];
  if (loaded.length) out.push(...(title ? [title] : []), ...loaded.map(fileLine));
  if (rest.length) out.push("", "Other files within the budget (read if needed):", ...rest.map(fileLine));
  if (brief.notLoaded.length) {
    out.push("", `Also referenced (not loaded): ${brief.notLoaded.map((f) => `${f.path} (${f.reason ?? "not loaded"})`).join("; ")}`);
  }
  for (const path of brief.missing) out.push(`⚠ ${missingWarning(path)}`);
  if (!out.length) out.push("The checkpoint references no plan, research or key file.");
  if (brief.journalPath) out.push("", `Also read ${brief.journalPath}: the project journal's durable learnings outrank this checkpoint.`);
  if (brief.agentMemory?.length) {
    out.push("", "The agent's own memory for this project (Claude Code keeps it in its memory folder):");
    for (const m of brief.agentMemory.slice(0, 20)) out.push(`- ${m.name}${m.type ? ` (${m.type})` : ""}${m.description ? `: ${m.description}` : ""}`);
  }
  return out;
}

function section(docSections: SectionRow[], ...names: string[]): string | null {
  const found = names.map((n) => docSections.find((s) => s.canonical === n)).find((s) => s && s.text.trim());
  return found ? clip(found.text) : null;
}

/** "… and N more open items" under a capped list of steps; nothing when none were left out. */
function moreSteps(brief: BriefCore): string[] {
  return brief.stepsMore > 0 ? [`- … and ${brief.stepsMore.toLocaleString("en")} more open ${brief.stepsMore === 1 ? "item" : "items"}: see ${brief.path}`] : [];
}

function plainPrompt(brief: BriefCore, docSections: SectionRow[], taskCounts: TaskCounts, warning: string | null): string {
  const out = [`# Resume: ${brief.title}`, "", ...header(brief, warning), ""];
  out.push("## What we are working on", section(docSections, "working-on", "state", "done") ?? brief.title, "");
  out.push("## Remaining work");
  if (brief.steps.length) out.push(...brief.steps.map((s) => `- [ ] ${s}`), ...moreSteps(brief));
  else out.push("Nothing left open in the checkpoint.");
  if (taskCounts.total) out.push(`(${taskCounts.done} of ${taskCounts.total} done)`);
  out.push("");
  const state = section(docSections, "state");
  if (state) out.push("## Current state", state, "");
  const decisions = section(docSections, "decisions");
  if (decisions) out.push("## Decisions (keep to them)", decisions, "");
  const gotchas = section(docSections, "gotchas", "failed");
  if (gotchas) out.push("## Gotchas", gotchas, "");
  const blockers = section(docSections, "blockers");
  if (blockers) out.push("## Open blockers", blockers, "");
  out.push(`## Files to read first (${plural(brief.loaded.length, "file")}, ${plural(brief.loadedLines, "line")})`);
  out.push(...fileBlock(brief, brief.loaded, ""), "");
  out.push(brief.steps.length ? `Begin with the first remaining work item: ${brief.steps[0]}` : "Confirm with me what to do next before starting.");
  return out.filter((line, i, all) => !(line === "" && all[i - 1] === "")).join("\n").trim() + "\n";
}

function goalPrompt(brief: BriefCore, warning: string | null): string {
  const out = [`# Resume: ${brief.title}`, "", ...header(brief, warning), "", "## Goal", brief.goal ?? "", ""];
  out.push("## Relevant context");
  if (brief.context.length) out.push(...brief.context.map((c) => `- ${CONTEXT_LABELS[c.kind]}: ${c.text}`));
  else out.push("None of the checkpoint's decisions, context notes or gotchas mention this goal directly.");
  out.push("");
  const relevant = brief.loaded.filter((f) => f.score > 0);
  const rest = brief.loaded.filter((f) => f.score === 0);
  out.push("## Relevant files");
  out.push(...(relevant.length ? fileBlock(brief, relevant, "Read these first:", rest) : fileBlock(brief, rest, "No file matched the goal's words; these are within the budget:")));
  out.push("", "## Proposed first steps");
  if (brief.steps.length) out.push(...brief.steps.map((s, i) => `${i + 1}. ${s}`), ...moreSteps(brief));
  else out.push("No remaining-work item mentions this goal directly: read the relevant files, then propose a plan for it.");
  out.push("", "This is a proposed starting plan: confirm or amend it before executing anything.");
  return out.filter((line, i, all) => !(line === "" && all[i - 1] === "")).join("\n").trim() + "\n";
}

export function buildPrompt(
  brief: BriefCore,
  docSections: SectionRow[],
  taskCounts: TaskCounts,
  freshness: Record<string, unknown> | null,
  level: string | null,
): { prompt: string; warnings: string[]; freshnessWarning: string | null } {
  const warning = freshnessWarning(freshness, level, brief.branch);
  const warnings = [
    ...(warning ? [warning] : []),
    ...brief.missing.map(missingWarning),
    ...brief.notLoaded.filter((f) => f.reason !== "over the line budget").map((f) => `${f.path} was not read: ${f.reason}`),
  ];
  const prompt = brief.goal ? goalPrompt(brief, warning) : plainPrompt(brief, docSections, taskCounts, warning);
  return { prompt, warnings, freshnessWarning: warning };
}

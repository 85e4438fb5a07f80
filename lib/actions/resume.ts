import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, referencedFiles, sections, tasks } from "../../db/schema";
import { isInside } from "../discover/inside";
import { readRegularFile } from "../discover/read-file";
import { buildPrompt, selectContext, selectSteps } from "./resume-prompt";
import type { ResumeBrief, ResumeFile, ResumeRole } from "./resume-types";
import { goalWords, scoreText } from "./resume-words";
import { documentWithRepository } from "../queries/shared";
import { unitOf, type CompanionRole } from "../parse/conventions/unit";

import { memoriesOf } from "../index/sessions-memory";
export { goalWords } from "./resume-words";
export { ROLE_LABELS } from "./resume-types";
export type { ResumeBrief, ResumeContextItem, ResumeFile, ResumeRole } from "./resume-types";

/** About as many lines as the checkpoint skill loads on resume. */
export const RESUME_BUDGET_LINES = 3000;
/** Content is matched against the goal only for files this small. */
export const CONTENT_MATCH_BYTES = 64 * 1024;
/** Larger files are never read. */
export const MAX_READ_BYTES = 512 * 1024;
const MAX_CANDIDATES = 200;

const ROLE_ORDER: Record<ResumeRole, number> = { plan: 0, research: 1, key: 2, modified: 3 };
export interface ResumeOptions {
  goal?: string | null;
  budgetLines?: number;
}

export class ResumeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResumeError";
  }
}

interface Candidate {
  path: string;
  role: ResumeRole;
  order: number;
}

/** A unit companion's part in a resume: its plan, its research, else a file to read. */
function companionRole(role: CompanionRole): ResumeRole {
  if (role === "research") return "research";
  return role === "plan" || role === "tasks" || role === "spec" || role === "design" || role === "requirements" || role === "proposal" ? "plan" : "key";
}

function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.split(/[;,]/).map((v) => v.trim()).filter(Boolean);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").map((v) => v.trim()).filter(Boolean) : [];
}

/** Plans, research and key files the checkpoint points at, best role first, each path once. */
function candidatesOf(db: CairnDb, doc: typeof documents.$inferSelect, repoReal: string | null): Candidate[] {
  const meta = doc.meta ?? {};
  const frontmatter = (meta.frontmatter && typeof meta.frontmatter === "object" ? meta.frontmatter : {}) as Record<string, unknown>;
  const refs = db.select().from(referencedFiles).where(eq(referencedFiles.documentId, doc.id)).orderBy(asc(referencedFiles.id)).all();
  const slug = typeof meta.slug === "string" ? meta.slug : null;
  const researchFor =
    doc.repositoryId && slug
      ? db
          .select({ path: documents.path })
          .from(documents)
          .where(and(eq(documents.repositoryId, doc.repositoryId), eq(documents.kind, "research"), sql`json_extract(${documents.meta}, '$.checkpoint') = ${slug}`))
          .all()
          .map((r) => r.path)
      : [];
  const raw: { path: string; role: ResumeRole }[] = [
    ...[...stringList(meta.plansInProgress), ...stringList(frontmatter.plans_in_progress)].map((path) => ({ path, role: "plan" as const })),
    ...[...stringList(meta.researchFiles), ...stringList(frontmatter.research_files), ...researchFor].map((path) => ({ path, role: "research" as const })),
    ...refs.filter((r) => r.role !== "mentioned").map((r) => ({ path: r.path, role: (r.role === "plan" || r.role === "research" || r.role === "key" ? r.role : "modified") as ResumeRole })),
    // a convention unit's companion files, as its page lists them (a Spec Kit feature's plan.md and tasks.md, a memory bank's files)
    ...(unitOf(meta)?.companions ?? []).filter((c) => c.present).map((c) => ({ path: c.path, role: companionRole(c.role) })),
  ];
  const byPath = new Map<string, Candidate>();
  raw.forEach(({ path, role }, order) => {
    let p = path.replace(/^\.\//, "").trim();
    if (repoReal && isAbsolute(p) && isInside(repoReal, p)) p = relative(repoReal, p);
    if (!p || p === doc.path) return;
    const current = byPath.get(p);
    if (!current || ROLE_ORDER[role] < ROLE_ORDER[current.role]) byPath.set(p, { path: p, role, order: current?.order ?? order });
  });
  return [...byPath.values()].slice(0, MAX_CANDIDATES);
}

type Inspected = { state: "missing" } | { state: "refused"; reason: string; bytes: number | null } | { state: "ok"; text: string | null; bytes: number; lines: number | null; reason: string | null };

function countLines(text: string): number {
  if (!text) return 0;
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n : n + 1;
}

/** Read a referenced file only inside the repository: no `..`, no symlink out of it, size-capped, text only. */
export async function inspectReferencedFile(repoReal: string, path: string): Promise<Inspected> {
  const abs = resolve(repoReal, path);
  if (!isInside(repoReal, abs) || path.includes("\0")) return { state: "refused", reason: "outside the repository", bytes: null };
  const read = await readRegularFile(abs, { maxBytes: MAX_READ_BYTES, links: { within: repoReal } });
  if (!read.ok) {
    switch (read.refusal) {
      case "missing":
        return { state: "missing" };
      case "outside":
        return { state: "refused", reason: "a link that leaves the repository", bytes: null };
      case "link":
        return { state: "refused", reason: "a link swapped in while reading", bytes: null };
      case "not-regular":
        return { state: "refused", reason: read.what ?? "not a regular file", bytes: null };
      case "too-large":
        return { state: "refused", reason: `too large (${Math.round((read.size ?? 0) / 1024)} KB)`, bytes: read.size ?? null };
      default:
        return { state: "refused", reason: `unreadable (${read.code ?? "error"})`, bytes: null };
    }
  }
  const bytes = read.bytes;
  if (bytes.subarray(0, 8192).includes(0)) return { state: "refused", reason: "binary", bytes: bytes.length };
  const text = bytes.toString("utf8");
  return { state: "ok", text, bytes: bytes.length, lines: countLines(text), reason: null };
}

/** Rank by relevance to the goal (plans, research, key files in that order when there is none), then fill the budget. */
export function rankAndBudget(
  files: { candidate: Candidate; inspected: Inspected }[],
  words: string[],
  budgetLines: number,
): { loaded: ResumeFile[]; notLoaded: ResumeFile[]; missing: string[] } {
  const scored = files.map(({ candidate, inspected }) => {
    const text = inspected.state === "ok" && inspected.bytes < CONTENT_MATCH_BYTES ? inspected.text : null;
    const { score, matched } = scoreText(words, candidate.path, text);
    return { candidate, inspected, score, matched };
  });
  scored.sort(
    (a, b) => b.score - a.score || ROLE_ORDER[a.candidate.role] - ROLE_ORDER[b.candidate.role] || a.candidate.order - b.candidate.order,
  );
  const loaded: ResumeFile[] = [];
  const notLoaded: ResumeFile[] = [];
  const missing: string[] = [];
  let used = 0;
  for (const { candidate, inspected, score, matched } of scored) {
    if (inspected.state === "missing") {
      missing.push(candidate.path);
      continue;
    }
    const base = { path: candidate.path, role: candidate.role, score, matched };
    if (inspected.state === "refused") {
      notLoaded.push({ ...base, lines: null, bytes: inspected.bytes, reason: inspected.reason });
      continue;
    }
    const lines = inspected.lines ?? 0;
    if (used + lines > budgetLines) {
      notLoaded.push({ ...base, lines, bytes: inspected.bytes, reason: "over the line budget" });
      continue;
    }
    used += lines;
    loaded.push({ ...base, lines, bytes: inspected.bytes, reason: null });
  }
  return { loaded, notLoaded, missing };
}

/** Claude Code's memory of the repository, for the prompt (none: left out, so the brief keeps its shape). */
function memoryBrief(db: CairnDb, repoPath: string): { agentMemory?: NonNullable<ResumeBrief["agentMemory"]> } {
  const memories = memoriesOf(db.$client, repoPath).filter((m) => !m.isIndex);
  return memories.length ? { agentMemory: memories.map((m) => ({ name: m.name ?? "memory", type: m.type, description: m.description })) } : {};
}

/** Remaining-work items a brief lists as steps; the rest are counted ("… and N more"). */
export const RESUME_MAX_STEPS = 50;
/** Tasks read for the steps, in file order (the rest are counted only). */
const RESUME_TASKS_READ = 5_000;

/** The resume brief of one indexed checkpoint: files loaded within the budget, context, steps and the prompt to copy. */
export async function buildResumeBrief(db: CairnDb, documentId: string, options: ResumeOptions = {}): Promise<ResumeBrief> {
  if (!/^[0-9a-f]{16}$/.test(documentId)) throw new ResumeError(`"${documentId.slice(0, 40)}" is not a checkpoint id`);
  const row = documentWithRepository(db, documentId);
  if (!row) throw new ResumeError(`no indexed checkpoint has the id ${documentId}`);
  const { doc, repo } = row;
  const goal = options.goal?.trim() ? options.goal.trim().slice(0, 500) : null;
  const words = goal ? goalWords(goal) : [];
  const budgetLines = options.budgetLines ?? RESUME_BUDGET_LINES;
  const repoReal = repo && !repo.isBare ? await realpath(repo.path).catch(() => null) : null;

  const candidates = candidatesOf(db, doc, repoReal);
  const inspected = await Promise.all(
    candidates.map(async (candidate) => ({
      candidate,
      inspected: repoReal
        ? await inspectReferencedFile(repoReal, candidate.path)
        : ({ state: "refused", reason: "no repository to read it from", bytes: null } as const),
    })),
  );
  const { loaded, notLoaded, missing } = rankAndBudget(inspected, words, budgetLines);
  const journal = repoReal ? await inspectReferencedFile(repoReal, ".claude/PROJECT-NOTES.md") : null;

  const docSections = db.select().from(sections).where(eq(sections.documentId, doc.id)).orderBy(asc(sections.position)).all();
  // a task file may hold 100,000 tasks: the first RESUME_TASKS_READ are read for the steps, all of them counted
  const docTasks = db.select().from(tasks).where(eq(tasks.documentId, doc.id)).orderBy(asc(tasks.position)).limit(RESUME_TASKS_READ).all();
  const counted = db.select({ total: sql<number>`count(*)`, done: sql<number>`coalesce(sum(${tasks.done}), 0)` }).from(tasks).where(eq(tasks.documentId, doc.id)).get();
  const taskCounts = { done: Number(counted?.done ?? 0), total: Number(counted?.total ?? 0) };
  const brief: Omit<ResumeBrief, "prompt" | "warnings" | "freshnessWarning" | "context" | "steps" | "stepsMore"> = {
    documentId: doc.id,
    title: doc.title ?? doc.path,
    repoPath: repo?.path ?? null,
    path: doc.path,
    format: doc.format,
    branch: doc.branch,
    savedAt: doc.savedAt,
    status: doc.status,
    goal,
    goalWords: words,
    budgetLines,
    loaded,
    loadedLines: loaded.reduce((n, f) => n + (f.lines ?? 0), 0),
    notLoaded,
    missing,
    journalPath: journal?.state === "ok" ? ".claude/PROJECT-NOTES.md" : null,
    ...(repo ? memoryBrief(db, repo.path) : {}),
  };
  const context = goal ? selectContext(docSections, words) : [];
  const open = selectSteps(docSections, docTasks, words);
  const steps = open.slice(0, RESUME_MAX_STEPS);
  // the open tasks not read at all are more steps too (without a goal: with one, whether they bear on it is unknown)
  const unread = goal ? 0 : Math.max(0, taskCounts.total - taskCounts.done - docTasks.filter((t) => !t.done).length);
  const stepsMore = open.length - steps.length + unread;
  const built = buildPrompt({ ...brief, context, steps, stepsMore }, docSections, taskCounts, doc.freshness ?? null, doc.freshnessLevel);
  return { ...brief, context, steps, stepsMore, ...built };
}

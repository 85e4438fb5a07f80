import "server-only";
import { asc, eq } from "drizzle-orm";
import { lstat, realpath } from "node:fs/promises";
import { join } from "node:path";
import type { CairnDb } from "../../db/client";
import { sections } from "../../db/schema";
import { readRegularFile } from "../discover/read-file";
import { scanSecrets } from "../derive/secrets";
import { PROJECT_NOTES_PATH, WriteError, assertUnchanged, loadDocument, refreshDocument, safeWrite, type LoadedDocument, type WriteHooks } from "../write";
import { existingLines, extractLearnings, findDuplicate, findExact, terse, type DuplicateMatch, type ExistingLine } from "./learnings";
import { applyNoteChanges, type NoteChange } from "./learnings-notes";

export interface Candidate {
  /** 1..N, stable for a given version of the checkpoint. */
  n: number;
  section: string;
  text: string;
  state: "new" | "duplicate" | "blocked";
  duplicate: {
    source: ExistingLine["source"];
    line: string;
    lineNumber: number;
    similarity: number;
    canSharpen: boolean;
    /** The same words as the line once normalised (case, spacing, punctuation, Markdown): skipped unless chosen otherwise. */
    exact: boolean;
  } | null;
  blockedReason: string | null;
}

export interface PromotePlan {
  documentId: string;
  title: string | null;
  /** Repository-relative path of the checkpoint: what each promoted bullet links to. */
  checkpointPath: string;
  contentHash: string;
  repositoryId: number;
  notesPath: string;
  notesExists: boolean;
  /** Why PROJECT-NOTES.md cannot be written (then nothing can be promoted). */
  notesProblem: string | null;
  candidates: Candidate[];
}

/** The plan, with the lines of PROJECT-NOTES.md it was made from (an edited pick is checked against them). */
interface BuiltPlan {
  plan: PromotePlan;
  notesLines: ExistingLine[];
}

export interface Pick {
  n: number;
  /** The text as edited in the form; the candidate's own text when absent. */
  text?: string;
  /** Default: skip an exact duplicate (and a CLAUDE.md one), sharpen a near PROJECT-NOTES duplicate, add the rest. */
  mode?: "add" | "sharpen" | "skip";
}

export interface PromoteResult {
  notesPath: string;
  created: boolean;
  added: string[];
  sharpened: { from: string; to: string }[];
  skipped: { n: number | null; text: string; reason: string }[];
  message: string;
}

/** Per-candidate reasons a pick was refused, keyed by candidate number. */
export class PickError extends WriteError {
  readonly picks: Record<number, string>;
  constructor(picks: Record<number, string>) {
    super("refused", Object.entries(picks).map(([n, why]) => `candidate ${n}: ${why}`).join("; "));
    this.picks = picks;
  }
}

const MAX_LEARNING_CHARS = 400;

/** Why a learning must not be written anywhere: a secret, or the trace of one. */
export async function secretReason(text: string): Promise<string | null> {
  if (/[[{]\s*REDACTED/i.test(text)) return "it contains a redacted secret";
  const { findings } = await scanSecrets(text, "PROJECT-NOTES.md");
  return findings.length ? `it looks like it contains a secret (${findings[0].rule})` : null;
}

/** A repository file read only when it is a regular file inside the repository (a link leaving it is ignored). */
async function readInside(repoPath: string, relPath: string): Promise<{ text: string | null; problem: string | null }> {
  const abs = join(repoPath, relPath);
  try {
    const info = await lstat(abs);
    const within = await realpath(repoPath);
    // opened without blocking and checked on the handle: a FIFO or device named like the notes is refused, never waited on
    const read = await readRegularFile(abs, { maxBytes: 2 * 1024 * 1024, links: { within } });
    if (info.isSymbolicLink()) {
      if (!read.ok && read.refusal === "outside") return { text: null, problem: `${relPath} is a symbolic link out of the repository; Cairn will not touch it` };
      return { text: read.ok ? read.bytes.toString("utf8") : null, problem: `${relPath} is a symbolic link; Cairn does not write through links` };
    }
    if (!read.ok) return { text: null, problem: read.refusal === "missing" ? null : `${relPath} is not a regular file Cairn can read` };
    return { text: read.bytes.toString("utf8"), problem: null };
  } catch {
    return { text: null, problem: null };
  }
}

async function claudeMdLines(repoPath: string): Promise<ExistingLine[]> {
  const out: ExistingLine[] = [];
  for (const rel of ["CLAUDE.md", ".claude/CLAUDE.md"]) {
    const { text } = await readInside(repoPath, rel);
    if (text !== null) out.push(...existingLines(text, "CLAUDE.md"));
  }
  return out;
}

async function buildPlan(db: CairnDb, loaded: LoadedDocument): Promise<BuiltPlan> {
  const { doc, repo } = loaded;
  if (!repo || doc.repositoryId === null) {
    throw new WriteError("refused", "this checkpoint is not inside an indexed repository: there is no PROJECT-NOTES.md to promote to");
  }
  const notes = await readInside(repo.path, PROJECT_NOTES_PATH);
  const notesLines = notes.text === null ? [] : existingLines(notes.text, "PROJECT-NOTES.md");
  const claudeLines = await claudeMdLines(repo.path);
  const rows = db.select().from(sections).where(eq(sections.documentId, doc.id)).orderBy(asc(sections.position)).all();
  const candidates: Candidate[] = [];
  for (const [i, learning] of extractLearnings(rows).entries()) {
    const blockedReason = await secretReason(learning.text);
    const exact = findExact(learning.text, notesLines) ?? findExact(learning.text, claudeLines);
    const match: DuplicateMatch | null = exact
      ? { ...exact, similarity: 1 }
      : (findDuplicate(learning.text, notesLines) ?? findDuplicate(learning.text, claudeLines));
    candidates.push({
      n: i + 1,
      section: learning.section,
      text: learning.text,
      state: blockedReason ? "blocked" : match ? "duplicate" : "new",
      duplicate: match
        ? {
            source: match.source,
            line: match.line.trim(),
            lineNumber: match.index + 1,
            similarity: Math.round(match.similarity * 100) / 100,
            canSharpen: match.source === "PROJECT-NOTES.md",
            exact: exact !== null,
          }
        : null,
      blockedReason,
    });
  }
  const plan: PromotePlan = {
    documentId: doc.id,
    title: doc.title,
    checkpointPath: doc.path,
    contentHash: doc.contentHash,
    repositoryId: doc.repositoryId,
    notesPath: PROJECT_NOTES_PATH,
    notesExists: notes.text !== null,
    notesProblem: notes.problem,
    candidates,
  };
  return { plan, notesLines };
}

/**
 * The numbered candidate learnings of a checkpoint, with duplicates and secret-bearing ones marked.
 * `refresh` (default, the CLI) first re-indexes the checkpoint when it changed on disk; pages pass false
 * and number what they show, which the form's hash then guards.
 */
export async function planPromotion(db: CairnDb, documentId: string, options: { refresh?: boolean } = {}): Promise<PromotePlan> {
  const loaded = loadDocument(db, documentId);
  return (await buildPlan(db, options.refresh === false ? loaded : await refreshDocument(db, loaded))).plan;
}

/** Check every pick against the plan; throws a PickError naming each bad one. */
async function resolvePicks({ plan, notesLines }: BuiltPlan, picks: Pick[]): Promise<{ changes: NoteChange[]; skipped: PromoteResult["skipped"] }> {
  const errors: Record<number, string> = {};
  const changes: NoteChange[] = [];
  const skipped: PromoteResult["skipped"] = [];
  const seen = new Set<number>();
  for (const pick of picks) {
    const candidate = plan.candidates.find((c) => c.n === pick.n);
    if (!candidate) {
      errors[pick.n] = plan.candidates.length ? `there is no candidate ${pick.n} (1..${plan.candidates.length})` : "this checkpoint has no candidate learnings";
      continue;
    }
    if (seen.has(pick.n)) continue;
    seen.add(pick.n);
    if (candidate.blockedReason) {
      errors[pick.n] = `cannot be promoted: ${candidate.blockedReason}`;
      continue;
    }
    const text = terse(pick.text ?? candidate.text);
    const secret = text ? await secretReason(text) : null;
    if (!text) errors[pick.n] = "the learning is empty";
    else if (text.length > MAX_LEARNING_CHARS) errors[pick.n] = `keep it terse: at most ${MAX_LEARNING_CHARS} characters`;
    else if (secret) errors[pick.n] = `cannot be promoted: ${secret}`;
    if (errors[pick.n]) continue;
    const dup = candidate.duplicate;
    const mode = pick.mode ?? (dup?.exact || (dup && !dup.canSharpen) ? "skip" : dup ? "sharpen" : "add");
    if (mode === "skip") {
      skipped.push({ n: pick.n, text, reason: `already in ${dup?.source ?? "PROJECT-NOTES.md"}: ${dup?.line ?? text}` });
      continue;
    }
    if (mode === "sharpen" && !dup?.canSharpen) {
      errors[pick.n] = "there is no PROJECT-NOTES.md line to sharpen";
      continue;
    }
    // the text as written (edited or not) says what a line already says: flagged, before anything is written
    const same = findExact(text, notesLines);
    if (same) {
      errors[pick.n] = `duplicate: PROJECT-NOTES.md already says this (line ${same.index + 1}: ${same.line.trim()}); change it, or skip it`;
      continue;
    }
    changes.push(mode === "sharpen" ? { kind: "sharpen", text, original: candidate.text } : { kind: "add", text });
  }
  if (Object.keys(errors).length) throw new PickError(errors);
  return { changes, skipped };
}

function describe(result: Omit<PromoteResult, "message">): string {
  const parts: string[] = [];
  if (result.added.length) parts.push(`added ${result.added.length} ${result.added.length === 1 ? "learning" : "learnings"}`);
  if (result.sharpened.length) parts.push(`sharpened ${result.sharpened.length} existing ${result.sharpened.length === 1 ? "line" : "lines"}`);
  if (result.skipped.length) parts.push(`skipped ${result.skipped.length} already written down`);
  const what = parts.length ? parts.join(", ") : "nothing to change";
  return `${what[0].toUpperCase()}${what.slice(1)} in ${result.notesPath}${result.created ? " (created)" : ""}.`;
}

/** Promote the picked candidates into `.claude/PROJECT-NOTES.md`, each linking back to the checkpoint. */
export async function promoteLearnings(
  db: CairnDb,
  documentId: string,
  picks: Pick[],
  options: { expectedHash?: string; hooks?: WriteHooks } = {},
): Promise<PromoteResult> {
  if (picks.length === 0) throw new WriteError("refused", "pick at least one learning to promote");
  let loaded = loadDocument(db, documentId);
  if (options.expectedHash !== undefined) await assertUnchanged(db, loaded, options.expectedHash);
  else loaded = await refreshDocument(db, loaded);
  const built = await buildPlan(db, loaded);
  const { plan } = built;
  if (plan.notesProblem) throw new WriteError("refused", plan.notesProblem);
  const { changes, skipped } = await resolvePicks(built, picks);
  let applied: ReturnType<typeof applyNoteChanges> | null = null;
  const outcome = changes.length
    ? await safeWrite(db, {
        target: { kind: "project-notes", repositoryId: plan.repositoryId },
        hooks: options.hooks,
        edit: (current) => {
          applied = applyNoteChanges(current, changes, plan.checkpointPath);
          return applied.bytes;
        },
      })
    : null;
  const done = applied as ReturnType<typeof applyNoteChanges> | null;
  const result = {
    notesPath: plan.notesPath,
    created: outcome?.created ?? false,
    added: done?.added ?? [],
    sharpened: done?.sharpened ?? [],
    skipped: [...skipped, ...(done?.skipped ?? []).map((s) => ({ n: null, ...s }))],
  };
  return { ...result, message: describe(result) };
}

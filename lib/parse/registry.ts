import type { ParseInput, ParseResult, Parser } from "./types";
import { boundedText, capProblems, HTML_PARSE_MAX_CHARS, PARSE_MAX_CHARS, type BoundedText } from "./limits";
import { noCheckpointReason } from "./substance";
import { htmlParser } from "./html";
import { frontmatterParser } from "./frontmatter";
import { lastSessionParser } from "./last-session";
import { claudeMdParser } from "./claude-md";
import { promptMdParser } from "./prompt-md";
import { globalMdParser } from "./global-md";
import { sessionStateParser } from "./session-state";
import { handoffParser } from "./handoff";
import { projectNotesParser } from "./project-notes";
import { reviewParser } from "./review";
import { otherMdParser } from "./other-md";
import { dataCheckpointParser } from "./data-checkpoint";
import { memoryBankParser } from "./memory-bank";
import { taskMasterParser } from "./task-master";
import { gsdParser } from "./gsd";
import { agentPlanParser } from "./agent-plan";
import { progressLogParser } from "./progress-log";
import { transcriptParser } from "./transcript";
import { specKitParser } from "./spec-kit";
import { conductorParser } from "./conductor";
import { openSpecParser } from "./openspec";
import { kiroParser } from "./kiro";
import { backlogMdParser } from "./backlog-md";
import { execPlanParser } from "./exec-plan";
import { CONTENT_ROUTES, CONVENTION_ROUTES, FORCED_ROUTES, isConventionPath, looksLikeCheckpoint, routedAttempts, routedFormats, type Route } from "./routes";

/** Every family Cairn reads. A new family is a new file in this folder plus one line here. */
export const PARSERS: readonly Parser[] = [
  htmlParser,
  frontmatterParser,
  lastSessionParser,
  claudeMdParser,
  promptMdParser,
  globalMdParser,
  sessionStateParser,
  handoffParser,
  projectNotesParser,
  reviewParser,
  otherMdParser,
  dataCheckpointParser,
  // conventions beyond checkpoints (issue 24): one unit of work each
  specKitParser,
  conductorParser,
  openSpecParser,
  kiroParser,
  memoryBankParser,
  taskMasterParser,
  gsdParser,
  agentPlanParser,
  progressLogParser,
  backlogMdParser,
  execPlanParser,
  transcriptParser,
].sort(
  (a, b) => b.priority - a.priority,
);

/** Normalise to forward slashes so Windows-style input still matches. */
function normalise(relPath: string): string {
  return relPath.replace(/\\/g, "/");
}

const BY_FORMAT = new Map(PARSERS.map((p) => [p.format, p]));

function routed(path: string, routes: readonly Route[]): Parser[] {
  return routedFormats(path, routes).flatMap((format) => BY_FORMAT.get(format) ?? []);
}

/** Is this repo-relative path a candidate of any family (by its own name or a convention route)? Discovery asks this. */
export function isCandidatePath(relPath: string): boolean {
  const path = normalise(relPath);
  return PARSERS.some((parser) => parser.claims(path)) || isConventionPath(path);
}

/**
 * Parsers that claim the path, best first; for a path no family claims, those a convention route sends it to
 * (lib/parse/routes.ts). Parsing also tries the routes after claiming families that decline the content.
 */
export function parsersFor(relPath: string): Parser[] {
  const path = normalise(relPath);
  const claimed = PARSERS.filter((parser) => parser.claims(path));
  return claimed.length ? claimed : [...new Set(routed(path, CONVENTION_ROUTES))];
}

export function companionsFor(relPath: string): string[] {
  return [...new Set(parsersFor(relPath).flatMap((p) => p.companions?.(normalise(relPath)) ?? []))];
}

export interface ParseOptions {
  /** The user asked for this file (`!path` in .cairnignore): read it by its extension's family whatever it holds. */
  force?: boolean;
}

interface Attempt {
  parser: Parser;
  /** A content route also needs the text to say checkpoint. */
  gate?: (input: ParseInput) => boolean;
  /** A forced read skips the family's own test of the content. */
  forced?: boolean;
}

/** Convention routes, each with how it may read the file (forced by its place, or gated on its text). */
function conventionAttempts(path: string): Attempt[] {
  return routedAttempts(path, CONVENTION_ROUTES).flatMap((route) => {
    const parser = BY_FORMAT.get(route.format);
    if (!parser) return [];
    const gate = route.gate;
    return [{ parser, forced: route.force, gate: gate ? (i: ParseInput) => gate(i.text) : undefined }];
  });
}

/**
 * The attempts, best first, made one at a time: the first family that claims a file nearly always reads it, and
 * the routes after it (tested against the path with a dozen expressions) need not be worked out.
 */
function* attemptsFor(input: ParseInput, options: ParseOptions): Generator<Attempt> {
  const path = normalise(input.path);
  for (const parser of PARSERS) if (parser.claims(path)) yield { parser };
  yield* conventionAttempts(path);
  for (const parser of routed(path, CONTENT_ROUTES)) {
    yield { parser, gate: (i: ParseInput) => looksLikeCheckpoint(i.path, i.text.slice(0, 64 * 1024)) };
  }
  // forced: each family of the extension on its own terms first, then the last one whatever the content says
  const byExtension = options.force ? routed(path, FORCED_ROUTES) : [];
  for (const parser of byExtension) yield { parser };
  for (const parser of byExtension.slice(-1)) yield { parser, forced: true };
}

function admits(attempt: Attempt, input: ParseInput): boolean {
  try {
    if (attempt.forced) return true;
    if (attempt.gate && !attempt.gate(input)) return false;
    return !attempt.parser.accepts || attempt.parser.accepts(input);
  } catch {
    return false;
  }
}

/** The part of a text a family reads: data checkpoints bound their own (a JSON text cut short cannot be read). */
function boundFor(parser: Parser, text: string): BoundedText {
  if (parser.format === "data" || parser.format === "task-master") return { text, cut: null };
  return boundedText(text, parser.format === "html" ? HTML_PARSE_MAX_CHARS : PARSE_MAX_CHARS);
}

/**
 * Parse with the best parser that claims and accepts the file. Never throws.
 * `document: null` with no problems means the file was looked at and is not a checkpoint.
 */
export function parseDocument(input: ParseInput, options: ParseOptions = {}): ParseResult {
  let tried = 0;
  let first: ParseResult | null = null;
  for (const attempt of attemptsFor(input, options)) {
    tried++;
    if (!admits(attempt, input)) continue;
    const result = parseWith(attempt.parser, input);
    // a family that took the file but could read nothing in it (a STATUS.md whose Recent sessions list has no
    // dated entry) leaves it to the next route that admits it; its problems stand when none reads more
    if (result.document || result.problems.length === 0) return result.document || !first ? result : first;
    first ??= result;
  }
  if (first) return first;
  // Claimed by name but declined on content (a CLAUDE.md without Recent sessions, an ordinary PROMPT.md,
  // plain HTML under docs/plans): not a checkpoint, and nothing wrong with it.
  if (tried > 0) return { document: null, problems: [] };
  return { document: null, problems: [`no parser reads ${input.path}`] };
}

/** One family's reading of a file, bounded, with a template or empty note read as no checkpoint. Never throws. */
function parseWith(parser: Parser, input: ParseInput): ParseResult {
  try {
    const bounded = boundFor(parser, input.text);
    const result = parser.parse(bounded.text === input.text ? input : { ...input, text: bounded.text });
    // a template or an empty note at a checkpoint's place is read as no checkpoint (nothing wrong with it)
    if (result.document && noCheckpointReason(result.document, bounded.text)) return { document: null, problems: [] };
    return { ...result, problems: capProblems(bounded.cut ? [...result.problems, bounded.cut] : result.problems) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { document: null, problems: [`${parser.format} parser failed: ${reason}`] };
  }
}

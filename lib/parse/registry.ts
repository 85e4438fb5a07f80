import type { ParseInput, ParseResult, Parser } from "./types";
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
].sort(
  (a, b) => b.priority - a.priority,
);

/** Normalise to forward slashes so Windows-style input still matches. */
function normalise(relPath: string): string {
  return relPath.replace(/\\/g, "/");
}

/** Is this repo-relative path a candidate of any family? Discovery asks this. */
export function isCandidatePath(relPath: string): boolean {
  const path = normalise(relPath);
  return PARSERS.some((parser) => parser.claims(path));
}

/** Parsers that claim the path, best first. */
export function parsersFor(relPath: string): Parser[] {
  const path = normalise(relPath);
  return PARSERS.filter((parser) => parser.claims(path));
}

export function companionsFor(relPath: string): string[] {
  return [...new Set(parsersFor(relPath).flatMap((p) => p.companions?.(normalise(relPath)) ?? []))];
}

/**
 * Parse with the best parser that claims and accepts the file. Never throws.
 * `document: null` with no problems means the file was looked at and is not a checkpoint.
 */
export function parseDocument(input: ParseInput): ParseResult {
  const candidates = parsersFor(input.path);
  const parser = candidates.find((p) => {
    try {
      return !p.accepts || p.accepts(input);
    } catch {
      return false;
    }
  });
  if (!parser) {
    // Claimed by name but declined on content (a CLAUDE.md without Recent sessions, an ordinary PROMPT.md,
    // plain HTML under docs/plans): not a checkpoint, and nothing wrong with it.
    if (candidates.length > 0) return { document: null, problems: [] };
    return { document: null, problems: [`no parser reads ${input.path}`] };
  }
  try {
    return parser.parse(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { document: null, problems: [`${parser.format} parser failed: ${reason}`] };
  }
}

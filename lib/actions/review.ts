import "server-only";
import { userInfo } from "node:os";
import type { CairnDb } from "../../db/client";
import { tryGit } from "../git/runner";
import { redactValue } from "../derive/secrets";
import { fileStem, normaliseText, squash } from "../parse/heuristics/text";
import { formatReviewHeading, REVIEW_VERDICTS, type ReviewVerdict } from "../parse/review";
import { safeWrite, WriteError } from "../write";
import { documentWithRepository } from "../queries/shared";
import { reviewFileName } from "../queries/reviews";

export { REVIEW_VERDICTS, type ReviewVerdict };

export const VERDICT_LABELS: Record<ReviewVerdict, string> = {
  approved: "Approved",
  changes: "Changes requested",
  comment: "Comment",
};

export const MAX_COMMENT_CHARS = 20_000;
export const MAX_REVIEWER_CHARS = 100;

export interface ReviewInput {
  documentId: string;
  verdict: ReviewVerdict;
  comment: string;
  /** Defaults to the repository's `git config user.name`. */
  reviewer?: string | null;
  at?: Date;
}

export interface ReviewOutcome {
  /** `.claude/reviews/<review key>.md` (see `reviewKey`), relative to the repository. */
  relPath: string;
  absPath: string;
  repoPath: string;
  reviewer: string;
  verdict: ReviewVerdict;
  at: string;
  created: boolean;
  /** The review was written but re-indexing it failed (the next index run catches up). */
  reindexError: string | null;
}

/** `git config user.name` of that repository, read through the one git runner; null when unset. */
/** Page views ask for the name often; git config rarely changes: remember it for a minute. */
const USER_NAME_TTL_MS = 60_000;
const userNames = new Map<string, { name: string | null; at: number }>();

export async function gitUserName(repoPath: string): Promise<string | null> {
  const cached = userNames.get(repoPath);
  if (cached && Date.now() - cached.at < USER_NAME_TTL_MS) return cached.name;
  // shown in the form and written into the review: a secret pasted into user.name is redacted like any text
  const raw = squash(await redactValue((await tryGit(repoPath, ["config", "--get", "user.name"])) ?? ""));
  const name = raw ? raw.slice(0, MAX_REVIEWER_CHARS) : null;
  userNames.set(repoPath, { name, at: Date.now() });
  return name;
}

/** The reviewer name a form is prefilled with: git's user.name, else the login name. */
export async function defaultReviewer(repoPath: string | null): Promise<string> {
  const fromGit = repoPath ? await gitUserName(repoPath) : null;
  if (fromGit) return fromGit;
  try {
    return userInfo().username || "reviewer";
  } catch {
    return "reviewer";
  }
}

/** One line, no separator the heading parser splits on (" — ", " - "). */
export function cleanReviewer(name: string): string {
  return squash(name.replace(/\s+[-—–]+\s+/g, " ").replace(/[\u0000-\u001f\u007f]/g, " ")).slice(0, MAX_REVIEWER_CHARS);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Walk Markdown lines, calling `map` on those outside code fences; returns the fence left open at the end, if any. */
function walkFences(lines: string[], map: (line: string) => string = (l) => l): { lines: string[]; open: string | null } {
  let fence: string | null = null;
  const out = lines.map((line) => {
    const match = FENCE.exec(line);
    if (fence) {
      if (match && match[1][0] === fence[0] && match[1].length >= fence.length) fence = null;
      return line;
    }
    if (match) {
      fence = match[1];
      return line;
    }
    return map(line);
  });
  return { lines: out, open: fence };
}

/**
 * A comment that stays inside its own section when parsed back: level 1 and 2 headings become level 3,
 * a setext `===` underline is escaped, and an unclosed code fence is closed.
 */
export function cleanComment(comment: string): string {
  const text = normaliseText(comment).replace(/[\u0000\u000b\u000c]/g, "").replace(/\s+$/, "").replace(/^(?:[ \t]*\n)+/, "");
  const walked = walkFences(text.split("\n"), (line) => {
    if (/^ {0,3}#{1,2}(?:[ \t]|$)/.test(line)) return line.replace(/^ {0,3}#{1,2}/, "###");
    if (/^ {0,3}=+\s*$/.test(line)) return `\\${line.trimStart()}`;
    return line;
  });
  if (walked.open) walked.lines.push(walked.open);
  return walked.lines.join("\n");
}

/** The dated section appended for one review: the heading the parser reads, then the Markdown comment. */
export function reviewSection(entry: { at: Date; reviewer: string; verdict: ReviewVerdict; comment: string }): string {
  return `${formatReviewHeading({ at: entry.at, reviewer: entry.reviewer, verdict: entry.verdict })}\n\n${entry.comment}\n`;
}

/** The review file with one more section: created with a title, else appended after the existing text. */
export function appendReviewSection(current: string | null, title: string, section: string): string {
  if (current === null || current.trim() === "") return `# ${squash(title).replace(/^#+\s*/, "")}\n\n${section}`;
  // the existing bytes stay as they are; the new section follows the file's line endings
  const nl = current.includes("\r\n") ? "\r\n" : "\n";
  let text = current.endsWith("\n") ? current : current + nl;
  // a hand-edited file left inside a code fence would swallow the new heading: close the fence first
  const open = walkFences(normaliseText(text).split("\n")).open;
  if (open) text += open + nl;
  return `${text}${nl}${section.replace(/\n/g, nl)}`;
}

/** Review `documentId`: append a dated section to `.claude/reviews/<review file name>.md` in its repository, through the safe writer. */
export async function addReview(db: CairnDb, input: ReviewInput): Promise<ReviewOutcome> {
  if (!/^[0-9a-f]{16}$/.test(input.documentId)) throw new WriteError("refused", `"${input.documentId.slice(0, 40)}" is not a checkpoint id`);
  if (!(REVIEW_VERDICTS as readonly string[]).includes(input.verdict)) throw new WriteError("invalid-edit", `unknown verdict "${input.verdict}"`);
  const row = documentWithRepository(db, input.documentId);
  if (!row) throw new WriteError("not-found", `no indexed checkpoint has the id ${input.documentId}`);
  const { doc, repo } = row;
  if (!repo) throw new WriteError("refused", "this checkpoint is not inside an indexed repository: there is nowhere to keep its reviews");
  if (doc.kind !== "checkpoint") throw new WriteError("refused", `a ${doc.kind} document is not reviewed; review the checkpoint itself`);
  const comment = cleanComment(input.comment);
  if (!comment.trim()) throw new WriteError("invalid-edit", "the comment is empty");
  if (comment.length > MAX_COMMENT_CHARS) throw new WriteError("invalid-edit", `the comment is over ${MAX_COMMENT_CHARS} characters`);
  const reviewer = cleanReviewer(input.reviewer?.trim() ? input.reviewer : await defaultReviewer(repo.path));
  if (!reviewer) throw new WriteError("invalid-edit", "the reviewer name is empty");
  const at = input.at ?? new Date();
  const stem = fileStem(doc.path);
  const section = reviewSection({ at, reviewer, verdict: input.verdict, comment });
  const outcome = await safeWrite(db, {
    // one file per checkpoint: two checkpoints with one stem in two folders get two files
    target: { kind: "review", repositoryId: repo.id, name: `${reviewFileName(db, doc)}.md` },
    edit: (current) => Buffer.from(appendReviewSection(current?.toString("utf8") ?? null, `Reviews of ${doc.title ?? stem}`, section), "utf8"),
  });
  return {
    relPath: outcome.relPath,
    absPath: outcome.absPath,
    repoPath: repo.path,
    reviewer,
    verdict: input.verdict,
    at: at.toISOString(),
    created: outcome.created,
    reindexError: outcome.reindexError,
  };
}

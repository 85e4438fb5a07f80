import "server-only";
/**
 * A save's time where order matters (issue 39): the later of the time it states and the commit that last changed its
 * file. A handoff dated with a day only is stored at 00:00; committed again at 01:40, after a review at 01:39, it is
 * newer than that review. And what changed in its own text since the reviewed version, as a pull request shows the
 * push that re-requests a review.
 */
import { eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories } from "../../db/schema";
import { isFullSha, tryGit } from "../git/runner";
import { authorStore } from "./author-store";
import { lastAuthors } from "./queue-authors";
import type { ReviewItem } from "./reviews";
import { repositoryJoin } from "./shared";

/** The latest of these ISO times (null when none parses). */
export function latestTime(...times: (string | null | undefined)[]): string | null {
  const valid = times.filter((t): t is string => !!t && Number.isFinite(Date.parse(t)));
  if (!valid.length) return null;
  return new Date(Math.max(...valid.map((t) => Date.parse(t)))).toISOString();
}

function docOf(db: CairnDb, documentId: string) {
  return db
    .select({ path: documents.path, source: documents.source, contentHash: documents.contentHash, savedAt: documents.savedAt, repoPath: repositories.path })
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(eq(documents.id, documentId))
    .get();
}

/** The later of its stated save time and the commit that last changed its file (the work tree's HEAD, or its branch). */
export async function effectiveSaveTime(db: CairnDb, documentId: string): Promise<string | null> {
  const doc = docOf(db, documentId);
  if (!doc) return null;
  if (!doc.repoPath) return latestTime(doc.savedAt);
  const authors = await lastAuthors(doc.repoPath, [{ path: doc.path, source: doc.source, contentHash: doc.contentHash }], authorStore(db));
  return latestTime(doc.savedAt, authors.get(`${doc.source}\0${doc.path}`)?.at);
}

export interface TextDiff {
  added: string[];
  removed: string[];
}

const MAX_LINES = 4000;

/** Lines added and removed between two texts (longest common subsequence; blank lines left out). */
export function lineDiff(before: string, after: string): TextDiff {
  const a = before.replace(/\r\n/g, "\n").split("\n").slice(0, MAX_LINES);
  const b = after.replace(/\r\n/g, "\n").split("\n").slice(0, MAX_LINES);
  // trim the common head and tail: a handoff edited in one place costs almost nothing
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length * y.length > 4_000_000) return { added: y.filter((l) => l.trim()), removed: x.filter((l) => l.trim()) };
  const table = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) table[i][j] = x[i] === y[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const added: string[] = [];
  const removed: string[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      i++;
      j++;
    } else if (j < y.length && (i === x.length || table[i][j + 1] >= table[i + 1][j])) added.push(y[j++]);
    else removed.push(x[i++]);
  }
  return { added: added.filter((l) => l.trim()), removed: removed.filter((l) => l.trim()) };
}

const SAFE_REF = /^[A-Za-z0-9._/-]+$/;

/** The file's committed text as of `at` (the last commit at or before it that reached its branch), or null. */
async function textAsOf(repoPath: string, source: string, path: string, at: string): Promise<string | null> {
  const ref = source === "worktree" ? "HEAD" : source.replace(/^git:/, "");
  if (!SAFE_REF.test(ref) || ref.startsWith("-") || ref.includes("..") || path.startsWith("-")) return null;
  const sha = (await tryGit(repoPath, ["log", "-1", "--format=%H", `--before=${at}`, ref, "--", path], { timeoutMs: 10_000 }))?.trim();
  if (!sha || !isFullSha(sha)) return null;
  return tryGit(repoPath, ["show", `${sha}:${path}`], { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
}

async function currentText(repoPath: string, source: string, path: string): Promise<string | null> {
  if (source === "worktree") return tryGit(repoPath, ["show", `HEAD:${path}`], { timeoutMs: 10_000 });
  const ref = source.replace(/^git:/, "");
  if (!SAFE_REF.test(ref) || ref.startsWith("-") || ref.includes("..")) return null;
  return tryGit(repoPath, ["show", `${ref}:${path}`], { timeoutMs: 10_000 });
}

export interface SinceReview {
  /** Saved after the last review (true), not (false), or cannot tell (null). */
  changed: boolean | null;
  /** The save time compared (the later of its stated time and its last commit). */
  savedAt: string | null;
  /** The file's own text changes since the version the last review saw (committed versions), when it changed. */
  diff: TextDiff | null;
}

/** A review heading with a time of day is compared to the minute; a day alone gets the day's slack. */
function reviewedAfter(review: ReviewItem, saved: number): boolean {
  const at = Date.parse(review.at ?? "");
  const hasTime = /\d{1,2}:\d{2}/.test(review.atRaw);
  return hasTime ? Math.floor(saved / 60_000) <= Math.floor(at / 60_000) : saved <= at + 86_400_000;
}

/** Whether the checkpoint was saved again after `last`, and its text diff since the reviewed version. */
export async function sinceLastReview(db: CairnDb, documentId: string, last: ReviewItem | null): Promise<SinceReview> {
  const savedAt = await effectiveSaveTime(db, documentId);
  if (!last || !last.at || !Number.isFinite(Date.parse(last.at))) return { changed: null, savedAt, diff: null };
  const saved = savedAt ? Date.parse(savedAt) : Number.NaN;
  if (!Number.isFinite(saved) || reviewedAfter(last, saved)) return { changed: false, savedAt, diff: null };
  const doc = docOf(db, documentId);
  let diff: TextDiff | null = null;
  if (doc?.repoPath) {
    const [before, after] = await Promise.all([textAsOf(doc.repoPath, doc.source, doc.path, last.at), currentText(doc.repoPath, doc.source, doc.path)]);
    if (before !== null && after !== null) diff = lineDiff(before, after);
  }
  return { changed: true, savedAt, diff };
}

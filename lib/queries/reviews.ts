import "server-only";
import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { isAbsolute } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, repositories, saveEvents } from "../../db/schema";
import { tryGit } from "../git/runner";
import { fileStem } from "../parse/heuristics/text";
import { REVIEW_VERDICTS, type ReviewVerdict } from "../parse/review";
import { listColumns, notDuplicate, repositoryJoin, statusCondition, type CheckpointListRow } from "./shared";

/** One dated review section, as indexed from `.claude/reviews/<stem>.md` (work tree or a branch). */
export interface ReviewItem {
  at: string | null;
  atRaw: string;
  reviewer: string;
  verdict: ReviewVerdict | null;
  verdictRaw: string;
  comment: string;
  /** The review file's document, its path and where it was found ("worktree" or "git:<ref>"). */
  reviewDocumentId: string;
  path: string;
  source: string;
}

interface ReviewDoc {
  id: string;
  repositoryId: number | null;
  path: string;
  source: string;
  meta: Record<string, unknown> | null;
}

const reviewDocColumns = {
  id: documents.id,
  repositoryId: documents.repositoryId,
  path: documents.path,
  source: documents.source,
  meta: documents.meta,
};

function isVerdict(value: unknown): value is ReviewVerdict {
  return typeof value === "string" && (REVIEW_VERDICTS as readonly string[]).includes(value);
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** meta.reviews of one review document, validated (the JSON column is untyped). */
function entriesOf(doc: ReviewDoc): ReviewItem[] {
  const list = doc.meta?.reviews;
  if (!Array.isArray(list)) return [];
  return list
    .filter((r): r is Record<string, unknown> => !!r && typeof r === "object")
    .map((r) => ({
      at: typeof r.at === "string" ? r.at : null,
      atRaw: text(r.atRaw),
      reviewer: text(r.reviewer),
      verdict: isVerdict(r.verdict) ? r.verdict : null,
      verdictRaw: text(r.verdictRaw),
      comment: text(r.comment),
      reviewDocumentId: doc.id,
      path: doc.path,
      source: doc.source,
    }));
}

/** Oldest first; the same section found in two places (a branch and the work tree) is listed once. */
function mergeEntries(docs: ReviewDoc[]): ReviewItem[] {
  const ordered = [...docs].sort((a, b) => Number(b.source === "worktree") - Number(a.source === "worktree"));
  const seen = new Set<string>();
  const items: ReviewItem[] = [];
  for (const doc of ordered) {
    for (const item of entriesOf(doc)) {
      const key = `${item.atRaw}\0${item.reviewer}\0${item.verdictRaw}\0${item.comment}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items.sort((a, b) => (a.at ?? "").localeCompare(b.at ?? ""));
}

function reviewDocs(db: CairnDb, where: SQL): ReviewDoc[] {
  return db.select(reviewDocColumns).from(documents).where(and(eq(documents.kind, "review"), where)).all();
}

/** The reviews of one checkpoint: review documents of the same repository whose meta.reviewOf is its file stem. */
export function reviewsFor(db: CairnDb, documentId: string): ReviewItem[] {
  const doc = db.select({ repositoryId: documents.repositoryId, path: documents.path }).from(documents).where(eq(documents.id, documentId)).get();
  if (!doc || doc.repositoryId === null) return [];
  const stem = fileStem(doc.path);
  const docs = reviewDocs(db, eq(documents.repositoryId, doc.repositoryId)).filter((r) => r.meta?.reviewOf === stem);
  return mergeEntries(docs);
}

export interface ReviewTarget {
  documentId: string;
  title: string | null;
  path: string;
  repoPath: string | null;
  /** `.claude/reviews/<stem>.md`, where reviews of this checkpoint are kept. */
  reviewFile: string;
  reviewable: boolean;
  /** Why not, when it cannot be reviewed. */
  reason: string | null;
}

/** What the review form needs to know about a checkpoint; null when there is no such document. */
export function reviewTarget(db: CairnDb, documentId: string): ReviewTarget | null {
  const row = db
    .select({ id: documents.id, title: documents.title, path: documents.path, kind: documents.kind, repoPath: repositories.path, isBare: repositories.isBare })
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(eq(documents.id, documentId))
    .get();
  if (!row) return null;
  const reason = !row.repoPath
    ? "This checkpoint lives outside any indexed repository: there is nowhere to keep its reviews."
    : row.isBare
      ? "This repository is bare: reviews are written into a work tree."
      : row.kind !== "checkpoint"
        ? `A ${row.kind} document is not reviewed; review the checkpoint it belongs to.`
        : null;
  return {
    documentId: row.id,
    title: row.title,
    path: row.path,
    repoPath: row.repoPath,
    reviewFile: `.claude/reviews/${fileStem(row.path)}.md`,
    reviewable: reason === null,
    reason,
  };
}

export function latestReview(items: ReviewItem[]): ReviewItem | null {
  return items.length ? items[items.length - 1] : null;
}

/** Review headings carry minutes only: compare times to the minute. */
const minute = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

export interface QueueRow extends CheckpointListRow {
  repoPath: string | null;
  source: string;
  /** The file's save time, or the later commit that saved it. */
  lastSave: string | null;
  /** "tracked" (in the work tree's git index) or "branch" (found only in a branch's commits). */
  committed: "tracked" | "branch";
  lastReview: ReviewItem | null;
  reviews: number;
}

/** Which of `paths` git tracks in this repository: one `git ls-files` per repository, through the runner. */
export async function trackedPaths(repoPath: string, paths: string[]): Promise<Set<string>> {
  // a global checkpoint linked to the repository has an absolute path outside it: git would refuse the whole call
  const inside = paths.filter((p) => p && !isAbsolute(p) && !p.split("/").includes("..")).slice(0, 2000);
  if (inside.length === 0) return new Set();
  const out = await tryGit(repoPath, ["ls-files", "-z", "--cached", "--", ...inside]);
  return new Set((out ?? "").split("\0").filter(Boolean));
}

/** In progress (or blocked), or of a family without a status in the file (a handoff, a session-state save). */
const openCondition = or(statusCondition("in-progress"), isNull(documents.status))!;

/** Families whose files carry a status the author sets and completes; the others are snapshots of one ongoing state. */
const DECLARED_STATUS_FORMATS = new Set(["html", "frontmatter-md"]);

type QueueCandidate = { id: string; repositoryId: number | null; format: string; branch: string | null; savedAt: string | null; rawStatus: string | null };
const isSnapshot = (row: QueueCandidate) => row.rawStatus === null || !DECLARED_STATUS_FORMATS.has(row.format);

/**
 * A snapshot (a handoff, a session-state archive, a save without a status) is in progress until a newer save
 * of the same family on the same branch replaces it; a checkpoint that declares "in-progress" stays until completed.
 */
function currentSnapshots(rows: QueueCandidate[]): Set<string> {
  const newest = new Map<string, QueueCandidate>();
  for (const row of rows.filter(isSnapshot)) {
    const key = `${row.repositoryId}\0${row.format}\0${row.branch ?? ""}`;
    const current = newest.get(key);
    if (!current || (row.savedAt ?? "") > (current.savedAt ?? "")) newest.set(key, row);
  }
  return new Set([...newest.values()].map((r) => r.id));
}

/**
 * Handoffs awaiting review: in progress, committed (tracked by git, or found on a branch), and not reviewed
 * since their last save (the file's own time or a later save commit). Newest save first.
 */
export async function reviewQueue(db: CairnDb, options: { formats?: readonly string[] } = {}): Promise<QueueRow[]> {
  const all = db
    .select({ ...listColumns, repoPath: repositories.path, source: documents.source, rawStatus: documents.status })
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(and(eq(documents.kind, "checkpoint"), isNotNull(documents.repositoryId), notDuplicate, openCondition))
    .all();
  const current = currentSnapshots(all);
  const candidates = all
    .filter((c) => c.status !== "completed" && (!isSnapshot(c) || current.has(c.id)))
    // only these families (the overview's queue asks for handoffs): git is then asked about their repositories alone
    .filter((c) => !options.formats || options.formats.includes(c.format))
    .map(({ rawStatus: _raw, ...c }) => c);
  if (candidates.length === 0) return [];
  const repoIds = [...new Set(candidates.map((c) => c.repositoryId).filter((id): id is number => id !== null))];

  const tracked = new Map<number, Set<string>>();
  for (const id of repoIds) {
    const rows = candidates.filter((c) => c.repositoryId === id && c.source === "worktree");
    const repoPath = rows[0]?.repoPath;
    tracked.set(id, repoPath ? await trackedPaths(repoPath, rows.map((r) => r.path)) : new Set());
  }

  const savedBy = new Map<string, string>();
  for (const event of db
    .select({ documentId: saveEvents.documentId, committedAt: saveEvents.committedAt })
    .from(saveEvents)
    .where(inArray(saveEvents.repositoryId, repoIds))
    .all()) {
    if (!event.documentId) continue;
    const previous = savedBy.get(event.documentId);
    if (!previous || event.committedAt > previous) savedBy.set(event.documentId, event.committedAt);
  }

  const reviewsByKey = new Map<string, ReviewDoc[]>();
  for (const doc of reviewDocs(db, inArray(documents.repositoryId, repoIds))) {
    const key = `${doc.repositoryId}\0${String(doc.meta?.reviewOf ?? "")}`;
    reviewsByKey.set(key, [...(reviewsByKey.get(key) ?? []), doc]);
  }

  const queue: QueueRow[] = [];
  for (const c of candidates) {
    const committed = c.source !== "worktree" ? "branch" : tracked.get(c.repositoryId ?? -1)?.has(c.path) ? "tracked" : null;
    if (!committed) continue;
    const commitAt = savedBy.get(c.id) ?? null;
    const lastSave = [c.savedAt, commitAt].filter((t): t is string => !!t).sort().pop() ?? null;
    const items = mergeEntries(reviewsByKey.get(`${c.repositoryId}\0${fileStem(c.path)}`) ?? []);
    const last = latestReview(items);
    const reviewedSince = items.some((r) => r.at && minute(r.at) >= minute(lastSave));
    if (reviewedSince) continue;
    queue.push({ ...c, lastSave, committed, lastReview: last, reviews: items.length });
  }
  return queue.sort((a, b) => (b.lastSave ?? "").localeCompare(a.lastSave ?? ""));
}

export interface RecentReview extends ReviewItem {
  checkpoint: { id: string; title: string | null; path: string } | null;
  repoName: string | null;
}

/** The latest reviews across repositories, each with the checkpoint it reviews when that is indexed. */
export function recentReviews(db: CairnDb, limit = 20): RecentReview[] {
  const docs = db
    .select({ ...reviewDocColumns, repoName: repositories.name })
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(eq(documents.kind, "review"))
    .orderBy(desc(documents.savedAt))
    .limit(200)
    .all();
  const repoIds = [...new Set(docs.map((d) => d.repositoryId).filter((id): id is number => id !== null))];
  const targets = new Map<string, NonNullable<RecentReview["checkpoint"]> & { source: string }>();
  if (repoIds.length) {
    for (const c of db
      .select({ id: documents.id, title: documents.title, path: documents.path, source: documents.source, repositoryId: documents.repositoryId })
      .from(documents)
      .where(and(inArray(documents.repositoryId, repoIds), eq(documents.kind, "checkpoint")))
      .all()) {
      const key = `${c.repositoryId}\0${fileStem(c.path)}`;
      const current = targets.get(key);
      if (!current || (current.source !== "worktree" && c.source === "worktree")) targets.set(key, c);
    }
  }
  const items: RecentReview[] = [];
  for (const doc of docs) {
    const target = targets.get(`${doc.repositoryId}\0${String(doc.meta?.reviewOf ?? "")}`);
    const checkpoint = target ? { id: target.id, title: target.title, path: target.path } : null;
    for (const item of entriesOf(doc)) items.push({ ...item, checkpoint, repoName: doc.repoName });
  }
  return items.sort((a, b) => (b.at ?? "").localeCompare(a.at ?? "")).slice(0, limit);
}

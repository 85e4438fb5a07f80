import "server-only";
import { and, desc, eq, inArray, isNotNull, isNull, like, or, type SQL } from "drizzle-orm";
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, repositories, saveEvents, sections } from "../../db/schema";
import { readTrackedPaths } from "../git/index-file";
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

/** A file-name part the safe writer accepts: letters, digits, `.`, `_`, ` ` and `-`, starting with a letter or digit. */
function safeNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._ -]+/g, "-").replace(/^[^A-Za-z0-9]+/, "");
}

const CHECKPOINTS_DIR = ".claude/checkpoints";
const MAX_KEY = 190;

/**
 * The name (without `.md`) of the review file of a checkpoint at `path`, in `.claude/reviews/`: its file stem
 * for a checkpoint directly in `.claude/checkpoints/` (whose names are unique), else the stem and its folder
 * (`HANDOFF--docs-handoffs`), so that two checkpoints with one stem in two folders never share a review file.
 */
export function reviewKey(path: string): string {
  const p = path.replace(/\\/g, "/");
  const slash = p.lastIndexOf("/");
  const dir = slash < 0 ? "" : p.slice(0, slash);
  const stem = safeNamePart(fileStem(p)) || "checkpoint";
  if (dir === CHECKPOINTS_DIR) return stem.slice(0, MAX_KEY);
  const folder = dir.split("/").map(safeNamePart).filter(Boolean).join("-") || "root";
  const key = `${stem}--${folder}`;
  return key.length <= MAX_KEY ? key : `${key.slice(0, MAX_KEY - 9)}-${createHash("sha256").update(p).digest("hex").slice(0, 8)}`;
}

/**
 * The names a checkpoint's reviews may be kept under: its review key, and (files written before keys had
 * folders) its bare stem, while no other checkpoint of the repository has that stem.
 */
function reviewNames(path: string, stemCount: (stem: string) => number): string[] {
  const key = reviewKey(path);
  const stem = fileStem(path);
  return stem !== key && stemCount(stem) <= 1 ? [key, stem] : [key];
}

/** How many checkpoints (distinct paths) of each repository have each file stem. */
function stemCounts(db: CairnDb, repositoryIds: number[]): (repositoryId: number | null, stem: string) => number {
  const paths = new Map<string, Set<string>>();
  if (repositoryIds.length) {
    for (const row of db
      .select({ repositoryId: documents.repositoryId, path: documents.path })
      .from(documents)
      .where(and(eq(documents.kind, "checkpoint"), inArray(documents.repositoryId, repositoryIds.slice(0, 900))))
      .all()) {
      const key = `${row.repositoryId}\0${fileStem(row.path)}`;
      paths.set(key, (paths.get(key) ?? new Set()).add(row.path));
    }
  }
  return (repositoryId, stem) => paths.get(`${repositoryId}\0${stem}`)?.size ?? 0;
}

function reviewDocs(db: CairnDb, where: SQL): ReviewDoc[] {
  return db.select(reviewDocColumns).from(documents).where(and(eq(documents.kind, "review"), where)).all();
}

/**
 * The name (without `.md`) of the file in `.claude/reviews/` a new review of this checkpoint is appended to:
 * its review key, or the bare-stem file its earlier reviews are already in (written before keys had folders,
 * and only while no other checkpoint of the repository has that stem), so that its history stays in one file.
 */
export function reviewFileName(db: CairnDb, doc: { repositoryId: number | null; path: string }): string {
  const key = reviewKey(doc.path);
  if (doc.repositoryId === null) return key;
  const count = stemCounts(db, [doc.repositoryId]);
  const legacy = reviewNames(doc.path, (stem) => count(doc.repositoryId, stem)).find((name) => name !== key);
  if (!legacy || safeNamePart(legacy) !== legacy) return key;
  const existing = reviewDocs(db, and(eq(documents.repositoryId, doc.repositoryId), eq(documents.source, "worktree"))!).some((r) => r.meta?.reviewOf === legacy);
  return existing ? legacy : key;
}

/** The reviews of one checkpoint: review documents of the same repository kept under its review key (see `reviewNames`). */
export function reviewsFor(db: CairnDb, documentId: string): ReviewItem[] {
  const doc = db.select({ repositoryId: documents.repositoryId, path: documents.path }).from(documents).where(eq(documents.id, documentId)).get();
  if (!doc || doc.repositoryId === null) return [];
  const count = stemCounts(db, [doc.repositoryId]);
  const names = reviewNames(doc.path, (stem) => count(doc.repositoryId, stem));
  const docs = reviewDocs(db, eq(documents.repositoryId, doc.repositoryId)).filter((r) => names.includes(String(r.meta?.reviewOf ?? "")));
  return mergeEntries(docs);
}

export interface ReviewTarget {
  documentId: string;
  title: string | null;
  path: string;
  repoPath: string | null;
  /** `.claude/reviews/<review key>.md`, where reviews of this checkpoint are written. */
  reviewFile: string;
  reviewable: boolean;
  /** Why not, when it cannot be reviewed. */
  reason: string | null;
}

/** What the review form needs to know about a checkpoint; null when there is no such document. */
export function reviewTarget(db: CairnDb, documentId: string): ReviewTarget | null {
  const row = db
    .select({ id: documents.id, title: documents.title, path: documents.path, kind: documents.kind, repositoryId: documents.repositoryId, repoPath: repositories.path, isBare: repositories.isBare })
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
    reviewFile: `.claude/reviews/${reviewFileName(db, { repositoryId: row.repositoryId, path: row.path })}.md`,
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

/**
 * Which of `paths` git tracks in this repository: read from the index file when it is plainly understood (no
 * process), else one `git ls-files` through the runner.
 */
export async function trackedPaths(repoPath: string, paths: string[]): Promise<Set<string>> {
  // a global checkpoint linked to the repository has an absolute path outside it: git would refuse the whole call
  const inside = paths.filter((p) => p && !isAbsolute(p) && !p.split("/").includes("..")).slice(0, 2000);
  if (inside.length === 0) return new Set();
  const all = await readTrackedPaths(repoPath);
  if (all) return new Set(inside.filter((p) => all.has(p)));
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

/** A status, heading or sentence that asks someone to review the work ("ready for review", "## For review", "please review"). */
const ASKS_FOR_REVIEW =
  /\b(?:ready for (?:a )?review|for (?:your |a |code )?review|needs? (?:a |code )?review|awaiting (?:a |code )?review|waiting (?:for|on) (?:a |code )?review|in review|under review|please review|review (?:requested|wanted|needed|please)|request(?:ing|ed)? (?:a |code )?review|questions? for (?:the )?reviewers?|notes? for (?:the )?reviewers?|reviewers?:)/i;

/**
 * Of these checkpoints (not handoffs), those that ask for a review: in their status, a section heading or
 * a sentence. One query over the sections that mention a review at all.
 */
function askingForReview(db: CairnDb, rows: { id: string; statusRaw: string | null }[]): Set<string> {
  const asking = new Set(rows.filter((r) => r.statusRaw && ASKS_FOR_REVIEW.test(r.statusRaw)).map((r) => r.id));
  const rest = rows.filter((r) => !asking.has(r.id)).map((r) => r.id);
  for (let i = 0; i < rest.length; i += 900) {
    for (const section of db
      .select({ documentId: sections.documentId, heading: sections.heading, text: sections.text })
      .from(sections)
      .where(and(inArray(sections.documentId, rest.slice(i, i + 900)), or(like(sections.heading, "%review%"), like(sections.text, "%review%"))))
      .all()) {
      // a review request is said in a few words: look at the heading and the start of each line, not at whole essays
      if (ASKS_FOR_REVIEW.test(section.heading) || section.text.split("\n").some((line) => ASKS_FOR_REVIEW.test(line.slice(0, 400)))) {
        asking.add(section.documentId);
      }
    }
  }
  return asking;
}

/**
 * What awaits review: handoffs (written for someone else to pick up) and in-progress checkpoints that ask
 * for a review, committed (tracked by git, or found on a branch), and not reviewed since their last save
 * (the file's own time or a later save commit). A checkpoint that was merely committed is not asked to be
 * reviewed. Newest save first.
 */
export async function reviewQueue(db: CairnDb, options: { formats?: readonly string[] } = {}): Promise<QueueRow[]> {
  const all = db
    .select({ ...listColumns, repoPath: repositories.path, source: documents.source, rawStatus: documents.status, statusRaw: documents.statusRaw })
    .from(documents)
    .leftJoin(repositories, repositoryJoin)
    .where(and(eq(documents.kind, "checkpoint"), isNotNull(documents.repositoryId), notDuplicate, openCondition))
    .all();
  const current = currentSnapshots(all);
  const open = all
    .filter((c) => c.status !== "completed" && (!isSnapshot(c) || current.has(c.id)))
    // only these families (the overview's queue asks for handoffs): git is then asked about their repositories alone
    .filter((c) => !options.formats || options.formats.includes(c.format));
  const asking = askingForReview(db, open.filter((c) => c.format !== "handoff"));
  const candidates = open.filter((c) => c.format === "handoff" || asking.has(c.id)).map(({ rawStatus: _raw, statusRaw: _statusRaw, ...c }) => c);
  if (candidates.length === 0) return [];
  const repoIds = [...new Set(candidates.map((c) => c.repositoryId).filter((id): id is number => id !== null))];

  const tracked = new Map<number, Set<string>>(
    await Promise.all(
      repoIds.map(async (id): Promise<[number, Set<string>]> => {
        const rows = candidates.filter((c) => c.repositoryId === id && c.source === "worktree");
        const repoPath = rows[0]?.repoPath;
        return [id, repoPath ? await trackedPaths(repoPath, rows.map((r) => r.path)) : new Set()];
      }),
    ),
  );

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

  const stems = stemCounts(db, repoIds);
  const queue: QueueRow[] = [];
  for (const c of candidates) {
    const committed = c.source !== "worktree" ? "branch" : tracked.get(c.repositoryId ?? -1)?.has(c.path) ? "tracked" : null;
    if (!committed) continue;
    const commitAt = savedBy.get(c.id) ?? null;
    const lastSave = [c.savedAt, commitAt].filter((t): t is string => !!t).sort().pop() ?? null;
    const names = reviewNames(c.path, (stem) => stems(c.repositoryId, stem));
    const items = mergeEntries(names.flatMap((name) => reviewsByKey.get(`${c.repositoryId}\0${name}`) ?? []));
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
    const stems = stemCounts(db, repoIds);
    for (const c of db
      .select({ id: documents.id, title: documents.title, path: documents.path, source: documents.source, repositoryId: documents.repositoryId })
      .from(documents)
      .where(and(inArray(documents.repositoryId, repoIds), eq(documents.kind, "checkpoint")))
      .all()) {
      for (const name of reviewNames(c.path, (stem) => stems(c.repositoryId, stem))) {
        const key = `${c.repositoryId}\0${name}`;
        const current = targets.get(key);
        if (!current || (current.source !== "worktree" && c.source === "worktree")) targets.set(key, c);
      }
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

import "server-only";
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { CairnDb } from "../../db/client";
import { documents, repositories } from "../../db/schema";
import { fileStem } from "../parse/heuristics/text";
import { REVIEW_VERDICTS, type ReviewVerdict } from "../parse/review-verdicts";
import { repositoryJoin } from "./shared";

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

export interface ReviewDoc {
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
export function mergeEntries(docs: ReviewDoc[]): ReviewItem[] {
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
export function reviewNames(path: string, stemCount: (stem: string) => number): string[] {
  const key = reviewKey(path);
  const stem = fileStem(path);
  return stem !== key && stemCount(stem) <= 1 ? [key, stem] : [key];
}

/** How many checkpoints (distinct paths) of each repository have each file stem. */
export function stemCounts(db: CairnDb, repositoryIds: number[]): (repositoryId: number | null, stem: string) => number {
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

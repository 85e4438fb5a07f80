import "server-only";
/**
 * What awaits review: committed handoffs, and in-progress checkpoints that ask for a review, not reviewed
 * since their last save. Read on every overview (its queue asks for the handoffs) and on the Reviews page,
 * so every step is one raw query (no per-row ORM mapping) and what git tracks is remembered per
 * repository while its index file stays the same.
 */
import { and, eq, isNotNull, isNull, like, or, sql, type AnyColumn } from "drizzle-orm";
import { lstatSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, repositories, saveEvents, sections } from "../../db/schema";
import { readTrackedPaths } from "../git/index-file";
import { identityIn, isUser, lastAuthors, userIdentity, type Author } from "./queue-authors";
import { authorStore, identityStore } from "./author-store";
import { allRows } from "./raw-rows";
import { latestReview, mergeEntries, reviewNames, stemCounts, type ReviewDoc, type ReviewItem } from "./reviews";
import { listColumns, notDuplicate, repositoryJoin, statusCondition, type CheckpointListRow } from "./shared";

export interface QueueRow extends CheckpointListRow {
  repoPath: string | null;
  source: string;
  /** The file's save time, or the later commit that saved it. */
  lastSave: string | null;
  /** "tracked" (in the work tree's git index) or "branch" (found only in a branch's commits). */
  committed: "tracked" | "branch";
  lastReview: ReviewItem | null;
  reviews: number;
  /** Who committed it last (null: not known); a handoff awaits review when that is someone else, or when it asks for one. */
  author: Author | null;
  /** It asks for a review in its status, a heading or a line. */
  asked: boolean;
  /** The last review was the user's own (its reviewer's name is one of the user's). */
  lastReviewByUser: boolean;
}

/** Review headings carry minutes only: compare times to the minute. */
const minute = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

/** `column IN (the values)`, the values one parameter (a JSON array, whatever their number) filled in per call. */
const inJson = (column: AnyColumn, name: string) => sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(name)}))`;

/**
 * What git tracked, per repository, as last read: the stamp of its `.git` folder's index, config and
 * commondir files (inode, size, times) and the answers given for each path asked about. A plain work tree
 * only (a linked worktree's index lives elsewhere: it is read every time).
 */
const trackedMemo = new Map<string, { stamp: string; answers: Map<string, boolean> }>();

function gitIndexStamp(repoPath: string): string | null {
  try {
    if (!lstatSync(join(repoPath, ".git")).isDirectory()) return null;
    return ["index", "config", "commondir"]
      .map((name) => {
        const info = lstatSync(join(repoPath, ".git", name), { throwIfNoEntry: false });
        return info ? `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}` : "-";
      })
      .join("|");
  } catch {
    return null;
  }
}

/**
 * Which of `paths` git tracks in this repository: read from the index file when it is plainly understood (no
 * process), else one `git ls-files` through the runner; the same question again, while the index file is
 * unchanged, is answered from memory.
 */
export async function trackedPaths(repoPath: string, paths: string[]): Promise<Set<string>> {
  // a global checkpoint linked to the repository has an absolute path outside it: git would refuse the whole call
  const inside = paths.filter((p) => p && !isAbsolute(p) && !p.split("/").includes("..")).slice(0, 2000);
  if (inside.length === 0) return new Set();
  const stamp = gitIndexStamp(repoPath);
  const known = stamp === null ? undefined : trackedMemo.get(repoPath);
  if (known && known.stamp === stamp && inside.every((p) => known.answers.has(p))) return new Set(inside.filter((p) => known.answers.get(p)));
  const tracked = await readTrackedSubset(repoPath, inside);
  if (stamp !== null) {
    const answers = known?.stamp === stamp ? known.answers : new Map<string, boolean>();
    for (const p of inside) answers.set(p, tracked.has(p));
    if (trackedMemo.size >= 10_000) trackedMemo.clear();
    trackedMemo.set(repoPath, { stamp, answers });
  }
  return tracked;
}

async function readTrackedSubset(repoPath: string, inside: string[]): Promise<Set<string>> {
  const all = await readTrackedPaths(repoPath);
  if (all) return new Set(inside.filter((p) => all.has(p)));
  // git itself only for an index the reader cannot vouch for: a queue that needs none never loads the runner
  const { tryGit } = await import("../git/runner");
  const out = await tryGit(repoPath, ["ls-files", "-z", "--cached", "--", ...inside]);
  return new Set((out ?? "").split("\0").filter(Boolean));
}

/** In progress (or blocked), or of a family without a status in the file (a handoff, a session-state save). */
export const openCondition = or(statusCondition("in-progress"), isNull(documents.status))!;

/** Families whose files carry a status the author sets and completes; the others are snapshots of one ongoing state. */
const DECLARED_STATUS_FORMATS = new Set(["html", "frontmatter-md"]);

type QueueCandidate = { id: string; repositoryId: number | null; format: string; branch: string | null; savedAt: string | null; rawStatus: string | null };
export const isSnapshot = (row: QueueCandidate) => row.rawStatus === null || !DECLARED_STATUS_FORMATS.has(row.format);

/**
 * A snapshot (a handoff, a session-state archive, a save without a status) is in progress until a newer save
 * of the same family on the same branch replaces it; a checkpoint that declares "in-progress" stays until completed.
 */
export function currentSnapshots(rows: QueueCandidate[]): Set<string> {
  const newest = new Map<string, QueueCandidate>();
  for (const row of rows) {
    if (!isSnapshot(row)) continue;
    const key = `${row.repositoryId}\0${row.format}\0${row.branch ?? ""}`;
    const current = newest.get(key);
    if (!current || (row.savedAt ?? "") > (current.savedAt ?? "")) newest.set(key, row);
  }
  return new Set([...newest.values()].map((r) => r.id));
}

/**
 * A status, heading or sentence that asks someone to review the work ("ready for review", "## For review",
 * "please review", "up for review"); a line that only mentions a review ("in Rick's court for review",
 * "acceptable for review", "open questions for reviewer" inside a sentence) asks nothing.
 */
const ASKS_FOR_REVIEW =
  /^\W*(?:(?:open )?(?:questions?|notes?) for (?:the |a )?reviewers?|for (?:your |a |code )?review\b)|\b(?:up|submitted|sent|open|out|here) for (?:your |a |code )?review\b|\b(?:ready for (?:a |your |code )?review|needs? (?:a |code )?review|awaiting (?:a |code )?review|waiting (?:for|on) (?:a |code )?review|in review|under review|please review|review (?:requested|wanted|needed|please)|request(?:ing|ed)? (?:a |code )?review|reviewers?:)/i;

/**
 * Of these checkpoints (not handoffs), those that ask for a review: in their status, a section heading or
 * a sentence. One query over the sections that mention a review at all.
 */
function askingForReview(db: CairnDb, rows: { id: string; statusRaw: string | null }[]): Set<string> {
  const asking = new Set(rows.filter((r) => r.statusRaw && ASKS_FOR_REVIEW.test(r.statusRaw)).map((r) => r.id));
  const rest = rows.filter((r) => !asking.has(r.id)).map((r) => r.id);
  if (rest.length === 0) return asking;
  const fields = { documentId: sections.documentId, heading: sections.heading, text: sections.text };
  const query = () =>
    db
      .select(fields)
      .from(sections)
      .where(and(inJson(sections.documentId, "ids"), or(like(sections.heading, "%review%"), like(sections.text, "%review%"))));
  for (const section of allRows(db, query, fields, { name: "review-queue:asking", values: { ids: JSON.stringify(rest) } })) {
    if (asking.has(section.documentId)) continue;
    // a review request is said in a few words: look at the heading and the start of each line, not at whole essays
    if (ASKS_FOR_REVIEW.test(section.heading) || section.text.split("\n").some((line) => ASKS_FOR_REVIEW.test(line.slice(0, 400)))) {
      asking.add(section.documentId);
    }
  }
  return asking;
}

const candidateFields = {
  ...listColumns,
  repoPath: repositories.path,
  source: documents.source,
  rawStatus: documents.status,
  statusRaw: documents.statusRaw,
  contentHash: documents.contentHash,
};

/** The newest commit that saved each document (chore(checkpoint): …), in these repositories. */
function lastSaveCommits(db: CairnDb, repoIds: number[]): Map<string, string> {
  const fields = { documentId: saveEvents.documentId, committedAt: sql<string>`max(${saveEvents.committedAt})` };
  const query = () =>
    db
      .select(fields)
      .from(saveEvents)
      .where(and(inJson(saveEvents.repositoryId, "repos"), isNotNull(saveEvents.documentId)))
      .groupBy(saveEvents.documentId);
  return new Map(allRows(db, query, fields, { name: "review-queue:save-commits", values: { repos: JSON.stringify(repoIds) } }).map((row) => [row.documentId!, row.committedAt]));
}

/** The review documents of these repositories, by repository and the name they review (`meta.reviewOf`). */
function reviewsByName(db: CairnDb, repoIds: number[]): Map<string, ReviewDoc[]> {
  const fields = { id: documents.id, repositoryId: documents.repositoryId, path: documents.path, source: documents.source, meta: documents.meta };
  const byKey = new Map<string, ReviewDoc[]>();
  const query = () => db.select(fields).from(documents).where(and(eq(documents.kind, "review"), inJson(documents.repositoryId, "repos")));
  for (const doc of allRows(db, query, fields, { name: "review-queue:reviews", values: { repos: JSON.stringify(repoIds) } })) {
    const key = `${doc.repositoryId}\0${String(doc.meta?.reviewOf ?? "")}`;
    byKey.set(key, [...(byKey.get(key) ?? []), doc]);
  }
  return byKey;
}

/** The last author of each of these committed files, and whether that is the user. */
async function authorsOf(db: CairnDb, rows: { id: string; repoPath: string | null; path: string; source: string; contentHash: string }[]): Promise<Map<string, { author: Author | null; user: boolean }>> {
  const byRepo = new Map<string, typeof rows>();
  for (const row of rows) if (row.repoPath) byRepo.set(row.repoPath, [...(byRepo.get(row.repoPath) ?? []), row]);
  if (byRepo.size === 0) return new Map();
  const user = await userIdentity(db.$client.name, identityStore(db));
  const store = authorStore(db);
  const result = new Map<string, { author: Author | null; user: boolean }>();
  await Promise.all(
    [...byRepo].map(async ([repoPath, group]) => {
      const [identity, authors] = await Promise.all([identityIn(repoPath, user), lastAuthors(repoPath, group, store)]);
      for (const row of group) {
        const author = authors.get(`${row.source}\0${row.path}`) ?? null;
        result.set(row.id, { author, user: isUser(author, identity) });
      }
    }),
  );
  return result;
}

/**
 * What awaits review: handoffs someone else committed (the last commit's author is not the user: the
 * user's own handoffs are work to resume) and checkpoints or handoffs that ask for a review, committed
 * (tracked by git, or found on a branch), and not reviewed since their last save (the file's own time or a
 * later save commit). A checkpoint that was merely committed is not asked to be reviewed. Newest save
 * first. `formats` limits it to these families.
 */
export async function reviewQueue(db: CairnDb, options: { formats?: readonly string[] } = {}): Promise<QueueRow[]> {
  const { formats } = options;
  const query = () =>
    db
      .select(candidateFields)
      .from(documents)
      .leftJoin(repositories, repositoryJoin)
      // a snapshot is current against saves of its own family: leaving the other families out changes no answer
      .where(and(eq(documents.kind, "checkpoint"), isNotNull(documents.repositoryId), notDuplicate, openCondition, formats ? inJson(documents.format, "formats") : undefined));
  const all = allRows(db, query, candidateFields, { name: formats ? "review-queue:open-of" : "review-queue:open", values: { formats: JSON.stringify(formats ?? []) } });
  const current = currentSnapshots(all);
  const open = all.filter((c) => c.status !== "completed" && (!isSnapshot(c) || current.has(c.id)));
  const asking = askingForReview(db, open);
  const candidates = open.filter((c) => c.format === "handoff" || asking.has(c.id)).map(({ rawStatus: _raw, statusRaw: _statusRaw, ...c }) => c);
  if (candidates.length === 0) return [];
  const repoIds = [...new Set(candidates.map((c) => c.repositoryId).filter((id): id is number => id !== null))];

  const worktreeRows = new Map<number, typeof candidates>();
  for (const c of candidates) {
    if (c.source !== "worktree" || c.repositoryId === null) continue;
    worktreeRows.set(c.repositoryId, [...(worktreeRows.get(c.repositoryId) ?? []), c]);
  }
  const tracked = new Map<number, Set<string>>(
    await Promise.all(
      [...worktreeRows].map(async ([id, rows]): Promise<[number, Set<string>]> => {
        const repoPath = rows[0]?.repoPath;
        return [id, repoPath ? await trackedPaths(repoPath, rows.map((r) => r.path)) : new Set()];
      }),
    ),
  );

  const isCommitted = (c: (typeof candidates)[number]) => c.source !== "worktree" || !!tracked.get(c.repositoryId ?? -1)?.has(c.path);
  const authors = await authorsOf(db, candidates.filter(isCommitted));
  const savedBy = lastSaveCommits(db, repoIds);
  const reviewsByKey = reviewsByName(db, repoIds);
  // a repository without any review needs no review names: its checkpoints' stems are counted only where reviews exist
  const reviewed = new Set([...reviewsByKey.values()].flat().map((doc) => doc.repositoryId));
  const stems = reviewed.size ? stemCounts(db, repoIds.filter((id) => reviewed.has(id))) : () => 0;
  const user = reviewed.size ? await userIdentity(db.$client.name, identityStore(db)) : null;
  const queue: QueueRow[] = [];
  for (const c of candidates) {
    const committed = c.source !== "worktree" ? "branch" : tracked.get(c.repositoryId ?? -1)?.has(c.path) ? "tracked" : null;
    const by = authors.get(c.id);
    // the user's own handoff is work to resume, unless it asks for a review
    if (!committed || (!asking.has(c.id) && (!by || by.user))) continue;
    const commitAt = savedBy.get(c.id) ?? null;
    const lastSave = [c.savedAt, commitAt, by?.author?.at].filter((t): t is string => !!t).sort().pop() ?? null;
    const items = reviewed.has(c.repositoryId)
      ? mergeEntries(reviewNames(c.path, (stem) => stems(c.repositoryId, stem)).flatMap((name) => reviewsByKey.get(`${c.repositoryId}\0${name}`) ?? []))
      : [];
    const last = latestReview(items);
    const reviewedSince = items.some((r) => r.at && minute(r.at) >= minute(lastSave));
    if (reviewedSince) continue;
    const { contentHash: _hash, ...row } = c;
    const lastReviewByUser = !!last && !!user && isUser({ name: last.reviewer, email: "", at: null }, user);
    queue.push({ ...row, lastSave, committed, lastReview: last, reviews: items.length, author: by?.author ?? null, asked: asking.has(c.id), lastReviewByUser });
  }
  return queue.sort((a, b) => (b.lastSave ?? "").localeCompare(a.lastSave ?? ""));
}

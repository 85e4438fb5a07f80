import "server-only";
/**
 * One queue of what to do next, across every repository: each open checkpoint (in progress, or the
 * current save of a family that has no status) and each handoff awaiting review appears once, ranked by
 * the rule table (queue-rules.ts), with one suggested action and one sentence. Pinned items lead;
 * archived and snoozed ones are set aside (listed apart, with undo).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CairnDb } from "../../db/client";
import { documents, repositories } from "../../db/schema";
import { parseFreshness } from "../derive/freshness-wording";
import { allMarks, isSetAside, isSnoozed, NO_MARKS } from "./marks";
import { decide, QUEUE_ACTIONS, type QueueAction } from "./queue-rules";
import { unitDecision, unitNotStarted, UNIT_FORMATS } from "./queue-units";
import { inProjectAt, projectCheckoutsAt, repoPathOf } from "./project-filter";
import { allRows } from "./raw-rows";
import { currentSnapshots, isSnapshot, openCondition, reviewQueue } from "./review-queue";
import { memoUntilChange, notDuplicate } from "./shared";
import { notACheckpoint } from "./no-fields";

export { notACheckpoint } from "./no-fields";

export { QUEUE_ACTIONS, QUEUE_RULES, type QueueAction } from "./queue-rules";

export interface QueueItem {
  id: string;
  /** 1 is the first thing to do. */
  rank: number;
  action: QueueAction;
  /** The verb shown ("Review", "Archive?"). */
  verb: string;
  /** The rule of the table that decided (queue-rules.ts). */
  rule: string;
  /** The rule's group: lower is listed first. */
  group: number;
  reason: string;
  title: string | null;
  path: string;
  format: string;
  repoId: number | null;
  repoName: string | null;
  repoPath: string | null;
  branch: string | null;
  savedAt: string | null;
  /** When it was last touched: the latest of its save, the commit that saved it and its landing. */
  touchedAt: string | null;
  level: string | null;
  /** The file's content hash as indexed: Complete writes only while the file is unchanged. */
  contentHash: string;
  pinned: boolean;
  archived: boolean;
  snoozedUntil: string | null;
}

export interface QueueData {
  items: QueueItem[];
  /** Archived or snoozed: out of the queue until the user brings them back (or the snooze ends). */
  setAside: QueueItem[];
}

/** Pinned first; then by the deciding rule's group; last touched first within a group. */
function compare(a: QueueItem, b: QueueItem): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    a.group - b.group ||
    (b.touchedAt ?? b.savedAt ?? "").localeCompare(a.touchedAt ?? a.savedAt ?? "") ||
    a.id.localeCompare(b.id)
  );
}

/** What a queue item is built from: the checkpoint, its repository and the save that supersedes it (when there is one). */
const successor = alias(documents, "successor");
const rowFields = {
  id: documents.id,
  title: documents.title,
  path: documents.path,
  format: documents.format,
  branch: documents.branch,
  savedAt: documents.savedAt,
  savedAtSource: documents.savedAtSource,
  headShaRaw: documents.headShaRaw,
  tasksTotal: documents.tasksTotal,
  rawStatus: documents.status,
  contentHash: documents.contentHash,
  repositoryId: documents.repositoryId,
  level: documents.freshnessLevel,
  freshness: documents.freshness,
  supersededBy: documents.supersededBy,
  repoId: repositories.id,
  repoName: repositories.name,
  repoPath: repositories.path,
  successorId: successor.id,
  successorTitle: successor.title,
  successorSavedAt: successor.savedAt,
  // the work a snapshot is about, when its heading names only its kind and date (lib/parse/heuristics/work-title.ts)
  workTitle: sql<string | null>`json_extract(${documents.meta}, '$.workTitle')`,
  // a convention unit's facts (null for other records: no meta decoded per row)
  unit: sql<string | null>`case when ${documents.format} in (${sql.join(UNIT_FORMATS.map((f) => sql`${f}`), sql`, `)}) then json_extract(${documents.meta}, '$.unit') end`,
};

type FieldData<F> = F extends { _: { data: infer D } } ? D : F extends SQL<infer T> ? T : unknown;
type Row = { [K in keyof typeof rowFields]: FieldData<(typeof rowFields)[K]> | null } & { id: string; path: string; format: string; contentHash: string };

/** Open checkpoints: in progress (or blocked), or of a family without a status. */
function openRows(db: CairnDb, repoPath: string | undefined) {
  const query = () =>
    db
      .select(rowFields)
      .from(documents)
      .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
      .leftJoin(successor, eq(successor.id, documents.supersededBy))
      .where(and(eq(documents.kind, "checkpoint"), notDuplicate, openCondition, repoPath ? inProjectAt(sql.placeholder("repo")) : undefined));
  return allRows(db, query, rowFields, { name: repoPath ? "queue:open-in-repo" : "queue:open", values: { repo: repoPath } }) as Row[];
}

function latestIso(...times: (string | null | undefined)[]): string | null {
  const valid = times.filter((t): t is string => !!t && Number.isFinite(Date.parse(t)));
  return valid.length ? valid.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : null;
}

/**
 * The queue, best first, and what the user set aside. `repo` limits it to one project: the absolute path of any of
 * its checkouts (a linked worktree, a clone) or a folder inside one selects the whole project's work (issue 25).
 */
export async function loadQueue(db: CairnDb, options: { repo?: string; now?: Date } = {}): Promise<QueueData> {
  const now = options.now ?? new Date();
  const repoPath = options.repo === undefined ? undefined : repoPathOf(options.repo);
  const all = openRows(db, repoPath);
  const checkouts = repoPath === undefined ? null : new Set(projectCheckoutsAt(db, repoPath).map((c) => c.path));
  // a snapshot (a handoff, a session briefing, a save without a status) counts while it is the newest of its family on its branch
  const current = currentSnapshots(all);
  // what git tracks and who committed what is read once per change of the database, not on every page view
  const awaitingAll = await memoUntilChange(db, "queue:awaiting-review", () => reviewQueue(db));
  const awaiting = new Map(awaitingAll.filter((row) => !checkouts || (row.repoPath !== null && checkouts.has(row.repoPath))).map((row) => [row.id, row]));
  const marks = allMarks(db);

  const items: QueueItem[] = [];
  const setAside: QueueItem[] = [];
  for (const row of all) {
    if (isSnapshot(row) && !current.has(row.id)) continue;
    // a board's "To Do" task with nothing ticked is waiting, not work under way: it stays in the lists
    if (unitNotStarted(row.unit)) continue;
    const review = awaiting.get(row.id);
    const odd = notACheckpoint(row);
    // a save without a status and without any checkpoint field is a note, not work: only a review request keeps it
    if (odd && !row.rawStatus && !review) continue;
    // a save's time is the later of its stated time and the commit that last changed its file (issue 39)
    const freshness = parseFreshness(row.freshness);
    const touchedAt = review?.lastSave ?? latestIso(row.savedAt, freshness?.ownCommitAt);
    const successorSave = row.successorId ? { title: row.successorTitle, savedAt: row.successorSavedAt } : null;
    const decided = decide(
      {
        freshness,
        branch: row.branch,
        savedAt: row.savedAt,
        touchedAt,
        // a handoff under review is judged by its review, not by a later save
        supersededBy: review ? null : successorSave,
        awaitingReview: review
          ? {
              lastSave: review.lastSave, reviews: review.reviews, author: review.author, asked: review.asked,
              lastReview: review.lastReview ? { verdict: review.lastReview.verdict, reviewer: review.lastReview.reviewer, byUser: review.lastReviewByUser } : null,
            }
          : null,
        notACheckpoint: odd,
      },
      now,
    );
    // a convention unit (Spec Kit feature, Conductor track...) is named as its convention names it, with its tasks
    const decision = unitDecision(row.format, row.unit, decided, parseFreshness(row.freshness), now);
    const mark = marks.get(row.id) ?? NO_MARKS;
    const item: QueueItem = {
      id: row.id, rank: 0, action: decision.action, verb: decision.verb, rule: decision.rule, group: decision.rank, reason: decision.reason,
      // the work, not "Last session — 2026-12-05, 05:24 (UTC)": its kind and date are shown beside it
      title: row.workTitle || row.title, path: row.path, format: row.format, repoId: row.repoId, repoName: row.repoName, repoPath: row.repoPath,
      branch: row.branch, savedAt: row.savedAt, touchedAt, level: row.level, contentHash: row.contentHash ?? "",
      pinned: mark.pinned, archived: mark.archived, snoozedUntil: isSnoozed(mark.snoozedUntil, now) ? mark.snoozedUntil : null,
    };
    (isSetAside(mark, now) ? setAside : items).push(item);
  }
  items.sort(compare).forEach((item, index) => (item.rank = index + 1));
  setAside.sort((a, b) => (b.savedAt ?? "").localeCompare(a.savedAt ?? "") || a.id.localeCompare(b.id));
  return { items, setAside };
}

/** How many items each action (and rule) holds: the overview's counts, each a link to the queue filtered to it. */
export function queueCounts(items: readonly QueueItem[]): Record<QueueAction, number> {
  const counts = Object.fromEntries(QUEUE_ACTIONS.map((a) => [a, 0])) as Record<QueueAction, number>;
  for (const item of items) counts[item.action] += 1;
  return counts;
}

/** The public shape of `cairn queue --json` and `GET /api/queue`: best first. */
export function queueRecords(items: readonly QueueItem[]) {
  return items.map(({ id, rank, action, reason, title, path, repoPath, branch, savedAt, level, pinned, verb, rule, touchedAt }) => ({
    id, rank, action, reason, title, repo: repoPath, path, branch, savedAt, level, pinned, verb, rule, touchedAt,
  }));
}

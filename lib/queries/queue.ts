import "server-only";
/**
 * One queue of what to do next, across every repository: each open checkpoint and each handoff
 * awaiting review appears once, ranked, with one suggested action and one sentence. Pinned items
 * lead; archived and snoozed ones are set aside (listed apart, with undo).
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { CairnDb } from "../../db/client";
import { documents, repositories } from "../../db/schema";
import { parseFreshness } from "../derive/freshness-wording";
import { allMarks, isSetAside, isSnoozed, NO_MARKS } from "./marks";
import { decide, QUEUE_ACTIONS, type QueueAction } from "./queue-rules";
import { unitDecision, UNIT_FORMATS } from "./queue-units";
import { allRows } from "./raw-rows";
import { reviewQueue } from "./review-queue";
import { memoUntilChange, notDuplicate, statusCondition } from "./shared";

export { QUEUE_ACTIONS, type QueueAction } from "./queue-rules";

export interface QueueItem {
  id: string;
  /** 1 is the first thing to do. */
  rank: number;
  action: QueueAction;
  reason: string;
  title: string | null;
  path: string;
  format: string;
  repoId: number | null;
  repoName: string | null;
  repoPath: string | null;
  branch: string | null;
  savedAt: string | null;
  level: string | null;
  pinned: boolean;
  archived: boolean;
  snoozedUntil: string | null;
}

export interface QueueData {
  items: QueueItem[];
  /** Archived or snoozed: out of the queue until the user brings them back (or the snooze ends). */
  setAside: QueueItem[];
}

const ORDER = new Map(QUEUE_ACTIONS.map((action, index) => [action, index]));

/** Pinned first; then complete, review, resume, re-verify, archive; newest save first within each. */
function compare(a: QueueItem, b: QueueItem): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    (ORDER.get(a.action) ?? 9) - (ORDER.get(b.action) ?? 9) ||
    (b.savedAt ?? "").localeCompare(a.savedAt ?? "") ||
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
  level: documents.freshnessLevel,
  freshness: documents.freshness,
  supersededBy: documents.supersededBy,
  repoId: repositories.id,
  repoName: repositories.name,
  repoPath: repositories.path,
  successorId: successor.id,
  successorTitle: successor.title,
  successorSavedAt: successor.savedAt,
  // a convention unit's facts (null for other records: no meta decoded per row)
  unit: sql<string | null>`case when ${documents.format} in (${sql.join(UNIT_FORMATS.map((f) => sql`${f}`), sql`, `)}) then json_extract(${documents.meta}, '$.unit') end`,
};

/** The rows `where` picks; `name` the shape of the condition (its statement is written once), `values` its placeholders. */
function queueRows(db: CairnDb, name: string, where: () => SQL | undefined, values: Record<string, unknown>) {
  const query = () =>
    db
      .select(rowFields)
      .from(documents)
      .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
      .leftJoin(successor, eq(successor.id, documents.supersededBy))
      .where(where());
  return allRows(db, query, rowFields, { name: `queue:${name}`, values });
}

const openCheckpoints = (repo: boolean) => () =>
  and(eq(documents.kind, "checkpoint"), notDuplicate, isNull(documents.aliasOf), statusCondition("in-progress"), repo ? eq(repositories.path, sql.placeholder("repo")) : undefined);

/** The queue, best first, and what the user set aside. `repo` limits it to one repository (its absolute path). */
export async function loadQueue(db: CairnDb, options: { repo?: string; now?: Date } = {}): Promise<QueueData> {
  const now = options.now ?? new Date();
  const repoPath = options.repo?.replace(/\/+$/, "");
  const rows = queueRows(db, repoPath ? "open-in-repo" : "open", openCheckpoints(!!repoPath), { repo: repoPath });
  // handoffs are written for someone else: those awaiting review ask for one (a committed checkpoint is just saved work)
  // what git tracks is read once per change of the database, not on every page view
  const awaitingAll = await memoUntilChange(db, "queue:handoffs-awaiting-review", () => reviewQueue(db, { formats: ["handoff"] }));
  const reviews = awaitingAll.filter((row) => !repoPath || row.repoPath === repoPath);
  const awaiting = new Map(reviews.map((row) => [row.id, row]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // handoffs awaiting review that are not "in progress" by status (snapshots) join the open checkpoints
  const missing = reviews.filter((row) => !byId.has(row.id)).map((row) => row.id);
  if (missing.length > 0) {
    const among = () => sql`${documents.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`;
    for (const row of queueRows(db, "among", among, { ids: JSON.stringify(missing) })) byId.set(row.id, row);
  }
  const marks = allMarks(db);

  const items: QueueItem[] = [];
  const setAside: QueueItem[] = [];
  for (const row of byId.values()) {
    const review = awaiting.get(row.id);
    const successor = row.successorId ? { title: row.successorTitle, savedAt: row.successorSavedAt } : null;
    const decided = decide(
      {
        freshness: parseFreshness(row.freshness),
        branch: row.branch,
        savedAt: row.savedAt,
        // a handoff under review is judged by its review, not by a later save
        supersededBy: review ? null : successor,
        awaitingReview: review ? { lastSave: review.lastSave, reviews: review.reviews } : null,
      },
      now,
    );
    // a convention unit (Spec Kit feature, Conductor track...) is named as its convention names it, with its tasks
    const decision = unitDecision(row.format, row.unit, decided, parseFreshness(row.freshness), now);
    const mark = marks.get(row.id) ?? NO_MARKS;
    const item: QueueItem = {
      id: row.id, rank: 0, action: decision.action, reason: decision.reason, title: row.title, path: row.path, format: row.format,
      repoId: row.repoId, repoName: row.repoName, repoPath: row.repoPath, branch: row.branch, savedAt: row.savedAt, level: row.level,
      pinned: mark.pinned, archived: mark.archived, snoozedUntil: isSnoozed(mark.snoozedUntil, now) ? mark.snoozedUntil : null,
    };
    (isSetAside(mark, now) ? setAside : items).push(item);
  }
  items.sort(compare).forEach((item, index) => (item.rank = index + 1));
  setAside.sort((a, b) => (b.savedAt ?? "").localeCompare(a.savedAt ?? "") || a.id.localeCompare(b.id));
  return { items, setAside };
}

/** The public shape of `cairn queue --json` and `GET /api/queue`: best first. */
export function queueRecords(items: readonly QueueItem[]) {
  return items.map(({ id, rank, action, reason, title, path, repoPath, branch, savedAt, level, pinned }) => ({
    id, rank, action, reason, title, repo: repoPath, path, branch, savedAt, level, pinned,
  }));
}

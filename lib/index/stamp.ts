/**
 * The re-index shortcut: a repository whose stamp (its git state and every file the walk lists, read
 * from the filesystem alone) equals the stamp of its last completed run is not read again, and costs
 * no git process. Only what moves with the clock is brought up to date: the age of each save.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, indexedFiles, repositories, type Repository } from "../../db/schema";
import type { CandidateScan } from "../discover/candidates";
import type { FoundRepository } from "../discover/repositories";
import type { StampOptions } from "../discover/run";
import { readGitStamp, type GitDirs } from "../git/fs-stamp";
import type { IndexSummary } from "./progress";
import { statement } from "./statements";

/** Bumped whenever what a stamp covers changes, so that older stamps never match. */
const STAMP_VERSION = "cairn-stamp-1";

/** How a repository's scan is stamped; undefined when its git state cannot be stamped without git. */
export async function stampOptions(found: FoundRepository, dirs: GitDirs | null, stored: string | null, force: boolean): Promise<StampOptions | undefined> {
  const gitStamp = dirs ? await readGitStamp(dirs) : null;
  if (gitStamp === null) return undefined;
  return { stampWith: `${STAMP_VERSION}\n${found.layout}\n${gitStamp}`, skipWhen: (stamp) => !force && stored !== null && stamp === stored };
}

/** A bare clone has no work tree to walk: its stamp is its git state alone. */
export function bareScan(stamping: StampOptions | undefined): CandidateScan {
  if (!stamping) return { files: [], rejected: [] };
  const stamp = createHash("sha1").update(stamping.stampWith).digest("hex");
  return { files: [], rejected: [], stamp, skipped: stamping.skipWhen?.(stamp) ?? false };
}

/** A save's age in days (one decimal), as computeFreshness states it. */
function ageInDays(savedAt: string | null, savedAtSource: string | null, now: Date): number | null {
  // a date guessed from the file's mtime says nothing (see saveInputs in derive-step.ts)
  const time = savedAt && savedAtSource !== "mtime" ? Date.parse(savedAt) : Number.NaN;
  return Number.isFinite(time) ? Math.max(0, Math.floor((now.getTime() - time) / 8_640_000) / 10) : null;
}

/**
 * Stored freshness states each save's age: when the rest of it is reused (nothing changed), the ages
 * still follow the clock. Rows are wide: only those whose age moved are rewritten.
 */
export function refreshAges(db: CairnDb, repositoryId: number, now = new Date()): number {
  const rows = db
    .select({ id: documents.id, savedAt: documents.savedAt, savedAtSource: documents.savedAtSource, freshness: documents.freshness })
    .from(documents)
    .where(and(eq(documents.repositoryId, repositoryId), isNotNull(documents.freshness)))
    .all();
  let moved = 0;
  for (const row of rows) {
    const freshness = row.freshness as { ageDays?: number | null } | null;
    // a freshness without an age (no git, no save time) is left as computeFreshness stated it
    if (typeof freshness?.ageDays !== "number") continue;
    const ageDays = ageInDays(row.savedAt, row.savedAtSource, now);
    if (ageDays === freshness.ageDays) continue;
    statement(db, 'UPDATE "documents" SET "freshness" = ? WHERE "id" = ?').run(
      documents.freshness.mapToDriverValue({ ...freshness, ageDays } as Record<string, unknown>),
      row.id,
    );
    moved += 1;
  }
  return moved;
}

/** Nothing changed since the last completed run: count its files as unchanged, move the ages on. */
export function skipRepository(db: CairnDb, repo: Repository, summary: IndexSummary): void {
  const known = db
    .select({ count: sql<number>`count(*)` })
    .from(indexedFiles)
    .where(and(eq(indexedFiles.repositoryId, repo.id), gt(indexedFiles.mtimeMs, 0)))
    .get();
  summary.documents.unchanged += known?.count ?? 0;
  db.transaction((tx) => refreshAges(tx as unknown as CairnDb, repo.id));
  db.update(repositories).set({ lastIndexedAt: new Date().toISOString() }).where(eq(repositories.id, repo.id)).run();
}

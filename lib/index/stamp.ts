/**
 * The re-index shortcut: a repository whose stamp (its git state and every file the walk lists, read
 * from the filesystem alone) equals the stamp of its last completed run is not read again, and costs
 * no git process. Only what moves with the clock is brought up to date: the age of each save.
 */
import { createHash } from "node:crypto";
import type { CairnDb } from "../../db/client";
import { documents, type Repository } from "../../db/schema";
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

const AGES = `SELECT "id", "saved_at" AS savedAt, "saved_at_source" AS savedAtSource, json_extract("freshness", '$.ageDays') AS ageDays
  FROM "documents" WHERE "repository_id" = ? AND "freshness" IS NOT NULL`;
const FRESHNESS_OF = 'SELECT "freshness" FROM "documents" WHERE "id" = ?';
const SET_FRESHNESS = 'UPDATE "documents" SET "freshness" = ? WHERE "id" = ?';
const KNOWN_FILES = 'SELECT count(*) FROM "indexed_files" WHERE "repository_id" = ? AND "mtime_ms" > 0';
const INDEXED_AT = 'UPDATE "repositories" SET "last_indexed_at" = ? WHERE "id" = ?';

/**
 * Stored freshness states each save's age: when the rest of it is reused (nothing changed), the ages
 * still follow the clock. Rows are wide: the age is read in SQL, and only a freshness whose age moved is
 * read whole and rewritten. Statements prepared once (every unchanged repository of a run asks them).
 */
export function refreshAges(db: CairnDb, repositoryId: number, now = new Date()): number {
  const rows = statement(db, AGES).all(repositoryId) as { id: string; savedAt: string | null; savedAtSource: string | null; ageDays: unknown }[];
  let moved = 0;
  for (const row of rows) {
    // a freshness without an age (no git, no save time) is left as computeFreshness stated it
    if (typeof row.ageDays !== "number") continue;
    const ageDays = ageInDays(row.savedAt, row.savedAtSource, now);
    if (ageDays === row.ageDays) continue;
    const stored = statement(db, FRESHNESS_OF).pluck().get(row.id) as string;
    const freshness = JSON.parse(stored) as Record<string, unknown>;
    statement(db, SET_FRESHNESS).run(documents.freshness.mapToDriverValue({ ...freshness, ageDays }), row.id);
    moved += 1;
  }
  return moved;
}

/** Nothing changed since the last completed run: count its files as unchanged, move the ages on. */
export function skipRepository(db: CairnDb, repo: Repository, summary: IndexSummary, now = new Date()): void {
  summary.documents.unchanged += statement(db, KNOWN_FILES).pluck().get(repo.id) as number;
  db.transaction((tx) => refreshAges(tx as unknown as CairnDb, repo.id, now));
  statement(db, INDEXED_AT).run(new Date().toISOString(), repo.id);
}

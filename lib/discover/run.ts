/** Discovery of one repository's files as the indexer runs it: the user's rules applied, the cost added to the summary. */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { CairnDb } from "../../db/client";
import { isCandidatePath } from "../parse/registry";
import { isSniffable } from "../parse/routes";
import { findCandidateFiles, type CandidateFile, type CandidateScan, type DiscoveryCost } from "./candidates";
import { readGlobalSettings, rulesFor, settingsFileFor, verdict } from "./ignore";

type CostTotals = Omit<DiscoveryCost, never>;

export interface StampOptions {
  /** Stamped with the walk (the repository's git state, see lib/git/fs-stamp.ts); the settings are added here. */
  stampWith: string;
  /** Asked with the whole stamp after the walk: yes stops the scan there. */
  skipWhen?: (stamp: string) => boolean;
}

/** With `stamping`, `scan.stamp` covers the walk, the global settings and `stampWith`. */
export async function discoverFiles(
  db: CairnDb,
  repoPath: string,
  rootPath: string,
  summary?: { discovery?: CostTotals },
  stamping?: StampOptions,
): Promise<CandidateScan> {
  const settings = await readGlobalSettings(settingsFileFor(db.$client.name));
  const whole = (walkStamp: string) =>
    createHash("sha1").update(`${stamping?.stampWith}\n${JSON.stringify(settings)}\n${walkStamp}`).digest("hex");
  const scan = await findCandidateFiles(repoPath, rootPath, {
    settings,
    stamp: stamping !== undefined,
    skipWhen: stamping?.skipWhen ? (walkStamp) => stamping.skipWhen!(whole(walkStamp)) : undefined,
  });
  if (scan.stamp) scan.stamp = whole(scan.stamp);
  if (summary && scan.cost) {
    const total = (summary.discovery ??= { walkedFiles: 0, gitProcesses: 0, sniffed: 0, remembered: 0, bytesRead: 0 });
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += scan.cost[key];
  }
  // a rule file that cannot be read is a problem on that file, shown with the repository's others
  for (const problem of scan.problems ?? []) {
    const file = problem.startsWith(".cairnignore") ? join(repoPath, ".cairnignore") : (settings.file ?? join(repoPath, ".cairnignore"));
    scan.rejected.push({ absPath: file, relPath: file, reason: problem });
  }
  return scan;
}

/**
 * How discovery would find one file of a repository now (for re-indexing a single file): by name, by the
 * user's `!path` rule, possibly by content (the parser then checks it), or not at all (null: dropped or never a candidate).
 */
export async function discoveryOf(db: CairnDb, repoPath: string, relPath: string): Promise<CandidateFile["origin"] | null> {
  const rules = await rulesFor(repoPath, await readGlobalSettings(settingsFileFor(db.$client.name)));
  const ruled = verdict(rules, relPath);
  if (ruled === "drop") return null;
  if (isCandidatePath(relPath)) return "name";
  if (ruled === "add") return "user";
  return isSniffable(relPath) ? "content" : null;
}

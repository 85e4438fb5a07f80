/**
 * What to do next with one open checkpoint, and why, in one plain sentence that starts with the
 * deciding fact. Pure: facts in, decision out (no DB, no git).
 */
import { DORMANT_DAYS } from "../derive/freshness-level";
import { ago, landedPhrase, plural, type FreshnessView } from "../derive/freshness-wording";

export const QUEUE_ACTIONS = ["complete", "review", "resume", "re-verify", "archive"] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

export interface QueueFacts {
  freshness: FreshnessView | null;
  branch: string | null;
  savedAt: string | null;
  /** The next save of the same lineage, when there is one. */
  supersededBy: { title: string | null; savedAt: string | null } | null;
  /** A handoff or checkpoint committed for review and not reviewed since its last save. */
  awaitingReview: { lastSave: string | null; reviews: number } | null;
}

export interface QueueDecision {
  action: QueueAction;
  reason: string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function days(ageDays: number): string {
  return plural(Math.floor(ageDays), "day");
}

function commitsCount(f: FreshnessView): number | null {
  return f.countBasis === "time" ? f.commitsSinceSavedAt : f.newCommits;
}

/** "12 commits touched 9 of its files", "its branch feature/x is gone", ... the fact that makes it stale. */
function driftFact(f: FreshnessView, branch: string | null): string {
  const commits = commitsCount(f) ?? 0;
  const real = commits - (f.bookkeepingCommits ?? 0);
  if (f.savedBranchExists === false && branch) return `its branch ${branch} is gone`;
  if (f.rebasedAway) return "its saved commit was rebased or reset away";
  if (f.savedCommitGone) return "its saved commit is not in this repository";
  if (f.filesTouched && real > 0) return `${plural(real, "commit")} touched ${plural(f.filesTouched, "of its files", "of its files")}`;
  if (f.missingFiles.length > 0) return `${plural(f.missingFiles.length, "of its files", "of its files")} ${f.missingFiles.length === 1 ? "is" : "are"} gone`;
  if (f.branchMatches === false) return `the repository is on ${f.currentBranch ?? "a detached HEAD"}, not ${branch ?? "its branch"}`;
  if (real > 0) return `${plural(real, "commit")} since the save${f.filesChanged ? `, ${plural(f.filesChanged, "file")} changed` : ""}`;
  if (f.filesChanged) return `${plural(f.filesChanged, "file")} changed since the save`;
  return "the code moved since the save";
}

/** The suggested action for one item, with its sentence. */
export function decide(facts: QueueFacts, now: Date = new Date()): QueueDecision {
  const f = facts.freshness;
  if (f?.landed) return { action: "complete", reason: `${landedPhrase(f.landed, now)}: complete it.` };
  if (facts.awaitingReview) {
    const since = facts.awaitingReview.lastSave ? `saved ${ago(facts.awaitingReview.lastSave, now)}` : "committed";
    const before = facts.awaitingReview.reviews > 0 ? "changed since its last review" : "never reviewed";
    return { action: "review", reason: `Awaiting review: ${since}, ${before}.` };
  }
  if (facts.supersededBy) {
    const title = facts.supersededBy.title ? `“${facts.supersededBy.title}”` : "a newer save";
    const when = facts.supersededBy.savedAt ? `, saved ${ago(facts.supersededBy.savedAt, now)}` : "";
    return { action: "archive", reason: `Superseded by ${title}${when}: the same work continues there.` };
  }
  const age = f?.ageDays ?? (facts.savedAt ? (now.getTime() - Date.parse(facts.savedAt)) / 86_400_000 : null);
  const level = f?.level ?? "unknown";
  const drifted = level === "stale" || level === "very-stale";
  if (f && age !== null && age >= DORMANT_DAYS && drifted) {
    return { action: "archive", reason: `Untouched for ${days(age)}, ${driftFact(f, facts.branch)}.` };
  }
  if (f && drifted) return { action: "re-verify", reason: `${capitalise(driftFact(f, facts.branch))}: check it against the code before resuming.` };
  const saved = age === null ? null : age < 1 ? `saved ${ago(facts.savedAt ?? now.toISOString(), now)}` : `saved ${days(age)} ago`;
  if (!f || level === "unknown") return { action: "resume", reason: `${capitalise(saved ?? "no save time")}; nothing recorded to compare with the code.` };
  if (level === "slightly-stale") return { action: "resume", reason: `${capitalise(driftFact(f, facts.branch))}, ${saved ?? "no save time"}: a quick look, then resume.` };
  return { action: "resume", reason: `Nothing moved since it was ${saved ?? "saved"}: pick it up where it stopped.` };
}

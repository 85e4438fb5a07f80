/**
 * What to do next with one open checkpoint, and why, in one plain sentence that starts with the
 * deciding fact. Pure: facts in, decision out (no DB, no git).
 *
 * ONE rule table (QUEUE_RULES, mirrored in the README's queue section): the first rule whose `when`
 * holds decides the action, the sentence and the group (`rank`) the item is listed in; pinned items lead,
 * then groups by rank, newest first within a group. A new rule is one more entry in the table.
 */
import { DORMANT_DAYS } from "../derive/freshness-level";
import { ago, landedPhrase, plural, touchedPhrase, type FreshnessView } from "../derive/freshness-wording";

export const QUEUE_ACTIONS = ["complete", "review", "resume", "re-verify", "archive"] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/** Saved (or committed, or landed) this recently: fresh work, listed first. */
export const FRESH_DAYS = 14;
export { DORMANT_DAYS };

export interface QueueFacts {
  freshness: FreshnessView | null;
  branch: string | null;
  savedAt: string | null;
  /** The latest of its save time, the commit that saved it and its landing: when it was last touched. */
  touchedAt?: string | null;
  /** The next save of the same lineage, when there is one. */
  supersededBy: { title: string | null; savedAt: string | null } | null;
  /** Committed by someone else (or asking for a review) and not reviewed since its last save. */
  awaitingReview: {
    lastSave: string | null;
    reviews: number;
    author?: { name: string; email: string } | null;
    asked?: boolean;
    /** The last review, when there is one: a save after it re-requests review (as a push to a pull request does). */
    lastReview?: { verdict: string | null; reviewer: string; byUser: boolean } | null;
  } | null;
  /** Why it is not really a checkpoint (a folder README, a file with no checkpoint fields), else null. */
  notACheckpoint?: string | null;
}

export interface QueueDecision {
  action: QueueAction;
  reason: string;
  /** The rule that decided (QUEUE_RULES[].id). */
  rule: string;
  /** Its group: lower is listed first. */
  rank: number;
  /** The verb a person reads ("Review", "Archive?"). */
  verb: string;
}

/** What a rule sees: the facts and what follows from them. */
export interface QueueContext {
  facts: QueueFacts;
  f: FreshnessView | null;
  now: Date;
  /** Days since it was last touched (null: no time known). */
  age: number | null;
  fresh: boolean;
  dormant: boolean;
  drifted: boolean;
}

export interface QueueRule {
  id: string;
  action: QueueAction;
  verb: string;
  /** Its group: lower is listed first (pinned items lead whatever their group). */
  rank: number;
  when: (c: QueueContext) => boolean;
  reason: (c: QueueContext) => string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const days = (ageDays: number) => plural(Math.floor(ageDays), "day");

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
  if (f.filesTouched && real > 0) return touchedPhrase(f);
  if (f.missingFiles.length > 0) return `${plural(f.missingFiles.length, "of its files", "of its files")} ${f.missingFiles.length === 1 ? "is" : "are"} gone`;
  if (f.branchMatches === false) return `the repository is on ${f.currentBranch ?? "a detached HEAD"}, not ${branch ?? "its branch"}`;
  if (real > 0) return `${plural(real, "commit")} since the save${f.filesChanged ? `, ${plural(f.filesChanged, "file")} changed` : ""}`;
  if (f.filesChanged) return `${plural(f.filesChanged, "file")} changed since the save`;
  return "the code moved since the save";
}

function savedPhrase(c: QueueContext): string {
  const at = c.facts.touchedAt ?? c.facts.savedAt;
  if (c.age === null || !at) return "no save time";
  return c.age < 2 ? `saved ${ago(at, c.now)}` : `saved ${days(c.age)} ago`;
}

/** "Ana Silva's handoff", "It asks for a review". */
function whoAsks(c: QueueContext): string {
  const r = c.facts.awaitingReview;
  if (r?.author && !r.asked) return `${r.author.name || r.author.email}'s handoff`;
  return "It asks for a review";
}

const VERDICT_WORDS: Record<string, string> = { changes: "Changes requested", approved: "approval", comment: "comment" };

function reviewReason(c: QueueContext): string {
  const r = c.facts.awaitingReview!;
  const since = r.lastSave ? `saved ${ago(r.lastSave, c.now)}` : "committed";
  // saved again after a review: who, when, after whose verdict
  if (r.lastReview && r.author && !r.asked && r.lastSave) {
    const whose = r.lastReview.byUser ? "your" : `${r.lastReview.reviewer || "the last"}'s`;
    const verdict = VERDICT_WORDS[r.lastReview.verdict ?? ""] ?? "review";
    return `${r.author.name || r.author.email} saved again ${ago(r.lastSave, c.now)}, after ${whose} ${verdict}.`;
  }
  return `${whoAsks(c)}, ${since}, ${r.reviews > 0 ? "changed since its last review" : "never reviewed"}.`;
}

function resumeReason(c: QueueContext): string {
  const { f } = c;
  const saved = savedPhrase(c);
  if (!f || f.level === "unknown") return `${capitalise(saved)}; nothing recorded to compare with the code.`;
  if (f.level === "slightly-stale") return `${capitalise(driftFact(f, c.facts.branch))}, ${saved}: a quick look, then resume.`;
  return `Nothing moved since it was ${saved}: pick it up where it stopped.`;
}

/** Why a dormant save may go: its branch gone, its work merged, or nothing else. */
function dormantReason(c: QueueContext): string {
  const { f } = c;
  const untouched = `Untouched for ${days(c.age ?? DORMANT_DAYS)}`;
  if (f?.landed) return `${untouched}; its work landed in ${f.landed.into}: archive it?`;
  if (f?.savedBranchExists === false && c.facts.branch) return `${untouched}; its branch ${c.facts.branch} is gone: archive it?`;
  if (c.facts.awaitingReview) return `${untouched}; ${whoAsks(c).replace(/^It/, "it")}, never reviewed: archive it?`;
  if (f && c.drifted) return `${untouched}; ${driftFact(f, c.facts.branch)}: archive it?`;
  return `${untouched}: archive it, or pin it to keep it in view.`;
}

/** The queue's rules, in the order they are tried. Group ranks: 10 fresh review … 90 not a checkpoint. */
export const QUEUE_RULES: readonly QueueRule[] = [
  {
    id: "not-a-checkpoint", action: "archive", verb: "Archive?", rank: 90,
    when: (c) => !!c.facts.notACheckpoint,
    reason: (c) => `${capitalise(c.facts.notACheckpoint ?? "")}: not much to resume from.`,
  },
  { id: "dormant", action: "archive", verb: "Archive?", rank: 80, when: (c) => c.dormant, reason: dormantReason },
  {
    id: "superseded", action: "archive", verb: "Archive", rank: 70,
    when: (c) => !!c.facts.supersededBy,
    reason: (c) => {
      const s = c.facts.supersededBy!;
      const title = s.title ? `“${s.title}”` : "a newer save";
      return `Superseded by ${title}${s.savedAt ? `, saved ${ago(s.savedAt, c.now)}` : ""}: the same work continues there.`;
    },
  },
  { id: "review", action: "review", verb: "Review", rank: 10, when: (c) => c.fresh && !!c.facts.awaitingReview, reason: reviewReason },
  { id: "resume", action: "resume", verb: "Resume", rank: 20, when: (c) => c.fresh && !c.f?.landed && !c.drifted, reason: resumeReason },
  { id: "complete", action: "complete", verb: "Complete", rank: 30, when: (c) => c.fresh && !!c.f?.landed, reason: (c) => `${landedPhrase(c.f!.landed!, c.now)}: complete it.` },
  {
    id: "re-verify", action: "re-verify", verb: "Re-verify", rank: 40,
    when: (c) => c.drifted && !c.f?.landed && !c.facts.awaitingReview,
    reason: (c) => `${capitalise(driftFact(c.f!, c.facts.branch))}: check it against the code before resuming.`,
  },
  { id: "review-older", action: "review", verb: "Review", rank: 50, when: (c) => !!c.facts.awaitingReview, reason: reviewReason },
  { id: "complete-older", action: "complete", verb: "Complete", rank: 50, when: (c) => !!c.f?.landed, reason: (c) => `${landedPhrase(c.f!.landed!, c.now)}: complete it.` },
  { id: "resume-older", action: "resume", verb: "Resume", rank: 50, when: () => true, reason: resumeReason },
];

function context(facts: QueueFacts, now: Date): QueueContext {
  const f = facts.freshness;
  const times = [facts.touchedAt, facts.savedAt, f?.landed?.at].filter((t): t is string => !!t && Number.isFinite(Date.parse(t)));
  const latest = times.length ? Math.max(...times.map((t) => Date.parse(t))) : null;
  const age = latest !== null ? Math.max(0, (now.getTime() - latest) / 86_400_000) : (f?.ageDays ?? null);
  const level = f?.level ?? "unknown";
  return {
    facts, f, now, age,
    fresh: age !== null && age < FRESH_DAYS,
    dormant: age !== null && age >= DORMANT_DAYS,
    drifted: !!f && (level === "stale" || level === "very-stale"),
  };
}

/** The suggested action for one item, with its sentence, its rule and its group. */
export function decide(facts: QueueFacts, now: Date = new Date()): QueueDecision {
  const c = context(facts, now);
  const rule = QUEUE_RULES.find((r) => r.when(c)) ?? QUEUE_RULES[QUEUE_RULES.length - 1];
  return { action: rule.action, reason: rule.reason(c), rule: rule.id, rank: rule.rank, verb: rule.verb };
}

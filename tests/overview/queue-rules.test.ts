/** The queue's rule table, fact by fact (pure: no git, no database). */
import { describe, expect, it } from "vitest";
import { decide, QUEUE_RULES, type QueueFacts } from "../../lib/queries/queue-rules";
import { isUser } from "../../lib/queries/queue-authors";

const NOW = new Date("2026-12-02T09:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
const facts = (over: Partial<QueueFacts> = {}): QueueFacts => ({ freshness: null, branch: "main", savedAt: daysAgo(1), supersededBy: null, awaitingReview: null, ...over });
const review = { lastSave: daysAgo(2), reviews: 0, author: { name: "Ana Silva", email: "ana@team.invalid", at: daysAgo(2) }, asked: false };

describe("the queue's rules", () => {
  it("puts a teammate's fresh handoff first, then the user's fresh save, and both above anything dormant", () => {
    const mate = decide(facts({ savedAt: daysAgo(2), awaitingReview: review }), NOW);
    const mine = decide(facts(), NOW);
    const old = decide(facts({ savedAt: daysAgo(90) }), NOW);
    expect([mate.verb, mine.verb, old.verb]).toEqual(["Review", "Resume", "Archive?"]);
    expect(mate.reason).toBe("Ana Silva's handoff, saved 2 days ago, never reviewed.");
    expect(old.reason).toBe("Untouched for 90 days: archive it, or pin it to keep it in view.");
    expect(mate.rank).toBeLessThan(mine.rank);
    expect(mine.rank).toBeLessThan(old.rank);
  });

  it("a review request untouched for 30 days is an archive? too, and a README never leads", () => {
    expect(decide(facts({ savedAt: daysAgo(45), awaitingReview: { ...review, lastSave: daysAgo(45) } }), NOW)).toMatchObject({ rule: "dormant", verb: "Archive?" });
    const readme = decide(facts({ notACheckpoint: "a folder README" }), NOW);
    expect(readme).toMatchObject({ rule: "not-a-checkpoint", rank: Math.max(...QUEUE_RULES.map((r) => r.rank)) });
  });

  it("work from two to four weeks ago sits below fresh and drifted work", () => {
    const older = decide(facts({ savedAt: daysAgo(20) }), NOW);
    expect(older).toMatchObject({ rule: "resume-older", verb: "Resume" });
    expect(older.reason).toBe("Saved 20 days ago; nothing recorded to compare with the code.");
  });
});

describe("who the user is", () => {
  const me = { emails: new Set(["sam@example.invalid"]), names: new Set(["sam solo"]) };
  it("matches an e-mail or a name, case aside; nothing known means the user's own", () => {
    expect(isUser({ name: "Sam Solo", email: "other@home.invalid", at: null }, me)).toBe(true);
    expect(isUser({ name: "X", email: "SAM@example.invalid", at: null }, me)).toBe(true);
    expect(isUser({ name: "Ana", email: "ana@team.invalid", at: null }, me)).toBe(false);
    expect(isUser({ name: "Ana", email: "ana@team.invalid", at: null }, { emails: new Set(), names: new Set() })).toBe(true);
  });
});

/** Every hand-labelled file of ../shared/corpus-truth, scored field by field against truth.json (RULES.md says how). */
import { describe, expect, it } from "vitest";
import { readTruth, TRUTH_DIR, truthAvailable } from "./truth-files";
import { report, scoreFile, totals, type Field } from "./truth-score";

/** Floors the rules reach today (a ratchet: raise them as the rules improve, never lower them). */
const FLOORS: Record<Field, number> = {
  found: 0,
  title: 0,
  date: 0,
  status: 0,
  branch: 0,
  sha: 0,
  tasks: 0,
};

if (!truthAvailable()) {
  console.log(`[corpus-truth] ${TRUTH_DIR} not found: the truth suite is skipped.`);
  describe("corpus truth", () => {
    it.skip(`corpus-truth folder ${TRUTH_DIR} is absent`, () => {});
  });
} else {
  describe("corpus truth", () => {
    const entries = readTruth();
    const scores = entries.map((entry) => scoreFile(entry, entries));

    it("reads every labelled field at least as well as the recorded floors", () => {
      console.log(`\n[corpus-truth] ${scores.length} labelled files\n${report(scores)}\n`);
      const got = Object.fromEntries(totals(scores).map((t) => [t.field, t.right / t.total]));
      for (const [field, floor] of Object.entries(FLOORS)) expect({ field, accuracy: got[field] }).toEqual({ field, accuracy: expect.any(Number) }), expect(got[field]).toBeGreaterThanOrEqual(floor);
    });
  });
}

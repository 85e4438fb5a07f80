import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PickError, planPromotion, promoteLearnings } from "../../lib/actions/promote";
import * as family from "../../scripts/fixtures/families";
import { facts, writeWorld, type WriteWorld } from "./support";

let w: WriteWorld;
let id: string;
const NOTES = ".claude/PROJECT-NOTES.md";
// candidate 1 is the decision, 2 the gotcha (see promote.test.ts; the session's context is not a candidate)
const NOTES_TEXT = "# Project Notes\n\n- **Stream the file** instead of loading it whole.\n- Deploys go out on Tuesdays only\n";

beforeEach(async () => {
  w = writeWorld();
  const path = family.htmlCheckpointPath(facts());
  w.write({ [path]: family.htmlCheckpoint(facts()), [NOTES]: NOTES_TEXT });
  await w.index();
  id = w.idOf(path);
});
afterEach(() => w.space.cleanup());

async function pickError(promise: Promise<unknown>): Promise<PickError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PickError);
  return error as PickError;
}

describe("an exact duplicate of a PROJECT-NOTES.md line", () => {
  it("is marked exact (markup, case and punctuation aside) and skipped by default: nothing is written", async () => {
    const plan = await planPromotion(w.space.db(), id);
    expect(plan.candidates[0]).toMatchObject({
      text: "Stream the file instead of loading it whole",
      state: "duplicate",
      duplicate: { source: "PROJECT-NOTES.md", lineNumber: 3, canSharpen: true, exact: true },
    });
    expect(plan.candidates[1].duplicate).toBeNull();
    const result = await promoteLearnings(w.space.db(), id, [{ n: 1 }]);
    expect(result.added).toEqual([]);
    expect(result.sharpened).toEqual([]);
    expect(result.skipped).toMatchObject([{ n: 1, reason: "already in PROJECT-NOTES.md: - **Stream the file** instead of loading it whole." }]);
    expect(result.message).toBe("Skipped 1 already written down in .claude/PROJECT-NOTES.md.");
    expect(w.read(NOTES).toString("utf8")).toBe(NOTES_TEXT);
  });

  it("is flagged when added anyway without a change, and skipped when asked", async () => {
    const error = await pickError(promoteLearnings(w.space.db(), id, [{ n: 1, mode: "add" }]));
    expect(error.picks[1]).toMatch(/^duplicate: PROJECT-NOTES.md already says this \(line 3: /);
    const skipped = await promoteLearnings(w.space.db(), id, [{ n: 1, mode: "skip" }]);
    expect(skipped.skipped).toHaveLength(1);
    expect(w.read(NOTES).toString("utf8")).toBe(NOTES_TEXT);
  });

  it("a near duplicate is not exact: it still defaults to sharpening the line", async () => {
    w.write({ [NOTES]: "# Project Notes\n\n- Stream the file instead of loading it whole, it saves memory\n" });
    const plan = await planPromotion(w.space.db(), id);
    expect(plan.candidates[0].duplicate).toMatchObject({ exact: false, canSharpen: true });
    const result = await promoteLearnings(w.space.db(), id, [{ n: 1 }]);
    expect(result.sharpened).toHaveLength(1);
  });
});

describe("an edited candidate", () => {
  it("that still says what a line says (case, spaces, punctuation, Markdown aside) is flagged before anything is written", async () => {
    for (const text of [
      "deploys go out on tuesdays only",
      "  Deploys   go out on Tuesdays only!!  ",
      "**Deploys** go out on _Tuesdays_ only.",
      "`Deploys` go out, on Tuesdays only",
    ]) {
      const error = await pickError(promoteLearnings(w.space.db(), id, [{ n: 2, text }]));
      expect(error.picks[2], text).toBe("duplicate: PROJECT-NOTES.md already says this (line 4: - Deploys go out on Tuesdays only); change it, or skip it");
    }
    // one flagged pick stops the whole promote: the good one is not written either
    await pickError(promoteLearnings(w.space.db(), id, [{ n: 1, text: "Batch the writes by thousands" }, { n: 2, text: "Deploys go out on Tuesdays only." }]));
    expect(w.read(NOTES).toString("utf8")).toBe(NOTES_TEXT);
  });

  it("that says something new is added", async () => {
    const result = await promoteLearnings(w.space.db(), id, [{ n: 2, text: "Deploys go out on Tuesdays and Thursdays" }]);
    expect(result.added).toHaveLength(1);
  });
});

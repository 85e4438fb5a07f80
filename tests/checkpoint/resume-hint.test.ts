/** The Resume goal's example fits the checkpoint: its first open step, else its title. */
import { describe, expect, it } from "vitest";
import { goalHint } from "../../app/checkpoints/[id]/_resume/form-state";

describe("goalHint", () => {
  it("takes the first open step, shortened to one line, else the title", () => {
    expect(goalHint(["Write the failing test", "Ship it"], "Rate limiter")).toBe("e.g. Write the failing test");
    expect(goalHint([], "Rate limiter for the public API")).toBe("e.g. Rate limiter for the public API");
    const long = goalHint(["Move every call of the old importer over to the new streaming reader, then delete the old one"], "x");
    expect(long.length).toBeLessThanOrEqual(66);
    expect(long.endsWith("…")).toBe(true);
  });
});

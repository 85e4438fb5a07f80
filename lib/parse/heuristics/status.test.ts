import { describe, expect, it } from "vitest";
import { normaliseStatus, supersededNotice } from "./status";

describe("normaliseStatus", () => {
  it.each([
    ["active", "in-progress"],
    ["in-progress", "in-progress"],
    ["In Progress", "in-progress"],
    ["wip", "in-progress"],
    ["open", "in-progress"],
    ["pending", "in-progress"],
    ["🚧 building", "in-progress"],
    ["DONE", "completed"],
    ["complete", "completed"],
    ["completed", "completed"],
    ["**ALL PHASES COMPLETE**", "completed"],
    ["✅", "completed"],
    ["blocked — waiting on the design review", "blocked"],
    ["Superseded by the March plan", "superseded"],
    ["not done yet", "in-progress"],
  ])("%s -> %s", (raw, status) => {
    expect(normaliseStatus(raw)?.status).toBe(status);
  });

  it("keeps the original words", () => {
    expect(normaliseStatus("**blocked** — waiting on X")).toEqual({ status: "blocked", raw: "blocked — waiting on X" });
  });

  it("returns a raw status with no normal form for unknown words, null for nothing", () => {
    expect(normaliseStatus("purple")).toEqual({ status: null, raw: "purple" });
    expect(normaliseStatus("  ")).toBeNull();
    expect(normaliseStatus(undefined)).toBeNull();
  });
});

describe("supersededNotice", () => {
  it("finds a superseded blockquote near the top", () => {
    expect(supersededNotice("# Plan\n\n> **Superseded.** See the newer handoff.\n\nBody")).toBe("Superseded. See the newer handoff.");
    expect(supersededNotice("# Plan\n\nNothing here")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { compareSections, compareTasks, defaultPair, normaliseTaskText } from "../../app/repos/[id]/compare/compare-checkpoints";

describe("comparing two checkpoints", () => {
  it("matches tasks by normalised text", () => {
    expect(normaliseTaskText("  **Write** the `failing` test first. ")).toBe("write the failing test first");
    expect(normaliseTaskText("1. Ship it!")).toBe("ship it");
  });

  it("finds tasks done between them, added, dropped and reopened", () => {
    const a = [
      { text: "Write the failing test first", done: true },
      { text: "Handle the edge case", done: false },
      { text: "Update the README", done: false },
      { text: "Deploy", done: true },
    ];
    const b = [
      { text: "write the failing test first.", done: true },
      { text: "Handle the **edge** case", done: true },
      { text: "Deploy", done: false },
      { text: "Tell the team", done: false },
    ];
    const result = compareTasks(a, b);
    expect(result.newlyDone.map((t) => t.text)).toEqual(["Handle the **edge** case"]);
    expect(result.added.map((t) => t.text)).toEqual(["Tell the team"]);
    expect(result.dropped.map((t) => t.text)).toEqual(["Update the README"]);
    expect(result.reopened.map((t) => t.text)).toEqual(["Deploy"]);
    expect(result.unchanged).toBe(1);
  });

  it("compares sections by canonical name, else heading, ignoring the title", () => {
    const a = [
      { canonical: null, heading: "Checkpoint: part 1", level: 1 },
      { canonical: "decisions", heading: "Decisions Made", level: 2 },
      { canonical: null, heading: "Scratch", level: 2 },
    ];
    const b = [
      { canonical: null, heading: "Checkpoint: part 2", level: 1 },
      { canonical: "decisions", heading: "Key Decisions", level: 2 },
      { canonical: "gotchas", heading: "Gotchas & Notes", level: 2 },
    ];
    const result = compareSections(a, b);
    expect(result.added.map((s) => s.heading)).toEqual(["Gotchas & Notes"]);
    expect(result.removed.map((s) => s.heading)).toEqual(["Scratch"]);
    expect(result.kept).toBe(1);
  });

  it("picks a default pair: newest as B, the one before it as A", () => {
    const ids = ["n3", "n2", "n1"];
    expect(defaultPair(ids)).toEqual({ a: "n2", b: "n3" });
    expect(defaultPair(ids, undefined, "n2")).toEqual({ a: "n1", b: "n2" });
    expect(defaultPair(ids, undefined, "n1")).toEqual({ a: "n3", b: "n1" });
    expect(defaultPair(ids, "n1")).toEqual({ a: "n1", b: "n3" });
    expect(defaultPair(ids, "zz", "yy")).toEqual({ a: "n2", b: "n3" });
    expect(defaultPair(["only"])).toBeNull();
  });

  it("defaults A to the previous save of B's lineage, not merely the save before it", () => {
    const ids = ["login-3", "search-2", "login-2", "search-1"];
    const lineage = (id: string) => id.split("-")[0];
    expect(defaultPair(ids, undefined, undefined, lineage)).toEqual({ a: "login-2", b: "login-3" });
    expect(defaultPair(ids, undefined, "search-2", lineage)).toEqual({ a: "search-1", b: "search-2" });
    // the first save of its lineage: the one saved just before it
    expect(defaultPair(ids, undefined, "login-2", lineage)).toEqual({ a: "search-1", b: "login-2" });
  });

  it("says which lines changed inside a section both have", () => {
    const a = [{ canonical: "decisions", heading: "Decisions", level: 2, text: "- Use UTC\n- Retry twice" }];
    const b = [{ canonical: "decisions", heading: "Decisions", level: 2, text: "- use utc.\n- Retry with backoff" }];
    const result = compareSections(a, b);
    expect(result.changed).toEqual([{ heading: "Decisions", added: ["Retry with backoff"], removed: ["Retry twice"] }]);
    expect(compareSections(a, a).changed).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { CommitGraph, isBookkeepingSubject, parseHistoryLog, type CommitNode } from "./history";

const sha = (name: string) => name.repeat(40).slice(0, 40);

function node(name: string, parents: string[], committedAt: number, subject = name): CommitNode {
  return { sha: sha(name), parents: parents.map(sha), committedAt, subject, bookkeeping: isBookkeepingSubject(subject) };
}

/**
 *   a - b - c ------ m - e     (main, m merges d)
 *        \         /
 *         x - d --'
 */
const graph = new CommitGraph(
  [
    node("e", ["f"], 60),
    node("f", ["c", "d"], 50, "merge"),
    node("d", ["1"], 45, "chore(session): notes"),
    node("c", ["b"], 40),
    node("1", ["b"], 30),
    node("b", ["a"], 20),
    node("a", [], 10),
  ],
  false,
);

describe("CommitGraph", () => {
  it("counts base..tip over merges", () => {
    expect(graph.countBetween(sha("a"), sha("e"))).toEqual({ total: 6, bookkeeping: 1 });
    expect(graph.countBetween(sha("c"), sha("e"))).toEqual({ total: 4, bookkeeping: 1 });
    expect(graph.countBetween(sha("d"), sha("e"))).toEqual({ total: 3, bookkeeping: 0 });
    expect(graph.countBetween(sha("e"), sha("c"))).toEqual({ total: 0, bookkeeping: 0 });
    expect(graph.countBetween(sha("9"), sha("e"))).toBeNull();
  });

  it("answers ancestry, time counts and first-parent lookups", () => {
    expect(graph.isAncestor(sha("1"), sha("e"))).toBe(true);
    expect(graph.isAncestor(sha("c"), sha("d"))).toBe(false);
    expect(graph.countCommittedAfter(sha("e"), 35)).toEqual({ total: 4, bookkeeping: 1 });
    expect(graph.firstParentAtOrBefore(sha("e"), 47)).toBe(sha("c"));
    expect(graph.firstParentAtOrBefore(sha("e"), 5)).toBeNull();
    expect(graph.matchPrefix("ccc")).toEqual([sha("c")]);
  });

  it("parses git log lines", () => {
    const line = [sha("b"), `${sha("a")} ${sha("c")}`, "1700000000", "chore(checkpoint): x"].join("\u0000");
    expect(parseHistoryLog(`${line}\n`)).toEqual([
      { sha: sha("b"), parents: [sha("a"), sha("c")], committedAt: 1700000000, subject: "chore(checkpoint): x", bookkeeping: true },
    ]);
    expect(isBookkeepingSubject("chore(checkpoints): x")).toBe(false);
    expect(isBookkeepingSubject("Chore(session): x")).toBe(false);
  });
});

/**
 * The Promote page reads a checkpoint's sections and the notes files on every view: lines built to make its
 * trailing-whitespace expressions quadratic (issue 18 item 2) took seconds per 40 KB line before.
 */
import { describe, expect, it } from "vitest";
import { existingLines, extractLearnings, terse } from "../../lib/actions/learnings";

const HOSTILE: [string, string][] = [
  ["a long run of spaces inside a bullet", `- keep the cache warm${" ".repeat(400_000)}x\n`],
  ["dots and spaces", `- keep the cache warm${". ".repeat(200_000)}x\n`],
  ["spaces before a link back", `- keep the cache warm${" ".repeat(400_000)}x ([checkpoint](y)\n`],
];

describe("learnings from hostile text", () => {
  it.each(HOSTILE)("of %s are read, and keep their words", (_name, text) => {
    const learnings = extractLearnings([{ heading: "Decisions", canonical: "decisions", text } as never]);
    expect(learnings).toHaveLength(1);
    expect(learnings[0].text).toMatch(/^keep the cache warm/);
    expect(existingLines(text, "notes" as never).length).toBe(1);
  }, 30_000);

  it("terse still drops trailing periods and spaces", () => {
    expect(terse("- Keep the cache warm . . .  ")).toBe("Keep the cache warm");
  });
});

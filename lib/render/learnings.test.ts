import { describe, expect, it } from "vitest";
import { learningsOf } from "./learnings";

describe("PROJECT-NOTES.md as its list of learnings", () => {
  it("lists each bullet once, without its link, with the checkpoint it came from and the heading above it", () => {
    const notes = [
      "# Project Notes",
      "",
      "- Use **UTC** everywhere ([checkpoint](checkpoints/20261120-101500-x.html))",
      "- Retry with backoff",
      "",
      "## Gotchas",
      "",
      "* The fixture clock is fixed ([checkpoint](<../docs/handoff (1).md>))",
      "```",
      "- not a learning",
      "```",
    ].join("\n");
    expect(learningsOf(notes, ".claude/PROJECT-NOTES.md")).toEqual([
      { text: "Use **UTC** everywhere", checkpoint: ".claude/checkpoints/20261120-101500-x.html", group: null },
      { text: "Retry with backoff", checkpoint: null, group: null },
      { text: "The fixture clock is fixed", checkpoint: "docs/handoff (1).md", group: "Gotchas" },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { parseDocument } from "./registry";

const read = (text: string, path = ".claude/session-handoff.md") => parseDocument({ path, text });

describe("no checkpoint in it", () => {
  it("reads an unfilled template as no checkpoint, and says nothing is wrong", () => {
    const template = "# Session Handoff\n\nLast updated: [DATE]\n\n**Branch:** [branch name]\n\n## Next Steps\n\n1. [Most important next action]\n2. [Second priority]\n";
    expect(read(template)).toEqual({ document: null, problems: [] });
  });

  it("reads a file of HTML comments only, or a note with no field and no title, as no checkpoint", () => {
    expect(read("<!-- Written by /checkpoint. -->\n<!-- Read at session start. -->\n", ".claude/checkpoint.md").document).toBeNull();
    expect(read("## Development Note\n\nThis project was written with some help.\n", "PROJECT-NOTES.md").document).toBeNull();
  });

  it("keeps a real handoff with a title and prose, even one that states no field and ends lines with colons", () => {
    const real = "# Handoff: Ticket 12 to the coder\n\n## How to launch\n\nFrom the repo root:\n\n```sh\n./run.sh 12\n```\n\nThe runner picks the spec up by itself.\n";
    expect(read(real, ".claude/handoff.md").document?.title).toBe("Ticket 12 to the coder");
  });
});

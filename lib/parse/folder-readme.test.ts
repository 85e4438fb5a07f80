/** A folder's README is a description of the folder, unless it holds open work itself. */
import { describe, expect, it } from "vitest";
import { parseDocument } from "./registry";
import { holdsOpenWork } from "./routes";

const INDEX_WITH_WORK = `# Handoffs

How this folder works: one file per session, newest first.

## Current

- 2026-03-02-billing-export.md: the export closeout.
- 2026-02-27-auth-tokens.md: token rotation notes.

## Pending / Needs Follow-Up

- \`2026-02-20-search.md\`: the ranking proof is still open.
- \`2026-02-18-cli.md\`: formatter rules wait for an audit.
`;

const DESCRIPTION_ONLY = `# Checkpoints

This folder holds the checkpoints the agent writes before it hands over.

## What a checkpoint holds

- the task, the branch and the commit
- what is done and what is next
`;

describe("a folder's README", () => {
  it("holds open work when a pending / next-steps section lists items or a box is unchecked, outside code", () => {
    expect(holdsOpenWork(INDEX_WITH_WORK)).toBe(true);
    expect(holdsOpenWork("# Notes\n\n- [ ] ship the importer\n")).toBe(true);
    expect(holdsOpenWork(DESCRIPTION_ONLY)).toBe(false);
    expect(holdsOpenWork("# Notes\n\n```md\n## Next steps\n- [ ] an example\n```\n")).toBe(false);
  });

  it("is read as the folder's handoff when it holds open work, and not at all when it only describes the folder", () => {
    const read = parseDocument({ path: "docs/handoffs/README.md", text: INDEX_WITH_WORK });
    expect(read.document?.title).toBe("Handoffs");
    expect(read.document?.tasks?.length).toBe(2);
    // the files it lists carry their own dates: none of them is this file's
    expect(read.document?.savedAt ?? null).toBeNull();
    expect(parseDocument({ path: ".claude/checkpoints/README.md", text: DESCRIPTION_ONLY }).document).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { claudeMdParser } from "./claude-md";
import { parseDocument } from "./registry";

const FOLDER_CLAUDE = `# services/billing

Notes for agents working in this folder.

## Recent sessions

### 2026-06-03 - 17:05 (UTC) (checkpoint)
**Status:** in progress
**Done since last save:**
- Split the invoice model
**Next steps:**
1. Migrate old rows
**Blockers:** none

### 2026-06-02 - 10:00 (UTC)
**Status:** done
**Done since last save:**
- Added the ledger table
`;

describe("claude-md-sessions", () => {
  it("only accepts files with a Recent sessions list", () => {
    expect(claudeMdParser.accepts?.({ path: "CLAUDE.md", text: "# Project rules\n\nUse pnpm." })).toBe(false);
    expect(parseDocument({ path: "CLAUDE.md", text: "# Project rules\n\nUse pnpm." }).document).toBeNull();
  });

  it("reads the newest entry as the record", () => {
    const { document: doc } = parseDocument({ path: "services/billing/CLAUDE.md", text: FOLDER_CLAUDE });
    expect(doc?.format).toBe("claude-md-sessions");
    expect(doc?.savedAt).toBe("2026-06-03T17:05:00.000Z");
    expect(doc?.status).toBe("in-progress");
    expect(doc?.sections.map((s) => s.canonical)).toEqual(expect.arrayContaining(["done", "next-steps"]));
    expect(doc?.tasks?.map((t) => t.text)).toEqual(["Migrate old rows"]);
    expect((doc?.meta.entries as unknown[]).length).toBe(2);
  });

  it("reads bullet entries and US-locale entry dates", () => {
    const bullets = "# STATUS\n\n## Recent sessions (rolling)\n\n- **2026-05-30** — `Alias reuse` — planner reuses saved aliases.\n- **2026-05-29** — `Threshold` — confirmation flow.\n";
    // a STATUS.md is itself the record: its H1 is the title, the newest entry's date its save date
    const a = parseDocument({ path: "STATUS.md", text: bullets }).document;
    expect(a?.title).toBe("STATUS");
    expect(a?.savedAt).toBe("2026-05-30T00:00:00.000Z");
    const headed = "# AGENTS.md\n\n### Recent sessions (2)\n\n#### Reworked the memory tab\n_6/14/2026, 6:20:45 AM_\n\nDid things.\n\n#### Older work\n_6/10/2026, 9:00:00 PM_\n";
    const b = parseDocument({ path: "AGENTS.md", text: headed }).document;
    expect(b?.title).toBe("Reworked the memory tab");
    expect(b?.savedAt).toBe("2026-06-14T06:20:45.000Z");
  });

  it("treats a one-line CLAUDE.md naming another file as a symlink stub", () => {
    expect(parseDocument({ path: "CLAUDE.md", text: "AGENTS.md" }).document).toBeNull();
    expect(claudeMdParser.parse({ path: "CLAUDE.md", text: "AGENTS.md" }).problems[0]).toMatch(/symlink stub/);
  });
});

import { describe, expect, it } from "vitest";
import { handoffParser } from "./handoff";
import { parseDocument } from "./registry";

const HANDOFF = `# Handoff: Search ranking tweaks

## Session Metadata
- Created: 2026-02-14 16:05:09
- Project: /srv/repos/catalog
- Branch: feat/ranking

## Current State Summary
Ranking now boosts exact title matches; the synonym work is half done and behind a flag.

### Critical Files
| File | Why |
| --- | --- |
| \`search/rank.py\` | scoring |
| search/synonyms.py | the half-done part |

### Files Modified
| File | Change |
| --- | --- |
| search/rank.py | exact-match boost |

### Decisions Made
| Decision | Reason |
| --- | --- |
| Boost in scoring, not in the query | keeps the query cacheable |

## Important Context
The product owner wants no change to the default sort until the synonym list is reviewed.

### Immediate Next Steps
1. Finish the synonym loader
2. Review the list with the product owner

### Blockers/Open Questions
- [ ] Who owns the synonym list?

### Potential Gotchas
- The test index is rebuilt nightly; local results differ.
`;

describe("handoff", () => {
  it("reads the session-handoff layout", () => {
    const { document: doc, problems } = parseDocument({ path: ".claude/handoffs/2026-02-14-160509-search-ranking.md", text: HANDOFF });
    expect(problems).toEqual([]);
    expect(doc?.format).toBe("handoff");
    expect(doc?.title).toBe("Search ranking tweaks");
    expect(doc?.savedAt).toBe("2026-02-14T16:05:09.000Z");
    expect(doc?.branch).toBe("feat/ranking");
    expect(doc?.project).toBe("/srv/repos/catalog");
    expect(doc?.sections.map((s) => s.canonical)).toEqual([null, "state", "key-files", "modified-files", "decisions", "context", "next-steps", "blockers", "gotchas"]);
    // the box under "Blockers/Open Questions" asks a question: it is no task, so the next steps are the work
    expect(doc?.tasks?.map((t) => [t.text, t.done])).toEqual([
      ["Finish the synonym loader", false],
      ["Review the list with the product owner", false],
    ]);
    expect(doc?.references).toEqual(
      expect.arrayContaining([
        { path: "search/rank.py", role: "key" },
        { path: "search/synonyms.py", role: "key" },
      ]),
    );
  });

  it("reads one-line headers with a blocked status and a previous handoff", () => {
    const text = "# Handoff: Stream kinds\n\n**Date:** 2026-07-29T11:34:28+01:00 · **Branch:** `master` · **HEAD:** `4c34fca`\n**Previous handoff:** `.claude/handoffs/2026-07-29-1115-earlier.md`\n**Status:** blocked — tests not run since the edits\n\n## Goal\nAdd the stream kinds.\n";
    const { document: doc } = parseDocument({ path: ".claude/handoffs/2026-07-29-1134-stream-kinds.md", text });
    expect(doc?.savedAt).toBe("2026-07-29T10:34:28.000Z");
    expect(doc?.branch).toBe("master");
    expect(doc?.headSha).toBe("4c34fca");
    expect(doc?.status).toBe("blocked");
    expect(doc?.statusRaw).toBe("blocked — tests not run since the edits");
    expect(doc?.meta.previousHandoff).toBe(".claude/handoffs/2026-07-29-1115-earlier.md");
  });

  it("reads double-space key/values and a superseded notice", () => {
    const text = "> **Superseded.** A newer handoff replaces this one.\n\n# HANDOFF — shop — 2026-08-15 21:27 PKT\n\nSession: task8  Model: m  Branch: main  Goal: #3\n\n## State\nDone.\n";
    const { document: doc } = parseDocument({ path: "docs/ai/HANDOFF.md", text });
    expect(doc?.savedAt).toBe("2026-08-15T16:27:00.000Z");
    expect(doc?.branch).toBe("main");
    expect(doc?.status).toBe("superseded");
  });

  it("claims handoff places but not skills, commands or templates", () => {
    for (const path of ["HANDOFF.md", "docs/ai/HANDOFF.md", ".claude/handoff.md", "handoffs/HANDOFF-V10.md", "today/handoff.md", "NEXT_SESSION.md", "SESSION_NOTES.md", "work/00_HANDOFF.md", ".claude/handoffs/LATEST.md"]) {
      expect(handoffParser.claims(path), path).toBe(true);
    }
    for (const path of [".claude/commands/handoff.md", ".claude/skills/handoff/SKILL.md", "docs/handoffs/TEMPLATE.md", "docs/ai/handoff-template.md", "README.md", "docs/handoffs/register.csv"]) {
      expect(handoffParser.claims(path), path).toBe(false);
    }
  });
});

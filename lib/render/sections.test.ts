/** The normalised view's sections: each fact once, in the fixed order; entries and tables readable. */
import { describe, expect, it } from "vitest";
import type { SectionRow } from "../../db/schema";
import * as family from "../../scripts/fixtures/families";
import { parseDocument } from "../parse/registry";
import { readableText, sectionBlocks, shownSections } from "./sections";

const facts: family.SaveFacts = {
  title: "Rate limiter",
  slug: "rate-limiter",
  branch: "main",
  headSha: "abcdef1234567",
  savedAt: new Date("2026-11-03T12:00:00Z"),
  status: "in-progress",
  tasks: [
    { text: "Write the failing test", done: false },
    { text: "Ship the limiter", done: true },
  ],
  keyFiles: ["src/app.ts"],
  decision: "Use feature flags rather than long-lived branches",
  gotcha: "Prettier and eslint disagree about trailing commas",
};

function rowsOf(path: string, text: string): SectionRow[] {
  const doc = parseDocument({ path, text }).document!;
  return doc.sections.map((s, position) => ({ id: position + 1, documentId: "d", position, ...s }));
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, " ");
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("the normalised view of a handoff with sub-sections", () => {
  const rows = rowsOf(".claude/handoffs/2026-11-03-120000-handoff.md", family.handoff(facts, "/work/x"));

  it("shows each sub-section once, in the fixed order, and no sub-section inside its parent again", () => {
    const { blocks } = sectionBlocks(rows, { hasTasks: true, references: [] });
    const headings = blocks.map((b) => b.heading);
    for (const h of ["Critical Files", "Decisions Made", "Immediate Next Steps", "Important Context", "Potential Gotchas"]) {
      expect(headings.filter((x) => x === h), h).toHaveLength(1);
    }
    const all = blocks.map((b) => ("html" in b ? textOf(b.html) : b.files.map((f) => f.path).join(" "))).join("\n");
    expect(count(all, facts.decision)).toBe(1);
    expect(count(all, facts.gotcha)).toBe(1);
    expect(count(all, "The staging database is shared")).toBe(1);
    expect(count(all, "Half of rate limiter is done")).toBe(1);
    // the fixed order: decisions, context, next steps, blockers, gotchas, key files (lib/parse/types)
    expect(headings.indexOf("Decisions Made")).toBeLessThan(headings.indexOf("Important Context"));
    expect(headings.indexOf("Immediate Next Steps")).toBeLessThan(headings.indexOf("Potential Gotchas"));
    expect(headings.indexOf("Potential Gotchas")).toBeLessThan(headings.indexOf("Critical Files"));
  });

  it("keeps a sub-section without a canonical name inside its parent, shown once", () => {
    const md = "# Work\n\n## Decisions\n- use flags\n\n### Flag names\nRollback is a toggle.\n\n## Next steps\n- ship\n";
    const shown = shownSections(rowsOf("HANDOFF.md", md));
    expect(shown.map((s) => s.section.heading)).toEqual(["Decisions", "Next steps"]);
    expect(shown[0].text).toContain("Rollback is a toggle.");
  });
});

describe("readable section text", () => {
  it("gives each bold-label line of a CLAUDE.md session entry a paragraph of its own", () => {
    const rows = rowsOf("CLAUDE.md", family.claudeMdWithSessions(facts));
    const { blocks } = sectionBlocks(rows, { hasTasks: false, references: [] });
    const html = blocks.map((b) => ("html" in b ? b.html : "")).join("");
    expect(html).toMatch(/<p><strong>Status:<\/strong> in progress<\/p>\s*<p><strong>Done since last save:<\/strong>/);
    expect(html).not.toMatch(/in progress\s*<strong>Done since last save/);
  });

  it("draws a research page's table as a table", () => {
    const rows = rowsOf(".claude/research/limits.html", family.researchHtml("Limits", "rate-limiter", facts.savedAt));
    const { blocks } = sectionBlocks(rows, { hasTasks: false, references: [], fromHtml: true });
    const notes = blocks.find((b) => b.heading === "Source Notes");
    expect(notes && "html" in notes ? notes.html : "").toMatch(/<table>[\s\S]*<th>Source<\/th>[\s\S]*<td>internal wiki<\/td>/);
  });

  it("leaves code fences, Markdown tables and single labels alone", () => {
    const md = "**Branch:** main\n\n```\n**a:** 1\n**b:** 2\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |";
    expect(readableText(md, true)).toBe(md);
  });
});

describe("a data checkpoint's values", () => {
  it("are text, never HTML: a tag in a value shows as written", () => {
    const rows = rowsOf(".claude/session-state.json", JSON.stringify({ working_on: "Escape <img src=x onerror=alert(1)> and <b>bold</b>", status: "in_progress" }));
    const { blocks } = sectionBlocks(rows, { hasTasks: false, references: [], fromData: true });
    const html = blocks.map((b) => ("html" in b ? b.html : "")).join("");
    expect(html).toMatch(/(?:&lt;|&#x3C;)b(?:&gt;|>)bold/);
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<img");
    expect(blocks.map((b) => b.heading)).toContain("Working on");
  });
});

import { describe, expect, it } from "vitest";
import { outline } from "./markdown";
import { isQuestionsHeading, isRemainingWorkHeading, tasksByRule } from "./task-rule";

const tasks = (markdown: string) => tasksByRule(outline(markdown)).map((t) => [t.text, t.done]);

describe("the task rule", () => {
  it("counts the checkboxes when the file has any, and adds no numbered step to them", () => {
    const md = "# Porting the billing job\n\n## Progress\n- [x] copy the cron entry\n- [ ] switch the queue\n\n## Next steps\n1. switch the queue\n2. tell finance\n";
    expect(tasks(md)).toEqual([
      ["copy the cron entry", true],
      ["switch the queue", false],
    ]);
  });

  it("ignores checkboxes in code fences, HTML comments and style/script blocks", () => {
    const md = [
      "# Notes",
      "```markdown",
      "- [ ] a template line",
      "```",
      "<!--",
      "- [ ] commented out",
      "-->",
      "<style>",
      "li::before { content: '- [ ] '; }",
      "</style>",
      "- [ ] the real one",
    ].join("\n");
    expect(tasks(md)).toEqual([["the real one", false]]);
  });

  it("without checkboxes, takes the top-level items of remaining-work sections, all open, nested bullets left out", () => {
    const md = "# Sync rework\n\n## Next Steps\n1. ~~drop the old table~~ (done)\n   - check the backups first\n2. ship the migration\n\n## Known issues\n- the import is slow\n";
    expect(tasks(md)).toEqual([
      ["drop the old table (done)", false],
      ["ship the migration", false],
    ]);
  });

  it("counts items under category sub-headings, and sub-headings that are items once each", () => {
    const byCategory = "## Remaining\n### High priority\n- fix login\n### Later\n- tidy css\n- write docs\n";
    expect(tasks(byCategory)).toHaveLength(3);
    const asItems = "## Next steps\n### 1. Move the cache\nlong notes\n- a detail, not an item\n### 2. Drop the flag\n";
    expect(tasks(asItems)).toEqual([
      ["Move the cache", false],
      ["Drop the flag", false],
    ]);
  });

  it("counts an item that two remaining-work lists repeat once", () => {
    const md = "## Next steps\n- rotate the staging key\n- update the runbook\n\n## TODO\n- Rotate the staging key\n";
    expect(tasks(md)).toHaveLength(2);
  });

  it("reads remaining-work headings in other languages and leaves questions, blockers and procedures alone", () => {
    for (const heading of ["Next steps", "Remaining work", "Pendientes", "Próximos passos", "Nächste Schritte", "Следующие шаги", "다음 할 일", "次にやること", "Start by", "TODO"]) {
      expect(isRemainingWorkHeading(heading)).toBe(true);
    }
    for (const heading of ["Open questions", "Blockers", "Known issues", "How to resume", "Decisions", "Completed tasks"]) {
      expect(isRemainingWorkHeading(heading)).toBe(false);
    }
  });

  it("does not count a question written with a checkbox in an open-questions section as a task", () => {
    const md = "# Sync rework\n\n## Next steps\n1. ship the migration\n\n### Blockers/Open Questions\n- [ ] Should we keep the old table?\n- [ ] Who owns the backups?\n";
    expect(tasks(md)).toEqual([["ship the migration", false]]);
    const mixed = "# Sync rework\n\n## Progress\n- [x] drop the index\n- [ ] ship the migration\n\n**Open questions:**\n- [ ] Should we keep the old table?\n";
    expect(tasks(mixed)).toEqual([
      ["drop the index", true],
      ["ship the migration", false],
    ]);
    expect(isQuestionsHeading("Blockers/Open Questions")).toBe(true);
    expect(isQuestionsHeading("Offene Fragen")).toBe(true);
    expect(isQuestionsHeading("Next steps")).toBe(false);
  });

  it("finds no task in a file with neither", () => {
    expect(tasks("# Notes\n\nJust prose.\n\n## Context\n- a bullet\n")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { parseDocument } from "./registry";

/** A handoff read through the registry, as the indexer reads it. */
const read = (text: string, path = ".claude/handoffs/2026-03-02-notes.md") => parseDocument({ path, text }).document!;

describe("title", () => {
  it("is the H1, with only the exact template labels dropped", () => {
    expect(read("# Checkpoint: Move billing to the queue\n").title).toBe("Move billing to the queue");
    expect(read("# Session Handoff: Queue work\n").title).toBe("Queue work");
    expect(read("# Checkpoint — 2026-03-09 18:10\n").title).toBe("Checkpoint — 2026-03-09 18:10");
    expect(read("# Agent Handoff: Queue work\n").title).toBe("Agent Handoff: Queue work");
    expect(read("# Session Handoff\n").title).toBe("Session Handoff");
    expect(read("# Checkpoint: Queue\n").fieldSources?.title).toBe("h1");
  });

  it("without an H1, is a heading that carries the work or names it, never a generic section", () => {
    const working = read("## Working on: Checkout rework\n\nText.\n\n### Summary\nMore.\n");
    expect(working.title).toBe("Checkout rework");
    expect(working.fieldSources?.title).toBe("heading:working-on");
    expect(read("## Summary\nx\n## Payment retries for EU cards\ny\n").title).toBe("Payment retries for EU cards");
    expect(read("## Summary\nx\n## Context\ny\n## Next steps\n- z\n").title).toBeNull();
  });
});

describe("status", () => {
  it("reads a heading that carries it, and the many words for done and in progress", () => {
    expect(read("# X\n\n## Status: DONE\n").status).toBe("completed");
    expect(read("# X\n\n## Status: DONE\n").fieldSources?.status).toBe("heading:status");
    for (const word of ["Tamamlandı", "已完成", "完了", "완료", "HECHA", "fermé", "abgeschlossen"]) expect(read(`# X\n\n**Status:** ${word}\n`).status).toBe("completed");
    for (const word of ["in_progress", "Devam ediyor", "进行中", "作業中", "진행 중", "en cours"]) expect(read(`# X\n\n**Status:** ${word}\n`).status).toBe("in-progress");
  });

  it("keeps anything else raw with no status, mixed values included", () => {
    const ready = read("# X\n\n**Status:** Ready to resume anytime\n");
    expect([ready.status, ready.statusRaw]).toEqual([null, "Ready to resume anytime"]);
    expect(read("# X\n\n**Status:** Implementation complete, testing pending\n").status).toBeNull();
  });

  it("reads a current-state statement, and never a per-item status in a list", () => {
    expect(read("# X\n\n## Current state\nThe exporter is **complete** and merged.\n").status).toBe("completed");
    expect(read("# X\n\n## Current state\nNo code work is in progress.\n").status).toBeNull();
    expect(read("# X\n\n## Current state summary\nHalf of the importer is done and tested.\n").status).toBeNull();
    expect(read("# X\n\n## Parts\n### Importer\n- **Status:** done\n").status).toBeNull();
  });

  it("takes frontmatter first, synonyms included", () => {
    const doc = read("---\nactive: true\n---\n# Loop\n");
    expect([doc.status, doc.fieldSources?.status]).toEqual(["in-progress", "frontmatter:active"]);
  });
});

describe("branch", () => {
  it("takes a valid ref name out of its sentence", () => {
    expect(read("# X\n\n**Branch:** `git checkout feature/astro-blog`\n").branch).toBe("feature/astro-blog");
    expect(read("# X\n\n> Branch: `main` (in sync with origin)\n").branch).toBe("main");
    expect(read("# Handoff — 2026-06-29 · branch: feat/routing\n").branch).toBe("feat/routing");
    expect(read("# X\n\n| Key | Value |\n|---|---|\n| Branch | release/2.1 |\n").branch).toBe("release/2.1");
    expect(read("# X\n\n## Branch\n`fix/login`\n").fieldSources?.branch).toBe("section:branch");
    expect(read("# X\n\nWork continues: ~25 commits on develop since Monday.\n").branch).toBe("develop");
  });

  it("finds no branch in a placeholder, a remote-tracking ref or a command word", () => {
    expect(read("# X\n\n**Branch:** [branch name]\n").branch).toBeNull();
    expect(read("# X\n\nPushed to `origin/main`.\n").branch).toBeNull();
    expect(read("# X\n\n**Branch:** `git`\n").branch).toBeNull();
  });
});

describe("commit", () => {
  it("reads any commit the file labels as its state", () => {
    const fm = read("---\nhead: 4f1c2aa\n---\n# X\n");
    expect([fm.headSha, fm.fieldSources?.headSha]).toEqual(["4f1c2aa", "frontmatter:head"]);
    expect(read("# X\n\n**HEAD**: `9d03b17`\n").headSha).toBe("9d03b17");
    expect(read("# X\n\nLast commit: abc1234 - fix the cart\n").headSha).toBe("abc1234");
    const at = read("# X\n\n**Last updated:** 2026-07-21 · **`main` @ `d2e84c4`**\n");
    expect([at.branch, at.headSha]).toEqual(["main", "d2e84c4"]);
    expect(read("# X\n\n## Recent Commits\n```\n5e6f7a8 feat: export\n1a2b3c4 fix: parse\n```\n").headSha).toBe("5e6f7a8");
    expect(read("# X\n\nRun git log. HEAD should be `1a6fa21` and the tree clean.\n").headSha).toBe("1a6fa21");
  });

  it("takes no commit from history lists without hashes or from a commit named inside a work item", () => {
    expect(read("# X\n\n## Recent Commits\n- fix the cart\n- add tests\n").headSha).toBeNull();
    expect(read("# X\n\n## Work done\n### Cart fix\n- Commit: `5b6face` on feature/cart\n").headSha).toBeNull();
  });
});

describe("date", () => {
  it("prefers a save stamp, keeps the day as written, and reads dates in words", () => {
    const doc = read("# X\n\n**Updated:** 2026-04-12 23:30 (-05:00)\n");
    expect(doc.meta.savedDate).toBe("2026-04-12");
    expect(doc.fieldSources?.savedAt).toBe("label:updated");
    expect(read("# X\n\n**Data/Hora:** 10 de Junho de 2026, às 23:56\n").meta.savedDate).toBe("2026-06-10");
    expect(read("# Сессия 17 июля 2025\n").meta.savedDate).toBe("2025-07-17");
  });

  it("takes the newest entry of a log over a stale 'last updated' line", () => {
    const log = "# Log\n\n_Last updated: 2026-01-02_\n\n## 2026-01-05 — retries\n- done\n\n## 2026-01-02 — start\n- begun\n";
    expect(read(log).meta.savedDate).toBe("2026-01-05");
  });

  it("uses the file name only when the text states no date at all", () => {
    const doc = read("# Plain notes\n", ".claude/handoffs/2026-03-02-plain.md");
    expect([doc.meta.savedDate, doc.fieldSources?.savedAt]).toEqual(["2026-03-02", "filename"]);
  });
});

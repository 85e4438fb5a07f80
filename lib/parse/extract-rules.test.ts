import { describe, expect, it } from "vitest";
import { parseDocument } from "./registry";
import { recordStatus } from "./heuristics/status";

/**
 * The reading rules of issue 26, each on a small file written for the test: status from where people write it,
 * titles as written, labels in other languages, lists that are not tasks.
 */
const read = (text: string, path = ".claude/handoffs/2026-05-04-notes.md") => parseDocument({ path, text }).document!;
const status = (text: string, path?: string) => recordStatus(read(text, path).status);

describe("titles as written", () => {
  it("keeps a label whose value is only a date, and the labels that are not the template's", () => {
    expect(read("# Session Handoff: 2026-05-04\n\n## Next steps\n- a\n").title).toBe("Session Handoff: 2026-05-04");
    expect(read("# Session State: Importer rewrite done\n\n## Next steps\n- a\n").title).toBe("Session State: Importer rewrite done");
    expect(read("# Handoff: Importer rewrite\n").title).toBe("Importer rewrite");
  });

  it("takes the whole value after a Working on label, dashes and commas kept", () => {
    const doc = read("## Working on: Billing export — Plan Complete, Ready for Step 2\n\n### Remaining Work\n1. a\n");
    expect(doc.title).toBe("Billing export — Plan Complete, Ready for Step 2");
  });
});

describe("status from where people write it", () => {
  it("reads a phase or mode line when its value is a status word", () => {
    expect(status("# Sync rework\n\n## Current Task\n- Phase: **REVIEW DONE** — 3/3 checked\n")).toBe("completed");
    expect(status("# Sync rework\n\nMode: in progress\n")).toBe("in-progress");
    expect(read("# Sync rework\n\nPhase: Live\n").status).toBeNull();
  });

  it("reads a short status tag closing the title, not a long subtitle", () => {
    expect(status("# Export pipeline (ALL STEPS DONE)\n\n## Notes\nx\n")).toBe("completed");
    expect(status("# Export pipeline [in progress]\n\n## Notes\nx\n")).toBe("in-progress");
    expect(read("# Export pipeline — notes from the review of the queue and the cache done\n\n## Notes\nx\n").status).toBeNull();
  });

  it("reads the first paragraph of a note with no heading at all", () => {
    expect(status("The cache migration (steps 1-4) is in progress. Step 5 waits for review.\n", ".claude/checkpoints/LATEST.md")).toBe("in-progress");
  });

  it("lets a status label closing the file win over the header's (the latest statement)", () => {
    const text = "# Importer\n\n**Status:** in progress\n\n## Work\n- a\n\n## Session end\n\n**Status:** Session complete.\n";
    expect(status(text)).toBe("completed");
    expect(read(text).fieldSources?.status).toBe("closing:label:status");
    // a label inside a list of sub-sections is an item's, not the file's closing word
    expect(status("# Importer\n\n**Status:** in progress\n\n## Tasks\n### Task 2\n**Status:** done\n")).toBe("in-progress");
  });

  it("keeps a status that waits on another step raw, with no normal form", () => {
    expect(read("# Export\n\n**Status**: ✅ Production-ready\n").status).toBeNull();
    const doc = read("# Export\n\n**Status**: ✅ Ready to merge\n");
    expect(doc.status).toBeNull();
    expect(doc.statusRaw).toBe("✅ Ready to merge");
  });

  it("does not take 'completed X' in Chinese for the whole work being done", () => {
    expect(read("# 交接\n\n> 上次完成了第一步的代码\n\n## 下一步\n- 测试\n").status).toBeNull();
    expect(status("# 交接\n\n> 全部工作已完成。\n")).toBe("completed");
  });

  it("reads status words in languages the table has a row for", () => {
    for (const word of ["voltooid", "concluído", "завершено", "पूरा", "مكتمل", "সম্পন্ন"]) expect(status(`# X\n\n**Status:** ${word}\n`)).toBe("completed");
    for (const word of ["bezig", "em andamento", "в работе", "قيد التنفيذ"]) expect(status(`# X\n\n**Status:** ${word}\n`)).toBe("in-progress");
    expect(status("# X\n\n**Status:** unblocked and done\n")).toBe("completed");
  });
});

describe("labels in other words or languages", () => {
  it("takes an explicit HEAD label far down the file, a commit of digits only included", () => {
    const body = Array.from({ length: 120 }, (_, i) => `Line ${i} of notes.`).join("\n");
    expect(read(`# Export\n\n${body}\n\n## Branch Status\n\n**HEAD**: \`4417203\` (docs: notes)\n`).headSha).toBe("4417203");
  });

  it("does not take a bare commit label far down the file, outside any status section", () => {
    const body = Array.from({ length: 120 }, (_, i) => `Line ${i} of notes.`).join("\n");
    expect(read(`# Export\n\n${body}\n\n## Older work\n\n- **Commit**: \`ab12cd3\`\n`).headSha).toBeNull();
  });

  it("reads commit, branch and date labels in other languages", () => {
    const doc = read("# Sessie\n\n## Laatste Update\n- **Datum:** 2026-04-02\n- **Commit:** `c0ffee1` fix\n\n## Openstaande Taken\n1. a\n2. b\n");
    expect(doc.headSha).toBe("c0ffee1");
    expect(doc.savedAt?.slice(0, 10)).toBe("2026-04-02");
    expect(doc.tasks?.length).toBe(2);
    expect(read("# 引き継ぎ\n\n- **現在のブランチ**: `feat/sprites`\n").branch).toBe("feat/sprites");
  });

  it("reads the commit a state heading names", () => {
    expect(read("# Note\n\n## Stato attuale (commit 5e6f7a8)\n\ntext\n").headSha).toBe("5e6f7a8");
  });

  it("reads a conventional branch name in the title, and 'everything on `x`' in any listed language", () => {
    expect(read("# Session State — 2026-05-04 fix/queue-retry\n\n## Next steps\n- a\n").branch).toBe("fix/queue-retry");
    expect(read("# Notes\n\nAprès la session, tout sur `main`.\n\n## Prochaines étapes\n- a\n").branch).toBe("main");
    expect(read("# Notes on fix/queue-retry.md\n").branch).toBeNull();
  });

  it("reads a commit named with its branch in a sentence", () => {
    expect(read("# Plan\n\nThe verified branch is `fix/cache` at `8812093`.\n").headSha).toBe("8812093");
  });
});

describe("remaining work", () => {
  it("counts next-steps headings in other languages and leaves summary and context lists out", () => {
    expect(read("# X\n\n## Следующие шаги\n1. a\n2. b\n").tasks?.length).toBe(2);
    expect(read("# X\n\n## 다음 단계\n- a\n").tasks?.length).toBe(1);
    expect(read("# X\n\n## Próximos passos\n- a\n- b\n- c\n").tasks?.length).toBe(3);
    expect(read("# X\n\n## Sonraki adımlar\n- a\n").tasks?.length).toBe(1);
    expect(read("# X\n\n## Summary of the session\n- a\n- b\n").tasks ?? []).toHaveLength(0);
    expect(read("# X\n\n## Context for the next session\n- a\n- b\n").tasks ?? []).toHaveLength(0);
  });

  it("counts a deferred section of its own, not one inside the report of completed work", () => {
    expect(read("# X\n\n## Not done / deferred\n- a\n- b\n").tasks?.length).toBe(2);
    expect(read("# X\n\n## Completed work\n- c\n### Not fixed (deferred)\n- a\n- b\n\n## Next steps\n1. d\n").tasks?.map((t) => t.text)).toEqual(["d"]);
  });

  it("leaves out a list of bold labels with values beside the ordinary items, and confirmations", () => {
    const doc = read("# X\n\n## Next steps\n\nSpec:\n- **Canvas**: 1024px\n- **Sections**: 5\n\nOrder:\n1. Draw the tower\n2. Draw the garden\n\n## Remaining confirmations\n- Is the palette right?\n");
    expect(doc.tasks?.map((t) => t.text)).toEqual(["Draw the tower", "Draw the garden"]);
  });
});

describe("dates and generated files", () => {
  it("does not date the file by another file's name", () => {
    expect(read("See 2026-01-09-plan.md: the plan is in progress.\n", ".claude/checkpoints/LATEST.md").savedAt).toBeNull();
  });

  it("reads a generated index with only a date as no checkpoint", () => {
    const result = parseDocument({ path: ".claude/project-notes.md", text: "# Project Context\n> Auto-generated by a tool. Last updated: 2026-04-04 10:42\n\n## Architecture\n- **Symbols:** 12\n" });
    expect(result.document).toBeNull();
    // a handoff a hook writes says it is generated too, and is still the saved state
    const hook = parseDocument({ path: ".claude/handoffs/handoff_2026-01-22.md", text: "# Handoff: Pre-compact\n\n> Auto-generated before context compression\n> Date: 2026-01-22T13:07:04Z\n\n## Session Info\n- **Project**: shop\n" });
    expect(hook.document?.title).toBe("Pre-compact");
  });
});

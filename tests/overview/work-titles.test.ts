/**
 * Issue 39 item 6: the queue titles a save by its work ("What we just did", "Current focus"), never by its date; the
 * date in a last-session heading is the family's own field (stated, so no "Check the date: Cairn guessed" box).
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { loadQueue } from "../../lib/queries/queue";
import { listRecords } from "../../lib/queries/records";
import { firstItem, isKindOnlyTitle } from "../../lib/parse/heuristics/work-title";
import { writeMemoryBankRepo, MEMORY_BANK } from "../../e2e/support/memory-bank-fixture";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
beforeEach(() => (space = tempSpace()));
afterEach(() => space.cleanup());

describe("titles from the work", () => {
  it("tells a heading that names only a kind and a date from one that names work", () => {
    expect(isKindOnlyTitle("Last session — 2026-12-05, 05:24 (UTC)")).toBe(true);
    expect(isKindOnlyTitle("Active Context")).toBe(true);
    expect(isKindOnlyTitle("Last Session Summary - December 4, 2025")).toBe(true);
    expect(isKindOnlyTitle("Strata Session Summary - December 4, 2025")).toBe(false);
    expect(isKindOnlyTitle("Rate limiter for the public API")).toBe(false);
    expect(firstItem("\n- [x] **Wired** the `CSV` importer to the queue.\n- Fixed CRLF\n")).toBe("Wired the CSV importer to the queue");
  });

  it("a last-session briefing and a memory bank are queued by their work; the briefing's heading date is stated", async () => {
    const root = join(space.dir, "code");
    const repo = join(root, "shop");
    initRepo(repo);
    const now = new Date();
    const stamp = new Date(now.getTime() - 3_600_000).toISOString();
    writeFiles(repo, {
      "src/app.ts": "export {};\n",
      ".claude/last-session.md": `# Last session — ${stamp.slice(0, 10)}, ${stamp.slice(11, 16)} (UTC) (laptop: box) [checkpoint]\n\n## What we just did\n- Moved the cart totals into the checkout service\n\n## Do this first next session\n1. Write the refund test\n`,
    });
    commitAll(repo, "feat: start", new Date(now.getTime() - 2 * 3_600_000));
    const bank = join(root, MEMORY_BANK.repo);
    writeMemoryBankRepo(bank);
    writeFiles(bank, { "memory-bank/activeContext.md": `# Active Context\n\n## Current focus\n- ${MEMORY_BANK.title}\n- ${MEMORY_BANK.openTask}\n` });
    commitAll(bank, "docs: focus", new Date(now.getTime() - 3_600_000));
    await indexRoots(space.db(), { roots: [root], home: null });

    const titles = (await loadQueue(space.db())).items.map((i) => i.title);
    expect(titles).toContain("Moved the cart totals into the checkout service");
    expect(titles).toContain(MEMORY_BANK.title);
    expect(titles.some((t) => /^Last session|^Active Context$/.test(t ?? ""))).toBe(false);

    const briefing = listRecords(space.db(), { kind: "all" }).find((r) => r.path === ".claude/last-session.md")!;
    // the record keeps the file's own heading (record.md); its date is the family's stated field
    expect(briefing.title).toMatch(/^Last session — /);
    expect(briefing.fieldConfidence.savedAt).toBe("stated");
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { pointerTarget } from "../../lib/index/aliases";
import { indexRoots } from "../../lib/index/indexer";
import { checkpointPage } from "../../lib/queries/checkpoint";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

describe("pointer files", () => {
  it("reads the one file a short text names, and nothing else", () => {
    expect(pointerTarget("See [the latest handoff](./2026-05-01-cart.md)\n")).toBe("./2026-05-01-cart.md");
    expect(pointerTarget("# Latest\n\nLatest checkpoint: `.claude/checkpoints/20260501-cart.html`\n")).toBe(".claude/checkpoints/20260501-cart.html");
    expect(pointerTarget("2026-05-01-cart.md\n")).toBe("2026-05-01-cart.md");
    expect(pointerTarget("<!-- written by a hook -->\n→ handoffs/2026-05-01.md")).toBe("handoffs/2026-05-01.md");
    // two files named, or real content around the name: not a pointer
    expect(pointerTarget("Compare a.md with b.md")).toBeNull();
    expect(pointerTarget("# Handoff: Cart\n\nWe moved the totals into src/cart.ts and wrote the tests; next we wire the tax table and ask for review from the team.\n")).toBeNull();
    expect(pointerTarget("# Handoff: Cart\n\n- Branch: main\n- Next: wire tax\n- Blocked on review\n- Tests green\n- Deploy friday\n- see notes.md\n")).toBeNull();
  });
});

describe("pointer files in an index", () => {
  let space: TempSpace;
  let root: string;
  let repo: string;
  beforeEach(() => {
    space = tempSpace();
    root = join(space.dir, "code");
    repo = join(root, "shop");
    initRepo(repo);
    writeFiles(repo, {
      ".claude/handoffs/2026-05-01-cart.md": "# Handoff: Cart totals\n\n- Created: 2026-05-01T10:00:00Z\n- Branch: main\n\n## Immediate Next Steps\n1. Wire tax\n",
      ".claude/handoffs/LATEST.md": "Latest: [2026-05-01-cart.md](2026-05-01-cart.md)\n",
    });
    commitAll(repo, "handoff");
  });
  afterEach(() => space.cleanup());

  it("are an alias of their target: not listed on their own, shown as an alias on their page", async () => {
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(listRecords(space.db()).map((r) => r.title)).toEqual(["Cart totals"]);
    const all = listRecords(space.db(), { includeDuplicates: true });
    const target = all.find((r) => r.path.endsWith("2026-05-01-cart.md"))!;
    const pointer = all.find((r) => r.path.endsWith("LATEST.md"))!;
    expect(pointer.aliasOf).toBe(target.id);
    expect(target.aliasOf).toBeNull();
    expect(checkpointPage(space.db(), pointer.id)?.aliasOf?.id).toBe(target.id);

    // once it holds a checkpoint of its own, it is listed again
    writeFiles(repo, { ".claude/handoffs/LATEST.md": "# Handoff: Checkout\n\n- Created: 2026-05-02T10:00:00Z\n- Branch: main\n\n## Immediate Next Steps\n1. Pay\n" });
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(listRecords(space.db()).map((r) => r.title).sort()).toEqual(["Cart totals", "Checkout"]);
  });
});

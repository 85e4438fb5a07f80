/** get_checkpoint shows each fact once, as the page does: a sub-section with a section of its own is not repeated inside its parent. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { checkpointView } from "../../lib/mcp/checkpoint-view";
import { checkpointPage } from "../../lib/queries/checkpoint";
import { getRecord, listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/cart.ts": "export {};\n" });
  commitAll(repo, "feat: cart");
});
afterEach(() => space.cleanup());

describe("get_checkpoint's sections", () => {
  it("names a decision once, under its own heading", async () => {
    writeFiles(repo, {
      ".claude/handoffs/2026-11-20-cart.md": [
        "# Handoff: checkout rework",
        "",
        "## Current State Summary",
        "",
        "The cart compiles again.",
        "",
        "### Decisions Made",
        "",
        "- Keep prices in integer cents everywhere",
        "",
        "### Immediate Next Steps",
        "",
        "1. Wire the coupon field to the cart total",
        "",
      ].join("\n"),
    });
    await indexRoots(space.db(), { roots: [root], home: null });
    const id = listRecords(space.db()).find((r) => r.path.endsWith("2026-11-20-cart.md"))!.id;
    const view = checkpointView(checkpointPage(space.db(), id)!, getRecord(space.db(), id)!);
    const all = view.sections.map((s) => s.text).join("\n");
    expect(all.split("integer cents").length - 1).toBe(1);
    expect(all.split("coupon field").length - 1).toBe(1);
    expect(view.sections.find((s) => s.heading.includes("Current State"))?.text).toContain("cart compiles");
  });
});

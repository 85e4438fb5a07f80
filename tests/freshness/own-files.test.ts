/**
 * Issue 39 item 4: drift counts only real drift. The conventions' folders are the agent's files, not code; a save's
 * own commit is not drift; a Spec Kit feature whose branch was merged and deleted has landed.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isAgentFile } from "../../lib/derive/freshness";
import { headline, parseFreshness } from "../../lib/derive/freshness-wording";
import * as family from "../../scripts/fixtures/families";
import { initRepo } from "../../scripts/fixtures/git";
import { indexRoots } from "../../lib/index/indexer";
import { loadQueue } from "../../lib/queries/queue";
import { loadDiffPage } from "../../lib/queries/freshness";
import { listRecords } from "../../lib/queries/records";
import { writeMemoryBankRepo, MEMORY_BANK } from "../../e2e/support/memory-bank-fixture";
import { writeUnitsRepo, UNITS } from "../../e2e/support/conventions-fixture";
import { commitAll, git, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
beforeEach(() => (space = tempSpace()));
afterEach(() => space.cleanup());

type F = { level: string; filesChanged: number | null; landed: { into: string } | null; savedBranchExists: boolean | null };
const freshnessOf = (pathPart: string) => listRecords(space.db(), { kind: "all" }).find((r) => r.path.includes(pathPart))!.freshness as unknown as F;

describe("the agent's own files", () => {
  it("names the conventions' folders at the repository's top, not a folder of that name deeper in the code", () => {
    for (const path of ["memory-bank/activeContext.md", "specs/002-x/plan.md", "conductor/tracks.md", "openspec/changes/a/tasks.md", ".kiro/specs/x/design.md", ".taskmaster/tasks/tasks.json", ".planning/ROADMAP.md", "backlog/tasks/task-1.md"]) {
      expect(isAgentFile(path, new Set()), path).toBe(true);
    }
    expect(isAgentFile("src/specs/login.spec.ts", new Set())).toBe(false);
    expect(isAgentFile("src/app.ts", new Set())).toBe(false);
  });

  it("a memory bank edited after its save is fresh: its own files are not code that moved", async () => {
    const root = join(space.dir, "code");
    const repo = join(root, MEMORY_BANK.repo);
    writeMemoryBankRepo(repo);
    writeFiles(repo, { "memory-bank/progress.md": "# Progress\n\n## Left\n- [ ] Conflict banner\n" });
    commitAll(repo, "docs: progress", new Date(Date.now() - 86_400_000));
    await indexRoots(space.db(), { roots: [root], home: null });
    const f = freshnessOf("memory-bank/");
    expect(f.level).toBe("fresh");
    expect(f.filesChanged ?? 0).toBe(0);
  });

  it("a Spec Kit feature whose branch was merged and deleted has landed, not gone", async () => {
    const root = join(space.dir, "code");
    const repo = join(root, UNITS.repo);
    writeUnitsRepo(repo);
    git(repo, ["branch", "-q", "-D", UNITS.feature.id]);
    await indexRoots(space.db(), { roots: [root], home: null });
    const f = freshnessOf(`specs/${UNITS.feature.id}`);
    expect(f.landed?.into).toBe("main");
    expect(f.level).not.toBe("very-stale");
    const { items } = await loadQueue(space.db());
    const item = items.find((i) => i.path.includes(`specs/${UNITS.feature.id}`))!;
    expect(item.reason).not.toMatch(/is gone/);
    expect(item.reason).toMatch(/landed|Landed/);
  });

  it("counts the commits that touched its files, not every commit since (1 of 3)", async () => {
    const root = join(space.dir, "code");
    const repo = join(root, "shop");
    initRepo(repo);
    writeFiles(repo, { "src/cart.ts": "export const cart = 1;\n", "src/other.ts": "export const o = 0;\n" });
    const sha = commitAll(repo, "feat: cart", new Date(Date.now() - 5 * 3_600_000));
    const f: family.SaveFacts = {
      title: "Cart totals", slug: "cart-totals", branch: "main", headSha: sha, savedAt: new Date(Date.now() - 4 * 3_600_000), status: "in-progress",
      tasks: [{ text: "refunds", done: false }], keyFiles: ["src/cart.ts"], decision: "Keep it small", gotcha: "None",
    };
    writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    commitAll(repo, "chore(checkpoint): cart totals", new Date(Date.now() - 4 * 3_600_000 + 60_000));
    writeFiles(repo, { "src/cart.ts": "export const cart = 2;\n" });
    commitAll(repo, "fix: cart", new Date(Date.now() - 3 * 3_600_000));
    for (let i = 1; i <= 2; i++) {
      writeFiles(repo, { "src/other.ts": `export const o = ${i};\n` });
      commitAll(repo, `feat: other ${i}`, new Date(Date.now() - (3 - i) * 3_600_000 + 60_000));
    }
    await indexRoots(space.db(), { roots: [root], home: null });
    const record = listRecords(space.db(), { kind: "all" }).find((r) => r.title === "Cart totals")!;
    const f2 = parseFreshness(record.freshness)!;
    expect([f2.newCommits, f2.filesTouched, f2.commitsTouching]).toEqual([3, 1, 1]);
    expect(headline(f2, "main", sha)).toMatch(/^3 commits since the save; 1 commit touched 1 of its files/);
    // the diff page marks the one commit that touched it
    const data = (await loadDiffPage(space.db(), record.id, {}))!;
    const diff = data.outcome.kind === "diff" ? data.outcome.diff : null;
    const fix = diff!.commits.find((c) => c.subject === "fix: cart")!;
    expect(data.touching).toEqual({ [fix.sha]: ["src/cart.ts"] });
  });
});

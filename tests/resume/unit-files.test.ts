/**
 * Issue 39 item 7: a resume prompt carries the checkpoint's Decisions, and a convention unit's companion files as its
 * page lists them: a Spec Kit feature's plan.md and tasks.md, a memory bank's files.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildResumeBrief } from "../../lib/actions/resume";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { writeMemoryBankRepo, MEMORY_BANK } from "../../e2e/support/memory-bank-fixture";
import { writeUnitsRepo, UNITS } from "../../e2e/support/conventions-fixture";
import * as family from "../../scripts/fixtures/families";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
});
afterEach(() => space.cleanup());

const idOf = (pathPart: string) => listRecords(space.db(), { kind: "all" }).find((r) => r.path.includes(pathPart))!.id;

describe("resume prompts", () => {
  it("carry the checkpoint's Decisions", async () => {
    const repo = join(root, "app");
    initRepo(repo);
    const f: family.SaveFacts = {
      title: "Billing retries", slug: "billing-retries", branch: "main", headSha: "", savedAt: new Date(Date.now() - 3_600_000), status: "in-progress",
      tasks: [{ text: "Cap the backoff", done: false }], keyFiles: ["src/app.ts"], decision: "Retry webhooks with exponential backoff capped at one hour", gotcha: "None",
    };
    writeFiles(repo, { "src/app.ts": "export {};\n", [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    commitAll(repo, "feat: start", new Date(Date.now() - 7_200_000));
    await indexRoots(space.db(), { roots: [root], home: null });
    const brief = await buildResumeBrief(space.db(), idOf(".claude/checkpoints/"));
    expect(brief.prompt).toContain("## Decisions");
    expect(brief.prompt).toContain("Retry webhooks with exponential backoff capped at one hour");
  });

  it("of a Spec Kit feature load its plan.md and tasks.md", async () => {
    writeUnitsRepo(join(root, UNITS.repo));
    await indexRoots(space.db(), { roots: [root], home: null });
    const brief = await buildResumeBrief(space.db(), idOf(`specs/${UNITS.feature.id}`));
    const loaded = brief.loaded.map((f) => f.path);
    expect(loaded).toEqual(expect.arrayContaining([`specs/${UNITS.feature.id}/plan.md`, `specs/${UNITS.feature.id}/tasks.md`]));
    expect(brief.prompt).not.toContain("references no plan");
    expect(brief.prompt).toContain(`specs/${UNITS.feature.id}/plan.md (plan`);
  });

  it("of a memory bank load its files", async () => {
    writeMemoryBankRepo(join(root, MEMORY_BANK.repo));
    await indexRoots(space.db(), { roots: [root], home: null });
    const brief = await buildResumeBrief(space.db(), idOf("memory-bank/"));
    const loaded = brief.loaded.map((f) => f.path);
    expect(loaded).toEqual(expect.arrayContaining(["memory-bank/progress.md", "memory-bank/projectbrief.md"]));
    expect(brief.prompt).not.toContain("references no plan");
  });
});

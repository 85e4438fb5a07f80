import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { buildResumeBrief, goalWords, inspectReferencedFile } from "../../lib/actions/resume";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

const lines = (n: number, word = "filler") => Array.from({ length: n }, (_, i) => `${word} line ${i}`).join("\n") + "\n";

function checkpoint(headSha: string): string {
  const f: family.SaveFacts = {
    title: "Stabilise the test suite",
    slug: "stabilise-the-test-suite",
    branch: "main",
    headSha,
    savedAt: new Date("2026-11-10T12:00:00Z"),
    status: "in-progress",
    tasks: [
      { text: "Write the failing test first", done: true },
      { text: "Speed up the billing export", done: false },
      { text: "Handle the token edge case in src/auth.ts", done: false },
      { text: "Update the README section", done: false },
    ],
    keyFiles: ["src/billing.ts", "docs/big-design.md", "src/auth.ts", "tests/login.test.ts", "docs/removed.md", "notes/hint.md"],
    decision: "Retry the auth token refresh once before failing; billing keeps its own retry policy",
    gotcha: "The auth fixture expires after an hour; regenerate it before e2e",
  };
  return family
    .htmlCheckpoint(f, ".claude/research/20261110-billing.html")
    .replace('name="jacked:plans_in_progress" content=""', 'name="jacked:plans_in_progress" content="docs/plan.md"')
    .replace("<p>The user wants", "<p>The billing team owns invoices. The flaky login test fails when the auth token expires mid-run. The user wants");
}

let id: string;
beforeEach(async () => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "suite");
  initRepo(repo);
  writeFiles(repo, {
    "docs/plan.md": `# Plan\n\n${lines(40, "plan")}`,
    ".claude/research/20261110-billing.html": family.researchHtml("Billing retries", "stabilise-the-test-suite", new Date("2026-11-10T11:00:00Z")),
    "src/billing.ts": lines(30, "billing"),
    "docs/big-design.md": lines(3200, "design"),
    "src/auth.ts": lines(60, "auth"),
    "tests/login.test.ts": `// flaky: the token expires mid-run\n${lines(80, "login")}`,
    "notes/hint.md": "Nothing about the goal here.\n",
    ".claude/PROJECT-NOTES.md": family.projectNotes(["Run the suite with --runInBand"]),
  });
  const base = commitAll(repo, "feat: suite", new Date("2026-11-10T11:30:00Z"));
  writeFiles(repo, { ".claude/checkpoints/20261110-120000-stabilise-the-test-suite.html": checkpoint(base) });
  commitAll(repo, "chore(checkpoint): 2026-11-10 12:00 - suite", new Date("2026-11-10T12:01:00Z"));
  for (let i = 0; i < 12; i++) {
    writeFiles(repo, { [`src/later-${i}.ts`]: `export const later = ${i};\n` });
    commitAll(repo, `feat: later work ${i}`, new Date(Date.UTC(2026, 10, 11, i)));
  }
  await indexRoots(space.db(), { roots: [root], home: null });
  id = listRecords(space.db()).find((r) => r.title === "Stabilise the test suite")!.id;
});
afterEach(() => space.cleanup());

describe("the resume brief", () => {
  it("without a goal: plans first, then research, then key files, within the budget; the rest listed; missing warned", async () => {
    const brief = await buildResumeBrief(space.db(), id);
    expect(brief.loaded.map((f) => [f.path, f.role])).toEqual([
      ["docs/plan.md", "plan"],
      [".claude/research/20261110-billing.html", "research"],
      ["src/billing.ts", "key"],
      ["src/auth.ts", "key"],
      ["tests/login.test.ts", "key"],
      ["notes/hint.md", "key"],
    ]);
    expect(brief.loadedLines).toBeLessThanOrEqual(3000);
    expect(brief.notLoaded).toEqual([expect.objectContaining({ path: "docs/big-design.md", lines: 3200, reason: "over the line budget" })]);
    expect(brief.missing).toEqual(["docs/removed.md"]);
    expect(brief.warnings).toContain("Referenced file docs/removed.md no longer exists (may have been renamed/deleted since checkpoint)");
    expect(brief.steps).toEqual(["Speed up the billing export", "Handle the token edge case in src/auth.ts", "Update the README section"]);
    expect(brief.journalPath).toBe(".claude/PROJECT-NOTES.md");
  });

  it("with a goal: the goal's words pick the files, the context and the steps", async () => {
    const brief = await buildResumeBrief(space.db(), id, { goal: "fix the flaky auth test" });
    expect(brief.goalWords).toEqual(["flaky", "auth", "test"]);
    // a match in the file name (auth.ts, login.test.ts) outranks the plan, which the goal does not mention
    expect(brief.loaded.slice(0, 2).map((f) => f.path).sort()).toEqual(["src/auth.ts", "tests/login.test.ts"]);
    expect(brief.loaded.find((f) => f.path === "tests/login.test.ts")?.matched).toEqual(["flaky", "test"]);
    expect(brief.loaded.find((f) => f.path === "notes/hint.md")?.score).toBe(0);
    expect(brief.steps).toEqual(["Handle the token edge case in src/auth.ts"]);
    expect(brief.context.map((c) => c.kind)).toEqual(["decision", "context", "gotcha"]);
    expect(brief.context.map((c) => c.text).join(" ")).not.toContain("billing team owns");
    expect(brief.context.find((c) => c.kind === "context")?.text).toBe("The flaky login test fails when the auth token expires mid-run.");
  });

  it("spills what does not fit a small budget into 'also referenced (not loaded)'", async () => {
    const brief = await buildResumeBrief(space.db(), id, { budgetLines: 100 });
    expect(brief.loaded.map((f) => f.path)).toEqual(["docs/plan.md", ".claude/research/20261110-billing.html", "src/billing.ts", "notes/hint.md"]);
    expect(brief.notLoaded.map((f) => f.path)).toEqual(["docs/big-design.md", "src/auth.ts", "tests/login.test.ts"]);
    expect(brief.prompt).toMatch(/Also referenced \(not loaded\): docs\/big-design\.md \(over the line budget\); src\/auth\.ts/);
  });

  it("reads only inside the repository: no symlink out, no `..`", async () => {
    const outside = join(space.dir, "secret.txt");
    writeFileSync(outside, "top secret\n");
    symlinkSync(outside, join(repo, "notes", "link.md"));
    writeFiles(repo, {
      ".claude/checkpoints/20261112-090000-escape.md": `---\nstatus: in-progress\nbranch: main\ntimestamp: 2026-11-12T09:00:00Z\n---\n\n# Checkpoint: Escape\n\n## Key Files\n- \`notes/link.md\` — a link\n- \`../secret.txt\` — up and out\n- \`src/auth.ts\` — fine\n`,
    });
    await indexRoots(space.db(), { roots: [root], home: null });
    const escape = listRecords(space.db()).find((r) => r.title === "Escape")!.id;
    const brief = await buildResumeBrief(space.db(), escape);
    expect(brief.loaded.map((f) => f.path)).toEqual(["src/auth.ts"]);
    const refused = Object.fromEntries(brief.notLoaded.map((f) => [f.path, f.reason]));
    expect(refused["notes/link.md"]).toBe("a link that leaves the repository");
    // the parser already drops such paths; the reader refuses them on its own too
    const repoReal = realpathSync(repo);
    expect(await inspectReferencedFile(repoReal, "../secret.txt")).toMatchObject({ state: "refused", reason: "outside the repository" });
    expect(await inspectReferencedFile(repoReal, outside)).toMatchObject({ state: "refused", reason: "outside the repository" });
    expect(await inspectReferencedFile(repoReal, "notes")).toMatchObject({ state: "refused", reason: "a folder" });
    expect(brief.prompt).not.toContain("top secret");
  });

  it("keeps stopwords out of the goal's words", () => {
    expect(goalWords("Fix the flaky AuthService test, then update the README")).toEqual(["flaky", "auth", "service", "test", "readme"]);
  });
});

describe("the prompt to copy", () => {
  it("has the seed's goal-directed shape, with the freshness warning", async () => {
    const brief = await buildResumeBrief(space.db(), id, { goal: "fix the flaky auth test" });
    const p = brief.prompt;
    const order = ["# Resume: Stabilise the test suite", "## Goal\nfix the flaky auth test", "## Relevant context", "## Relevant files", "## Proposed first steps"].map((h) => p.indexOf(h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // the checkpoint's own commit (chore(checkpoint), which added its file) is not drift (issue 39): 12, not 13 (1 bookkeeping)
    expect(p).toMatch(/⚠ State has moved since this checkpoint: 12 new commits, 12 files changed, dirty files 2 -> 0: treat Current State and Gotchas as possibly stale/);
    expect(p).toContain("- Gotcha: The auth fixture expires after an hour; regenerate it before e2e");
    expect(p).toContain("- Decision: Retry the auth token refresh once before failing; billing keeps its own retry policy");
    expect(p).toContain("Read these first:\n- src/auth.ts (key file, 60 lines; mentions auth)\n- tests/login.test.ts (key file, 81 lines; mentions flaky, test)");
    expect(p).toContain("Other files within the budget (read if needed):\n- docs/plan.md (plan, 42 lines)");
    expect(p).toContain("1. Handle the token edge case in src/auth.ts");
    expect(p).not.toContain("Speed up the billing export");
    expect(p).toContain("⚠ Referenced file docs/removed.md no longer exists");
    expect(p).toContain("confirm or amend it before executing anything");
  });

  it("without a goal is the plain resume: what we are working on, remaining work, current state, gotchas", async () => {
    const { prompt, freshnessWarning } = await buildResumeBrief(space.db(), id);
    expect(freshnessWarning).toMatch(/^State has moved since this checkpoint: 12 new commits,/);
    for (const heading of ["## What we are working on", "## Remaining work", "## Current state", "## Gotchas", "## Files to read first (6 files, "]) {
      expect(prompt).toContain(heading);
    }
    expect(prompt).toContain("- [ ] Speed up the billing export\n- [ ] Handle the token edge case in src/auth.ts\n- [ ] Update the README section\n(1 of 4 done)");
    expect(prompt).toContain("Also read .claude/PROJECT-NOTES.md");
    expect(prompt.trim().split("\n").pop()).toBe("Begin with the first remaining work item: Speed up the billing export");
  });

  it("refuses an unknown id with a one-line reason", async () => {
    await expect(buildResumeBrief(space.db(), "ffffffffffffffff")).rejects.toThrow("no indexed checkpoint has the id ffffffffffffffff");
  });
});

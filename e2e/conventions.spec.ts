/**
 * Convention units (issue 24): a Spec Kit feature with open tasks and a Conductor track whose done task names a
 * commit the branch does not have, each listed once in the overview's queue with its sentence and opened on its
 * page. The repository is added for this spec and removed after it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { UNITS, writeUnitsRepo } from "./support/conventions-fixture";
import { E2E_DB, E2E_WORLD } from "./support/paths";

test.describe.configure({ mode: "serial" });

const repo = join(E2E_WORLD, "code", UNITS.repo);
const index = () =>
  execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "index", "--root", join(E2E_WORLD, "code"), "--db", E2E_DB, "--home", join(E2E_WORLD, "home")], { stdio: "ignore" });

test.beforeAll(() => {
  writeUnitsRepo(repo);
  index();
});

test.afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  index();
});

test("a Spec Kit feature with open tasks is in the queue once and opens on its page", async ({ page }) => {
  await page.goto("/?queue=all#queue");
  const entries = page.getByRole("listitem", { name: UNITS.feature.title, exact: true });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(new RegExp(`Spec ${UNITS.feature.id}: 2 of 3 tasks done; its branch landed in main .*: complete it\\?`));

  await entries.getByRole("link", { name: UNITS.feature.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: UNITS.feature.title })).toBeVisible();
  const unit = page.getByRole("region", { name: `Spec Kit feature ${UNITS.feature.id}` });
  await expect(unit).toContainText("2 of 3 tasks done, 1 open");
  await expect(unit.getByRole("list", { name: "Companion files" })).toContainText(`specs/${UNITS.feature.id}/plan.md`);
  // the open task in the checklist (tasks.md also opens, folded, among the companions)
  await expect(page.getByText(UNITS.feature.openTask).locator("visible=true").first()).toBeVisible();
  // each companion opens in place, its Markdown rendered
  const planWord = unit.getByText(UNITS.feature.planWord, { exact: true });
  await expect(planWord).toBeHidden();
  await unit.getByText(`specs/${UNITS.feature.id}/plan.md`).click();
  await expect(unit.getByRole("heading", { name: "Technical Context" })).toBeVisible();
  await expect(planWord).toBeVisible();
});

test("a word only in a Spec Kit feature's plan.md finds the feature", async ({ page }) => {
  await page.goto(`/search?q=${UNITS.feature.planWord.toLowerCase()}`);
  await expect(page.getByRole("status")).toHaveText("1 result");
  const hit = page.getByRole("link", { name: new RegExp(`^${UNITS.feature.title} .*specs/${UNITS.feature.id}/spec\\.md`) });
  await expect(hit).toContainText(UNITS.feature.planWord);
});

test("Complete writes the spec's own Status line, and Undo puts the file back byte for byte", async ({ page }) => {
  const specFile = join(repo, "specs", UNITS.feature.id, "spec.md");
  const before = readFileSync(specFile);
  await page.goto("/?queue=all#queue");
  await page.getByRole("listitem", { name: UNITS.feature.title, exact: true }).getByRole("link", { name: UNITS.feature.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: UNITS.feature.title })).toBeVisible();
  await page.getByRole("button", { name: "Complete", exact: true }).first().click();
  const confirmation = page.getByRole("status").filter({ hasText: /^Completed / });
  await expect(confirmation).toContainText("its Status line now says Complete", { timeout: 15_000 });
  expect(readFileSync(specFile, "utf8")).toContain("**Status**: Complete\n");
  await confirmation.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Undone: " }).first()).toBeVisible({ timeout: 15_000 });
  expect(readFileSync(specFile).equals(before)).toBe(true);
});

test("a Conductor track flags the done task whose commit is not in its branch", async ({ page }) => {
  await page.goto("/?queue=all#queue");
  const entries = page.getByRole("listitem", { name: UNITS.track.title, exact: true });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`Track ${UNITS.track.id}: 2 of 3 tasks done`);

  await entries.getByRole("link", { name: UNITS.track.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: UNITS.track.title })).toBeVisible();
  const unit = page.getByRole("region", { name: `Conductor track ${UNITS.track.id}` });
  await expect(unit.getByRole("note", { name: "Done tasks whose commit is missing" })).toContainText(`task 2 says done at ${UNITS.track.missing}, which is not in main`);
  await expect(unit.getByRole("list", { name: "Companion files" })).toContainText(`conductor/tracks/${UNITS.track.id}/metadata.json`);
});

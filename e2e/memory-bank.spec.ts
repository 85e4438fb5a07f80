/**
 * A memory bank with open work (issue 24): listed once in the overview's queue with its sentence, and its page shows
 * the unit (family, companion files, tasks). The repository is added for this spec and removed after it.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { MEMORY_BANK, writeMemoryBankRepo } from "./support/memory-bank-fixture";
import { E2E_DB, E2E_WORLD } from "./support/paths";

test.describe.configure({ mode: "serial" });

const repo = join(E2E_WORLD, "code", MEMORY_BANK.repo);
const index = () =>
  execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "index", "--root", join(E2E_WORLD, "code"), "--db", E2E_DB, "--home", join(E2E_WORLD, "home")], { stdio: "ignore" });

test.beforeAll(() => {
  writeMemoryBankRepo(repo);
  index();
});

test.afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  index();
});

test("a memory bank with open tasks is in the queue once and opens on its page", async ({ page }) => {
  await page.goto("/?queue=all#queue");
  const entries = page.getByRole("listitem", { name: MEMORY_BANK.title, exact: true });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("2 of 4");

  await entries.getByRole("link", { name: MEMORY_BANK.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: MEMORY_BANK.title })).toBeVisible();
  const unit = page.getByRole("region", { name: /Memory bank/ });
  await expect(unit).toBeVisible();
  const companions = unit.getByRole("list", { name: "Companion files" });
  await expect(companions).toContainText("progress.md");
  // the open task in the checklist (progress.md also opens, folded, among the companions)
  await expect(page.getByText(MEMORY_BANK.openTask).locator("visible=true").first()).toBeVisible();
});

import { expect, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { E2E_DIR } from "./support/paths";

test.describe("roots", () => {
  test("lists the watched folders, refuses a folder that does not exist, adds and removes one", async ({ page }) => {
    await page.goto("/roots");
    await expect(page.getByRole("heading", { level: 1, name: "Roots" })).toBeVisible();
    const watched = page.getByRole("region", { name: "Watched folders" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Watched folders" }) }));
    await expect(watched.getByText(join(E2E_DIR, "world", "code"))).toBeVisible();
    await expect(watched.getByText(/\d+ repositories/).first()).toBeVisible();

    const field = page.getByLabel("Folder to search for repositories");
    await field.fill(join(E2E_DIR, "no-such-folder"));
    await page.getByRole("button", { name: "Add root" }).click();
    await expect(page.getByText(`${join(E2E_DIR, "no-such-folder")} does not exist.`)).toBeVisible();

    await field.fill("relative/path");
    await page.getByRole("button", { name: "Add root" }).click();
    await expect(page.getByText("Give an absolute path, such as /home/you/code or ~/code.")).toBeVisible();

    const extra = join(E2E_DIR, "extra-root");
    mkdirSync(extra, { recursive: true });
    await field.fill(extra);
    await page.getByRole("button", { name: "Add root" }).click();
    await expect(page.getByText(`Added ${extra}, but found no git repository in it`)).toBeVisible();
    await expect(watched.getByText(extra, { exact: true })).toBeVisible();

    await page.getByRole("button", { name: `Remove root ${extra}` }).click();
    await expect(page.getByText(`Removed ${extra}; its checkpoints are no longer shown.`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(extra, { exact: true })).toHaveCount(0);
  });

  test("re-indexes on demand and reports what changed", async ({ page }) => {
    await page.goto("/roots");
    await page.getByRole("button", { name: "Re-index now" }).click();
    await expect(page.getByText(/Indexed \d+ repositories: \d+ new, \d+ changed, \d+ removed\./)).toBeVisible({ timeout: 20_000 });
  });
});

/**
 * Issue 27 item 6: a file with no checkpoint fields is labelled so (never fresh) and Problems offers "Not a
 * checkpoint" (an ignore rule in .cairnignore, with Undo); a secret finding says whether its line is committed and
 * offers "Not a secret" (kept by Cairn, with Undo, out of the "With secrets" card, shown again with a filter).
 * Each test adds its own untracked file to project-002, re-indexes from the Roots page, and takes it away after.
 */
import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { E2E_WORLD } from "./support/paths";
import { at, day } from "./support/fixture-world";
import { ALNUM, fake } from "../tests/support/fake-secrets";

const REPO = join(E2E_WORLD, "code", "project-002");
const NOTE = ".claude/checkpoints/ideas-for-later.md";
const DEPLOY = `.claude/checkpoints/${day("2026-11-06")}-rotate-bot.md`;
// assembled at run time so that this file holds nothing that looks like a key to other scanners
const TOKEN = `ghp_${fake(36, 41, ALNUM)}`;

function put(rel: string, text: string) {
  mkdirSync(dirname(join(REPO, rel)), { recursive: true });
  writeFileSync(join(REPO, rel), text);
}

async function reindex(page: Page) {
  await page.goto("/roots");
  await page.getByRole("button", { name: "Re-index now" }).click();
  await expect(page.getByText(/Indexed \d+ repositories: \d+ new, \d+ changed, \d+ removed\./)).toBeVisible({ timeout: 30_000 });
}

test.describe("a file with no checkpoint fields", () => {
  test.afterAll(async ({ browser }) => {
    rmSync(join(REPO, NOTE), { force: true });
    rmSync(join(REPO, ".cairnignore"), { force: true });
    const page = await browser.newPage();
    await reindex(page);
    await page.close();
  });

  test("is listed as 'No checkpoint fields', and Problems' 'Not a checkpoint' ignores it, with Undo", async ({ page }) => {
    expect(existsSync(join(REPO, ".cairnignore"))).toBe(false);
    put(NOTE, "# Ideas for later\n\nMaybe a dark theme. Maybe a CSV export; ask the team what they think of it first.\n");
    await reindex(page);

    await page.goto("/checkpoints?q=Ideas+for+later");
    const table = page.getByRole("table");
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Ideas for later" }) });
    await expect(row.getByText("No checkpoint fields")).toBeVisible();
    await expect(row.getByText("Fresh", { exact: true })).toHaveCount(0);

    await page.goto("/problems");
    await expect(page.getByText(/No checkpoint fields: no status, date, branch, commit or tasks of its own/)).toBeVisible();
    await page.getByRole("button", { name: `Not a checkpoint: ${NOTE}` }).click();
    const status = page.getByRole("status").filter({ hasText: ".cairnignore" });
    await expect(status).toContainText(`${NOTE} is no longer read`);
    await expect(page.getByRole("button", { name: `Not a checkpoint: ${NOTE}` })).toHaveCount(0);
    expect(readFileSync(join(REPO, ".cairnignore"), "utf8")).toBe(`/${NOTE}\n`);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Undone" })).toContainText(`${NOTE} is read again`);
    await expect(page.getByRole("button", { name: `Not a checkpoint: ${NOTE}` })).toBeVisible();
    expect(readFileSync(join(REPO, ".cairnignore"), "utf8")).toBe("");

    // ignored for good: gone from the list
    await page.getByRole("button", { name: `Not a checkpoint: ${NOTE}` }).click();
    await expect(page.getByRole("status").filter({ hasText: ".cairnignore" })).toBeVisible();
    await page.goto("/checkpoints?q=Ideas+for+later");
    await expect(page.getByRole("link", { name: "Ideas for later" })).toHaveCount(0);
  });
});

test.describe("a secret finding", () => {
  test.afterAll(async ({ browser }) => {
    rmSync(join(REPO, DEPLOY), { force: true });
    const page = await browser.newPage();
    await reindex(page);
    await page.close();
  });

  test("says whether its line is committed, and 'Not a secret' dismisses it with Undo and a filter", async ({ page }) => {
    put(DEPLOY, `---\ntitle: Rotate the bot token\nstatus: in-progress\nbranch: main\nsaved_at: ${at("2026-11-06T10:00:00Z").toISOString().replace(".000Z", "Z")}\n---\n\n# Rotate the bot token\n\nThe example token is ${TOKEN} in the docs.\n`);
    await reindex(page);

    await page.goto("/");
    const card = page.getByRole("link", { name: /With secrets/ });
    const before = Number((await card.locator("span").first().textContent())?.trim());
    expect(before).toBeGreaterThanOrEqual(2);

    await page.goto("/secrets");
    const fresh = page.getByRole("region", { name: new RegExp(DEPLOY) });
    await expect(fresh.getByRole("row").filter({ hasText: "[REDACTED:github-token]" }).getByText("Not committed")).toBeVisible();
    // the fixture's own secret was committed with its checkpoint
    await expect(page.getByRole("cell", { name: "Committed", exact: true }).first()).toBeVisible();
    await expect(page.getByText(TOKEN)).toHaveCount(0);

    const dismiss = fresh.getByRole("button", { name: /^Not a secret: github-token at / });
    await dismiss.click();
    await expect(page.getByRole("status").filter({ hasText: "Dismissed" })).toBeVisible();
    await expect(page.getByRole("region", { name: new RegExp(DEPLOY) })).toHaveCount(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Undone" })).toBeVisible();
    await expect(page.getByRole("region", { name: new RegExp(DEPLOY) })).toBeVisible();

    await page.getByRole("region", { name: new RegExp(DEPLOY) }).getByRole("button", { name: /^Not a secret: / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dismissed" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: /With secrets/ }).locator("span").first()).toHaveText(String(before - 1));

    await page.goto("/secrets");
    await expect(page.getByRole("region", { name: new RegExp(DEPLOY) })).toHaveCount(0);
    await page.getByRole("link", { name: "Show the 1 finding dismissed as not a secret" }).click();
    const shown = page.getByRole("region", { name: new RegExp(DEPLOY) });
    await expect(shown.getByText("(dismissed: not a secret)")).toBeVisible();
    await shown.getByRole("button", { name: /^Count it again: / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Undone" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: /With secrets/ }).locator("span").first()).toHaveText(String(before));
  });
});

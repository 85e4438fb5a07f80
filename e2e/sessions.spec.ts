import { expect, test } from "@playwright/test";
import { SESSIONS } from "./support/sessions-fixture";

const claudeTitle = new RegExp(SESSIONS.claudeTitle);

test.describe("past sessions", () => {
  test("Sessions page → a session → its commit's diff → the checkpoint it wrote → back", async ({ page }) => {
    test.slow(); // six pages, each rendered on request
    await page.goto("/");
    await page.getByRole("navigation").getByRole("link", { name: "Sessions" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
    await expect(page.getByTestId("session-counts")).toContainText("2 sessions · 1 with commits · 1 wrote a checkpoint");
    await expect(page.getByRole("link", { name: SESSIONS.codexTitle })).toBeVisible();

    // filters: agent and "has commits"
    await page.getByLabel("Agent").selectOption("codex");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("session-counts")).toContainText("1 session ");
    await expect(page.getByRole("link", { name: claudeTitle })).toHaveCount(0);
    await page.getByLabel("Agent").selectOption("");
    await page.getByLabel("Has commits").check();
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByRole("link", { name: SESSIONS.codexTitle })).toHaveCount(0);

    await page.getByRole("link", { name: claudeTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: claudeTitle })).toBeVisible();
    await expect(page.getByText(`claude --resume ${SESSIONS.claudeId}`)).toBeVisible();
    await expect(page.getByTestId("hidden-values")).toContainText("1 value hidden");
    // the token the session printed is nowhere on the page (its output is folded but present in the HTML)
    expect(await page.content()).not.toContain("Qx8Qx8Qx8");
    await expect(page.getByText(SESSIONS.laterPrompt)).toBeVisible();
    await expect(page.getByRole("link", { name: "Find importer callers" })).toBeVisible();
    // a tool call is folded; the edit shows as a diff when opened
    const edit = page.locator("details").filter({ hasText: "Edit:" }).first();
    await edit.locator("summary").click();
    await expect(edit.getByText("+ retryWithBackoff()")).toBeVisible();

    const commits = page.getByRole("region", { name: "Commits" });
    await commits.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 2, name: /What it changed/ })).toBeVisible();
    await page.getByRole("link", { name: /The checkpoint it wrote/ }).click();
    await expect(page).toHaveURL(/\/checkpoints\/[0-9a-f]{16}/);
    const worked = page.getByRole("region", { name: "Sessions that worked on it" });
    await expect(worked).toBeVisible();
    await worked.getByRole("link", { name: claudeTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: claudeTitle })).toBeVisible();
  });

  test("a search for a phrase from one prompt opens that turn", async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent(SESSIONS.phrase)}`);
    const hit = page.locator("a[data-result-link]").filter({ hasText: claudeTitle });
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(/\/sessions\/[0-9a-f]{16}#turn-\d+$/);
    const turn = new URL(page.url()).hash;
    await expect(page.locator(turn)).toContainText(SESSIONS.laterPrompt);
    await expect(page.locator(turn)).toBeInViewport();
  });

  test("the session page reads on a phone in dark mode", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/sessions");
    await page.getByRole("link", { name: claudeTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: claudeTitle })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await context.close();
  });
});

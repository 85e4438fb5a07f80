import { expect, test, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { FIXTURE } from "./support/fixture-world";
import { E2E_DB } from "./support/paths";

/**
 * Issue 27, items 4 and 5: the checkpoint page leads with its decision (title, verdict, primary action on the
 * first screen, at 1280x800 and on a phone), the review route is that page with the review form beside it, and
 * the lists fit: no sideways scroll at 1280 px, cards and a filter button on a phone, a one-row header.
 */
function idOf(sql: string, ...params: unknown[]): string {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(sql).get(...params) as { id: string } | undefined;
    if (!row) throw new Error(`nothing for ${sql}`);
    return row.id;
  } finally {
    db.close();
  }
}
const byTitle = (title: string) => idOf("SELECT id FROM documents WHERE title = ? AND source = 'worktree' ORDER BY path LIMIT 1", title);

/** The element is on the first screen: visible, and its bottom edge within the window without scrolling. */
async function aboveTheFold(page: Page, locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y + box.height, `${what}: bottom at ${Math.round(box.y + box.height)} px, window ${height} px`).toBeLessThanOrEqual(height);
}

/** Wider than the window: the page scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe.configure({ timeout: 90_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`the checkpoint page's first screen at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("shows the title, the freshness verdict and the primary action without scrolling", async ({ page }) => {
      await page.goto(`/checkpoints/${byTitle(FIXTURE.goneTitle)}`);
      await aboveTheFold(page, page.getByRole("heading", { level: 1, name: FIXTURE.goneTitle }), "the title");
      const verdict = page.getByTestId("freshness-verdict");
      await aboveTheFold(page, verdict, "the verdict");
      // one sentence; the details are folded below it
      await expect(verdict).toContainText(new RegExp(`branch ${FIXTURE.goneBranch} is gone`, "i"));
      await expect(page.getByTestId("freshness-banner").locator("details")).not.toHaveAttribute("open", /.*/);
      await aboveTheFold(page, page.getByRole("group", { name: "Actions" }).getByRole("button", { name: "Copy prompt" }), "Copy prompt");
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });

    test("the header is one row", async ({ page }) => {
      await page.goto("/checkpoints");
      const header = page.locator("body > header").first();
      const box = (await header.boundingBox())!;
      expect(box.height, `header ${box.height} px tall`).toBeLessThan(64);
    });
  });
}

test.describe("the checkpoint page around its decision", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("provenance shows on hover only where a value was guessed or set by the user", async ({ page }) => {
    await page.goto(`/checkpoints/${byTitle(FIXTURE.goneTitle)}`);
    // an HTML checkpoint states its branch, commit and date in jacked: tags: nothing to say about them
    await expect(page.getByTestId("meta-line").locator("[data-provenance]")).toHaveCount(0);
    await expect(page.getByText(/from the .*jacked:branch/)).toHaveCount(0);
  });

  test("triage sits in the More menu", async ({ page }) => {
    await page.goto(`/checkpoints/${byTitle(FIXTURE.goneTitle)}`);
    const actions = page.getByRole("group", { name: "Actions" });
    await expect(actions.getByRole("button", { name: /^Pin/ })).toBeHidden();
    await actions.getByTestId("more-actions").locator("summary").click();
    await expect(actions.getByRole("button", { name: /^Pin/ })).toBeVisible();
    await expect(actions.getByRole("link", { name: "What changed since this save" })).toBeVisible();
  });
});

test.describe("PROJECT-NOTES.md", () => {
  test("reads as its list of learnings", async ({ page }) => {
    const id = idOf("SELECT d.id FROM documents d JOIN repositories r ON r.id = d.repository_id WHERE d.format = 'project-notes' AND r.name = 'project-002' LIMIT 1");
    await page.goto(`/checkpoints/${id}`);
    const learnings = page.getByRole("region", { name: /^Learnings/ });
    await expect(learnings).toBeVisible();
    await expect(learnings.getByTestId("learning").filter({ hasText: "Retry webhooks with exponential backoff" })).toHaveCount(1);
    // the "([checkpoint](…))" link is not shown as text
    await expect(learnings).not.toContainText("[checkpoint]");
  });
});

test.describe("secrets", () => {
  test("a finding shows its line masked, never the value", async ({ page }) => {
    await page.goto("/secrets");
    const snippet = page.getByTestId("secret-snippet").first();
    await expect(snippet).toContainText("[REDACTED:");
    await expect(snippet).toContainText("The bot token is");
    await expect(page.locator("body")).not.toContainText(/ghp_[A-Za-z0-9]{20,}/);
  });
});

test.describe("in dark mode", () => {
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });

  test("the original view of an HTML checkpoint is not a white slab", async ({ page }) => {
    await page.goto(`/checkpoints/${byTitle(FIXTURE.goneTitle)}?view=original`);
    const frame = page.getByTestId("original-frame");
    await expect(frame).toBeVisible();
    // the page has no dark theme of its own: it is shown inverted, hues kept
    await expect(frame).toHaveAttribute("data-dark", "inverted");
    expect(await frame.evaluate((el) => getComputedStyle(el).filter)).toMatch(/invert/);
  });
});

test.describe("the review route is the checkpoint page with the review form beside it", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the handoff being reviewed, what changed since the last review, and the form", async ({ page }) => {
    const id = byTitle("Search facets, first cut");
    await page.goto(`/checkpoints/${id}/review`);
    await expect(page.getByRole("heading", { level: 1, name: "Search facets, first cut" })).toBeVisible();
    // the checkpoint's own content is on the page
    await expect(page.getByRole("region", { name: /Decisions/ }).first()).toBeVisible();
    const since = page.getByTestId("since-last-review");
    await expect(since).toContainText("What changed since the last review");
    await expect(since).toContainText("by Ana Silva");
    await expect(since).toContainText("No new save since the last review.");
    const form = page.getByRole("form", { name: "Add a review" });
    await expect(form).toBeVisible();
    // beside the content, not under it
    const content = (await page.getByRole("region", { name: /Decisions/ }).first().boundingBox())!;
    const formBox = (await form.boundingBox())!;
    expect(formBox.x).toBeGreaterThan(content.x + content.width - 1);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Review");
  });
});

test.describe("lists", () => {
  test("the checkpoints list fits 1280 px: meta under the title, filters by freshness and title", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/checkpoints");
    const table = page.getByRole("table", { name: "All checkpoints" });
    await expect(table).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? t.scrollWidth));
    expect(overflow, "the table is wider than its box").toBeLessThanOrEqual(0);
    // repository · branch · family under the title, not in columns of their own
    const row = table.getByRole("row").filter({ hasText: FIXTURE.goneTitle });
    await expect(row.getByTestId("row-meta")).toContainText(`project-001 · ${FIXTURE.goneBranch}`);

    const filters = page.getByRole("form", { name: "Filter checkpoints" });
    await filters.getByLabel("Freshness").selectOption("very-stale");
    await expect(page).toHaveURL(/freshness=very-stale/);
    await expect(table.getByRole("row").filter({ hasText: FIXTURE.goneTitle })).toBeVisible();
    await expect(table.locator("tbody [data-freshness]").first()).toHaveAttribute("data-freshness", "very-stale");
    await filters.getByLabel("Freshness").selectOption("");
    await filters.getByLabel("Title contains").fill("importer spike");
    await expect(page).toHaveURL(/q=importer\+spike|q=importer%20spike/);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await expect(table.locator("tbody tr")).toContainText(FIXTURE.goneTitle);
  });

  test("on a phone the list is cards, the filters sit behind a button, nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/checkpoints");
    await expect(page.getByRole("table", { name: "All checkpoints" })).toBeHidden();
    const cards = page.getByRole("list", { name: "All checkpoints" });
    await expect(cards.getByRole("listitem").first()).toBeVisible();
    const filters = page.getByRole("form", { name: "Filter checkpoints" });
    await expect(filters.getByLabel("Status")).toBeHidden();
    await filters.getByRole("button", { name: /Filters/ }).click();
    await expect(filters.getByLabel("Status")).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test("on a phone the diff's commit list keeps its subjects on whole lines", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/checkpoints/${byTitle(FIXTURE.goneTitle)}/diff`);
    const subjects = page.getByTestId("diff-commits").locator("li > span:nth-of-type(1)");
    const count = await subjects.count();
    for (let i = 0; i < Math.min(count, 5); i++) {
      const box = (await subjects.nth(i).boundingBox())!;
      expect(box.width, "a commit subject squeezed to a letter per line").toBeGreaterThan(120);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});

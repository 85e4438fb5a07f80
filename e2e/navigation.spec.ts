import { expect, test, type Page } from "@playwright/test";

/**
 * Pages are rendered per request, so a click waits for the server unless the page was prefetched
 * whole. The header's links and the first rows of the checkpoints table are: once the page has
 * settled, they open with the server unreachable for page data, in place (no full reload).
 */

/** Waits until no page-data (RSC) request has been in flight for a moment. */
async function prefetched(page: Page): Promise<void> {
  const inFlight = new Set<unknown>();
  let seen = 0;
  page.on("request", (r) => {
    if (r.headers()["rsc"]) {
      inFlight.add(r);
      seen++;
    }
  });
  const done = (r: unknown) => inFlight.delete(r);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight.size > 0 || seen === 0) quietSince = Date.now();
        return Date.now() - quietSince;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThan(700);
}

/** From now on the server answers no page-data request; a page-data fetch falls back to a full reload. */
async function cutPageData(page: Page): Promise<void> {
  await page.route("**/*", (route) => (route.request().headers()["rsc"] ? route.abort() : route.continue()));
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}

const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test("a header link opens its page from what was prefetched, without a round trip", async ({ page }) => {
  const ready = prefetched(page);
  await page.goto("/");
  await ready;
  await cutPageData(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Checkpoints", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All checkpoints" })).toBeVisible();
  await expect(page).toHaveURL(/\/checkpoints$/);
  expect(await stayed(page)).toBe(true);
});

test("the first row of the checkpoints list opens its checkpoint from what was prefetched", async ({ page }) => {
  const ready = prefetched(page);
  await page.goto("/checkpoints");
  await ready;
  const first = page.getByRole("table", { name: "All checkpoints" }).locator("tbody tr").first().locator('a[href^="/checkpoints/"]').first();
  const href = await first.getAttribute("href");
  const title = (await first.textContent())?.trim() ?? "";
  await cutPageData(page);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.slice(0, 20));
  expect(await stayed(page)).toBe(true);
});

import { expect, test, type Page } from "@playwright/test";

const box = (page: Page) => page.getByRole("searchbox", { name: "Search titles, decisions and every section" });
const results = (page: Page) => page.getByRole("list", { name: "Results" });
const resultLinks = (page: Page) => page.locator("a[data-result-link]");

test.describe("search page", () => {
  test("shows results as you type, without submitting, and keeps the query in the URL", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What you can type" })).toBeVisible();
    await box(page).click();
    await page.keyboard.type("rate limiter", { delay: 20 });
    // any form of the words: "Rate limiting approaches" holds both as well as "Rate limiter"
    await expect(results(page).getByRole("link").first()).toContainText(/Rate limit(er|ing)/);
    await expect(page).toHaveURL(/\/search\?q=rate\+limiter$/);
    await expect(page.getByRole("status").filter({ hasText: /\d+ results?/ })).toBeVisible();
    await expect(results(page).locator("mark").first()).toHaveText(/rate|limiter/i);
    // one line says whether the search is by meaning too (the fixture server runs with it off)
    await expect(page.getByTestId("search-meaning")).toHaveText(/^Searching by words only/);

    // refine: the list follows without Enter
    await page.keyboard.type(" legacy");
    await expect(page).toHaveURL(/q=rate\+limiter\+legacy/);
    await expect(resultLinks(page).first()).toContainText("legacy notes");
  });

  test("deep links restore the query, the filters and the grouping", async ({ page }) => {
    await page.goto("/search?q=webhook&status=completed&group=repo");
    await expect(box(page)).toHaveValue("webhook");
    await expect(page.getByLabel("Status")).toHaveValue("completed");
    await expect(page.getByRole("radio", { name: "By repository" })).toBeChecked();
    await expect(page.getByRole("heading", { level: 2, name: /project-001/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Results in project-001" })).toBeVisible();

    await page.getByLabel("Status").selectOption("in-progress");
    await expect(page).toHaveURL(/status=in-progress/);
    await page.getByRole("radio", { name: "Ranked" }).check();
    await expect(page).not.toHaveURL(/group=/);
    await expect(results(page)).toBeVisible();
  });

  test("arrows move through the results and Enter opens one", async ({ page }) => {
    await page.goto("/search");
    await box(page).fill("exponential backoff");
    await expect(resultLinks(page).nth(2)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(resultLinks(page).first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(resultLinks(page).nth(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(resultLinks(page).nth(1)).toBeFocused();
    const href = await resultLinks(page).nth(1).getAttribute("href");
    expect(href).toMatch(/^\/checkpoints\/[0-9a-f]{16}$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("ArrowUp from the first result goes back to the box", async ({ page }) => {
    await page.goto("/search?q=webhook");
    await box(page).focus();
    await page.keyboard.press("ArrowDown");
    await expect(resultLinks(page).first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(box(page)).toBeFocused();
  });

  test("/ focuses the page's own box", async ({ page }) => {
    await page.goto("/search?q=webhook");
    await page.getByRole("heading", { level: 1, name: "Search" }).click();
    await page.keyboard.press("/");
    await expect(box(page)).toBeFocused();
    // the header's box is not repeated on this page
    await expect(page.locator("#global-search")).toHaveCount(0);
    await expect(box(page)).toHaveValue("webhook");
  });

  test("a question in the user's own words finds the work, and says which words matched", async ({ page }) => {
    // every word had to match before: "where", "did", "leave" and "limiting" are in no checkpoint
    await page.goto("/search");
    await box(page).fill("where did we leave the rate limiting work?");
    await expect(results(page).getByRole("link").first()).toContainText(/Rate limit(er|ing)/);
    await expect(resultLinks(page).first().getByTestId("result-why")).toContainText(/holds (every word|some of the words): rate, limiting/);
    await expect(resultLinks(page).first().locator("mark").first()).toBeVisible();
  });

  test("explains the syntax when nothing matches", async ({ page }) => {
    await page.goto("/search");
    await box(page).fill("zebraquokka");
    await expect(page.getByTestId("no-matches")).toContainText("Nothing matches “zebraquokka”");
    const help = page.getByRole("region", { name: "Search syntax" });
    for (const example of ['"exponential backoff"', "webhook*", "file:src/auth.ts", "3f9c2ab", "status:in-progress"]) {
      await expect(help.getByText(example, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/q=zebraquokka/);
  });

  test("punctuation is escaped or explained, never an error", async ({ page }) => {
    await page.goto("/search");
    await box(page).fill('"((( NEAR AND');
    await expect(page.getByRole("status")).toHaveText(/\d+ results?/);
    await expect(page.getByText(/Search failed/)).toHaveCount(0);
    await box(page).fill("(((");
    await expect(page.getByRole("list", { name: "How the query was read" })).toContainText("no letters or digits");
  });

  test("file: traces a file through every checkpoint that referenced it, newest first", async ({ page }) => {
    await page.goto("/search");
    await box(page).fill("file:src/app.ts");
    await expect(resultLinks(page).first()).toContainText("references the file");
    await expect(results(page).locator("mark", { hasText: "src/app.ts" }).first()).toBeVisible();
    const dates = await results(page).locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect(dates.length).toBeGreaterThan(5);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

test.describe("results read well", () => {
  test("snippets are text: no Markdown emphasis, heading marks or table pipes", async ({ page }) => {
    for (const q of ["next steps", "decision reason", "blockers"]) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(page.getByRole("status").filter({ hasText: /[1-9]\d* results?/ })).toBeVisible({ timeout: 15_000 });
      const snippets = results(page).getByTestId("result-snippet");
      await expect(snippets.first()).toBeVisible();
      for (const text of await snippets.allTextContents()) {
        expect(text, q).not.toContain("**");
        expect(text, q).not.toMatch(/(^|\s)\|(\s|$)|\|-{2,}|(^|\s)#{1,6}\s/);
      }
      await expect(results(page).getByTestId("result-snippet").locator("mark").first()).toBeVisible();
    }
  });

  test("'Show more' says how many come next and how many there are in all", async ({ page }) => {
    await page.goto("/search?status=completed");
    const status = await page.getByRole("status").filter({ hasText: /\d+ results/ }).textContent();
    const total = Number(status!.match(/(\d+) results/)![1]);
    const shown = await resultLinks(page).count();
    expect(total).toBeGreaterThan(shown);
    const more = page.getByRole("button", { name: /^Show \d+ more/ });
    await expect(more).toHaveText(`Show ${Math.min(total - shown, shown)} more (${total} in all)`);
  });

  test("saves with the same title are told apart by repository, branch and date", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 700, height: 900 } });
    const page = await context.newPage();
    await page.goto(`/search?q=${encodeURIComponent('"rate limiter for the public API"')}`);
    await expect(resultLinks(page).first()).toBeVisible();
    const items = await resultLinks(page).evaluateAll((links) =>
      links.map((link) => {
        const origin = link.querySelector<HTMLElement>("[data-testid=result-origin]")!;
        const time = origin.querySelector("time")!;
        const box = origin.getBoundingClientRect();
        const at = time.getBoundingClientRect();
        return {
          title: link.querySelector("span span")!.textContent,
          origin: origin.textContent ?? "",
          dateShown: at.width > 0 && at.right <= box.right + 0.5 && at.left >= box.left - 0.5,
        };
      }),
    );
    const byTitle = new Map<string, string[]>();
    for (const item of items) byTitle.set(item.title!, [...(byTitle.get(item.title!) ?? []), item.origin]);
    const collisions = [...byTitle.values()].filter((origins) => origins.length > 1);
    expect(collisions.length).toBeGreaterThan(0);
    for (const origins of collisions) expect(new Set(origins).size).toBe(origins.length);
    expect(items.every((item) => item.dateShown)).toBe(true);
    await context.close();
  });

  for (const width of [1280, 700]) {
    test(`at ${width} px the date inputs are not cut and the header has no second search box`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto("/search?q=webhook");
      await expect(box(page)).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "Search every checkpoint" })).toHaveCount(0);
      for (const label of ["Saved from", "Saved to"]) {
        const input = page.getByLabel(label);
        await input.fill("2026-11-05");
        // the width the input needs for its whole text and picker button, measured on an unstyled copy
        const [has, needs] = await input.evaluate((el) => {
          const copy = el.cloneNode() as HTMLInputElement;
          copy.style.cssText = "width:auto;position:absolute;visibility:hidden";
          el.parentElement!.appendChild(copy);
          const needed = copy.getBoundingClientRect().width;
          copy.remove();
          return [el.getBoundingClientRect().width, needed];
        });
        expect(has, label).toBeGreaterThanOrEqual(needs - 1);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // elsewhere the header box is there
      await page.goto("/checkpoints");
      await expect(page.getByRole("searchbox", { name: "Search every checkpoint" })).toBeVisible();
      await context.close();
    });
  }
});

test.describe("search and list APIs", () => {
  test("GET /api/search answers with ranked hits, safe snippets and groups", async ({ request }) => {
    const res = await request.get("/api/search?q=rate%20limiter&group=repo&limit=5");
    expect(res.status()).toBe(200);
    expect(res.headers()["access-control-allow-origin"]).toBeUndefined();
    const body = await res.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.hits.length).toBeLessThanOrEqual(5);
    expect(body.groups.length).toBeGreaterThan(0);
    for (const hit of body.hits) {
      expect(hit.url).toBe(`/checkpoints/${hit.id}`);
      expect(hit.snippetHtml.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    }
    const bad = await request.get("/api/search?q=x&status=bogus");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toMatch(/status/);
  });

  test("GET /api/checkpoints returns the records of cairn list", async ({ request }) => {
    const all = await (await request.get("/api/checkpoints")).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThan(0);
    expect(Object.keys(all[0])).toEqual(expect.arrayContaining(["id", "repo", "path", "source", "format", "title", "status", "branch", "headSha", "savedAt", "freshness", "tasks", "secrets", "problems"]));
    const repo = all.find((r: { repo: string | null }) => r.repo)!.repo;
    const inProgress = await (await request.get(`/api/checkpoints?repo=${encodeURIComponent(repo)}&status=in-progress`)).json();
    expect(inProgress.length).toBeGreaterThan(0);
    expect(inProgress.every((r: { repo: string; status: string }) => r.repo === repo && r.status === "in-progress")).toBe(true);
    const research = await (await request.get("/api/checkpoints?kind=research")).json();
    expect(research.every((r: { kind: string }) => r.kind === "research")).toBe(true);
    expect((await request.get("/api/checkpoints?status=done")).status()).toBe(400);
    expect((await request.post("/api/checkpoints", { headers: { origin: "http://127.0.0.1" } })).status()).not.toBe(200);
  });
});

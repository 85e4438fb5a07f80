// Just over 300 lines: the walk through every page of the fixture world, one spec sharing its helpers.
import { expect, test, type Frame, type Page } from "@playwright/test";
import { FIXTURE, at, day } from "./support/fixture-world";
import { fileStamp } from "../scripts/fixtures/clock";


/** Through the pages, as a user would: the repository, then the checkpoint in its table. */
async function openCheckpoint(page: Page, repo: string, title: string) {
  await page.goto("/repos");
  await page.getByRole("table", { name: "All repositories" }).getByRole("link", { name: repo, exact: true }).click();
  await page.getByRole("table", { name: `Checkpoints of ${repo}` }).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
}

/** Lightness of a CSS colour, 0 to 1 (oklch or rgb). */
function lightness(color: string): number {
  const n = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (color.startsWith("oklch")) return n[0] > 1 ? n[0] / 100 : n[0];
  if (color.startsWith("oklab") || color.startsWith("lab")) return n[0] > 1 ? n[0] / 100 : n[0];
  return (n[0] + n[1] + n[2]) / (3 * 255);
}

/** A frame's globals, or "no-access" when the frame allows no script at all (the sandbox). */
async function globalsIn(frame: Frame): Promise<unknown> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("no-access"), 2_000));
  const read = frame
    .evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__xss1, w.__xss2, w.__xss3];
    })
    .catch(() => "no-access");
  return Promise.race([read, timeout]);
}

test.describe("overview", () => {
  test("puts what needs attention first", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const attention = page.getByRole("region", { name: "Needs attention" });
    await expect(attention.getByRole("link", { name: /In progress/ })).toBeVisible();
    await expect(attention.getByRole("link", { name: /With secrets/ })).toContainText("1");

    // the queue of what to do next leads the page: each open checkpoint once, with its verb and deciding sentence
    const queue = page.getByRole("list", { name: "What to do next" });
    await expect(queue.getByRole("link", { name: FIXTURE.planCheckpointTitle, exact: true })).toBeVisible();
    await expect(queue.getByRole("listitem").first()).toContainText(/^(Review|Resume|Complete|Re-verify|Archive\??)/);

    await expect(page.getByRole("list", { name: "Checkpoints with secrets" }).getByRole("link", { name: FIXTURE.secretTitle })).toBeVisible();
    await expect(page.getByRole("list", { name: "Documents per family" }).getByRole("link", { name: "HTML checkpoint" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Recent activity" }).getByRole("listitem").first()).toBeVisible();

    // hygiene: the in-progress save on a branch that is gone, one click away
    const hygiene = page.getByRole("table", { name: "Hygiene per repository" });
    const row = hygiene.getByRole("row", { name: /project-001/ });
    await row.getByRole("cell").nth(1).getByRole("link", { name: "1" }).click();
    await expect(page).toHaveURL(/\/repos\/\d+\?hygiene=branch-gone/);
    const table = page.getByRole("table", { name: "Checkpoints of project-001" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("link", { name: FIXTURE.goneTitle })).toBeVisible();
  });

  test("header navigation and the search shortcut", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Checkpoints" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All checkpoints" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Checkpoints" })).toHaveAttribute("aria-current", "page");
    await page.locator("body").press("/");
    await expect(page.getByRole("searchbox", { name: "Search every checkpoint" })).toBeFocused();
  });
});

test.describe("repository page", () => {
  test("table filters and sorting, timeline, notes and related documents", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("list", { name: "Repositories" }).getByRole("link", { name: "project-001" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "project-001" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Overview" })).toBeVisible();

    const timeline = page.getByRole("group", { name: "Save timeline of project-001" });
    await expect(timeline).toBeVisible();
    await expect(timeline.locator("desc")).toContainText(FIXTURE.featureBranch);
    // each dot is a named link to its checkpoint
    await expect(timeline.getByRole("link", { name: new RegExp(`^${FIXTURE.planCheckpointTitle}, saved ${day("2026-11-05")}`) })).toHaveAttribute("href", /^\/checkpoints\/[0-9a-f]{16}$/);

    const table = page.getByRole("table", { name: "Checkpoints of project-001" });
    const filters = page.getByRole("form", { name: "Filter checkpoints" });
    // a choice applies at once, no button
    await filters.getByLabel("Branch").selectOption(FIXTURE.featureBranch);
    await expect(page).toHaveURL(/branch=feature%2Fsearch/, { timeout: 15_000 });
    await expect(table.getByRole("row")).toHaveCount(3);

    await table.getByRole("link", { name: /^Title/ }).click();
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    await expect(table.getByRole("columnheader", { name: /Title/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(table.getByRole("row").nth(1)).toContainText(FIXTURE.planCheckpointTitle);
    await table.getByRole("link", { name: /^Title/ }).click();
    await expect(table.getByRole("columnheader", { name: /Title/ })).toHaveAttribute("aria-sort", "descending");
    await expect(table.getByRole("row").nth(1)).toContainText("Search facets, first cut");

    await expect(page.getByRole("region", { name: "Project notes" })).toContainText("Keep the token bucket in memory");
    const related = page.getByRole("region", { name: "Research, plans and reviews" });
    await expect(related.getByRole("link", { name: "Rate limiting approaches" })).toBeVisible();
    await expect(related.getByRole("link", { name: "Review of the first search cut" })).toBeVisible();
    await related.getByRole("link", { name: FIXTURE.planTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: FIXTURE.planTitle })).toBeVisible();
  });
});

test.describe("checkpoint page", () => {
  test("checklist counts, missing key file, neighbours and copy path", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openCheckpoint(page, "project-001", FIXTURE.missingTitle);

    const remaining = page.getByRole("region", { name: /Remaining Work/ });
    await expect(remaining.getByRole("heading")).toContainText("1/4 done");
    const boxes = remaining.getByRole("checkbox");
    await expect(boxes).toHaveCount(4);
    await expect(remaining.getByRole("checkbox", { checked: true })).toHaveCount(1);

    const keyFiles = page.getByRole("list", { name: "Key Files" });
    await expect(keyFiles.getByRole("listitem").filter({ hasText: FIXTURE.missingFile })).toContainText("missing");
    await expect(keyFiles.getByRole("listitem").filter({ hasText: "src/app.ts" })).toContainText("present");

    // sections in canonical order, under their original headings
    const headings = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    const order = ["What We're Working On", "Accomplished This Session", "Decisions Made", "Session Context", "Remaining Work", "Gotchas & Notes", "Key Files", "Current State"];
    const positions = order.map((h) => headings.findIndex((t) => t.startsWith(h)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const location = page.getByTestId("file-location");
    await expect(location).toContainText(`.claude/checkpoints/${fileStamp(at("2026-11-05T09:00:00Z"))}-key-file-went-missing.html`);
    await page.getByRole("button", { name: "Copy path" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await location.textContent());

    // previous/next follow the same piece of work (its lineage), not whatever else was saved on the branch
    await openCheckpoint(page, "project-001", "Rate limiter for the public API (part 11)");
    const saves = page.getByRole("navigation", { name: "Saves of this work" });
    await saves.getByRole("link", { name: /^Previous:/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rate limiter for the public API (part 1)" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Newer save" })).toContainText("Superseded by Rate limiter for the public API (part 11), the next save of the same work.");
    await page.getByRole("navigation", { name: "Saves of this work" }).getByRole("link", { name: /^Next:/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rate limiter for the public API (part 11)" })).toBeVisible();
  });

  test("research and plan links open those documents in Cairn", async ({ page }) => {
    await openCheckpoint(page, "project-001", FIXTURE.planCheckpointTitle);
    const links = page.getByRole("region", { name: "Research & plans" });
    await links.getByRole("link", { name: FIXTURE.planTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: FIXTURE.planTitle })).toBeVisible();

    await openCheckpoint(page, "project-001", "Rate limiter for the public API (part 1)");
    await page.getByRole("region", { name: "Research & plans" }).getByRole("link", { name: "Rate limiting approaches" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rate limiting approaches" })).toBeVisible();
  });

  test("the original view is deep-linkable and renders Markdown", async ({ page }) => {
    await openCheckpoint(page, "project-001", "Rate limiter for the public API (legacy notes)");
    const view = page.getByRole("navigation", { name: "View" });
    await expect(view.getByRole("link", { name: "Normalised" })).toHaveAttribute("aria-current", "page");
    await view.getByRole("link", { name: "Original" }).click();
    await expect(page).toHaveURL(/\?view=original$/);
    await expect(view.getByRole("link", { name: "Original" })).toHaveAttribute("aria-current", "page");
    // exact: the header also says which values came from a frontmatter key
    await expect(page.getByText("Frontmatter", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Checkpoint: Rate limiter for the public API (legacy notes)" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Checkpoint: Rate limiter for the public API (legacy notes)" })).toBeVisible();
  });

  test("a hostile HTML checkpoint runs nothing, in the page or in its frame", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openCheckpoint(page, "project-002", FIXTURE.hostileTitle);
    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Original" }).click();
    await expect(page).toHaveURL(/view=original/);

    const iframe = page.locator("iframe");
    await expect(iframe).toHaveCount(1);
    await expect(iframe).toHaveAttribute("sandbox", "");
    expect(await iframe.getAttribute("sandbox")).toBe("");
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("heading", { level: 1 })).toContainText(FIXTURE.hostileTitle);
    await frame.getByRole("link", { name: FIXTURE.hostileLink }).click();
    await frame.getByRole("button", { name: "Submit" }).click({ noWaitAfter: true });
    await page.waitForTimeout(500);

    const top = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__xss1, w.__xss2, w.__xss3];
    });
    expect(top).toEqual([undefined, undefined, undefined]);
    expect(page.frames().length).toBeGreaterThan(1);
    for (const f of page.frames()) {
      const found = await globalsIn(f);
      expect(found === "no-access" || JSON.stringify(found) === "[null,null,null]", `frame ${f.url()} ran hostile code: ${JSON.stringify(found)}`).toBe(true);
    }
    await expect(page).toHaveTitle(new RegExp(FIXTURE.hostileTitle));
    expect(dialogs).toEqual([]);

    // the normalised view shows the text, and runs nothing either
    await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Normalised" }).click();
    await expect(page.getByRole("region", { name: "Pasted output" })).toContainText(FIXTURE.hostileLink);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__xss2)).toBeUndefined();
  });
});

test.describe("all checkpoints", () => {
  test("paginates with a total and page links", async ({ page }) => {
    await page.goto("/checkpoints");
    await expect(page.getByText(/Showing 1–50 of \d+ checkpoints/)).toBeVisible();
    const table = page.getByRole("table", { name: "All checkpoints" });
    await expect(table.getByRole("row")).toHaveCount(51);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Showing 51–\d+ of \d+ checkpoints/)).toBeVisible();
    await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("51");
    await expect(pagination.locator('[aria-current="page"]')).toHaveText("Page 2");
    await pagination.getByRole("link", { name: /Previous/ }).click();
    await expect(page.getByText(/Showing 1–50/)).toBeVisible();
  });

  test("filters by repository, status, family and dates, kept in the URL", async ({ page }) => {
    await page.goto("/checkpoints");
    const form = page.getByRole("form", { name: "Filter checkpoints" });
    const table = page.getByRole("table", { name: "All checkpoints" });
    // a choice applies at once, no button (a server render: a busy machine may take its time)
    await form.getByLabel("Repository").selectOption({ label: "project-002" });
    await expect(page).toHaveURL(/repo=\d+/, { timeout: 15_000 });
    await form.getByLabel("Status").selectOption("in-progress");
    await expect(page).toHaveURL(/status=in-progress/, { timeout: 15_000 });
    await expect(page).toHaveURL(/repo=\d+/);
    await expect(table.getByRole("row")).not.toHaveCount(51);
    const rows = table.getByRole("row");
    expect(await rows.count()).toBeGreaterThan(1);
    for (const status of await column(page, "Status")) expect(status).toMatch(/^in.progress$/);
    // the repository leads the line under each title
    for (const meta of await table.getByTestId("row-meta").allTextContents()) expect(meta.split(" · ")[0].trim()).toBe("project-002");
    await expect(form.getByLabel("Status")).toHaveValue("in-progress");

    await page.goto(`/checkpoints?family=html&from=${day("2026-11-05")}&to=${day("2026-11-05")}`);
    await expect(form.getByLabel("Saved from")).toHaveValue(day("2026-11-05"));
    const dates = await column(page, "Saved");
    expect(dates.length).toBe(3);
    for (const d of dates) expect(d.startsWith(day("2026-11-05"))).toBe(true);

    await page.goto("/checkpoints?from=2030-01-01");
    await expect(page.getByText("No checkpoint matches these filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear the filters" }).click();
    await expect(page).toHaveURL(/\/checkpoints$/);
  });
});

/** The texts of one column of the all-checkpoints table, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole("table", { name: "All checkpoints" });
  const headers = await table.locator("thead th").allTextContents();
  const index = headers.findIndex((h) => h.startsWith(header));
  expect(index, header).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
}

test.describe("problems", () => {
  test("lists every file read badly, with the reason, by repository", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Problems" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Problems" })).toBeVisible();
    const group = page.getByRole("region", { name: /project-002/ });
    const broken = group.getByRole("listitem").filter({ hasText: FIXTURE.brokenPath }).first();
    await expect(broken).toContainText("frontmatter is not valid YAML");
    await expect(broken.getByRole("link", { name: /Open/ })).toBeVisible();
    await expect(group.getByRole("listitem").filter({ hasText: FIXTURE.emptyPath }).first()).toContainText("file is empty");
  });
});

test.describe("layout", () => {
  test("fits half a laptop screen, and follows the system's dark mode", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 700, height: 900 }, colorScheme: "dark" });
    const page = await context.newPage();
    for (const path of ["/", "/checkpoints", "/problems"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(700);
    }
    await openCheckpoint(page, "project-001", FIXTURE.missingTitle);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);
    await page.getByRole("link", { name: "project-001" }).first().click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(lightness(dark), dark).toBeLessThan(0.3);
    const light = await browser.newContext({ colorScheme: "light" });
    const lightPage = await light.newPage();
    await lightPage.goto("/");
    const bright = await lightPage.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(lightness(bright), bright).toBeGreaterThan(0.8);
    await light.close();
    await context.close();
  });
});

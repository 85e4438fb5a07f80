import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { FIXTURE, day } from "./support/fixture-world";

// each filter change or header click is a server render: give a busy machine time (a wait, not a timing assertion)
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const checkpoints = (page: Page) => page.getByRole("table", { name: "All checkpoints" });
const repositories = (page: Page) => page.getByRole("table", { name: "All repositories" });
const filters = (page: Page) => page.getByRole("form", { name: "Filter checkpoints" });

/** The texts of one column, found by its header. */
async function column(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator("thead th").allTextContents();
  const index = headers.findIndex((h) => h.startsWith(header));
  expect(index, header).toBeGreaterThanOrEqual(0);
  return (await table.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents()).map((t) => t.trim());
}

/** The titles (the links' text) of the all-checkpoints table, in order. */
async function titles(page: Page): Promise<string[]> {
  const table = checkpoints(page);
  const headers = await table.locator("thead th").allTextContents();
  const index = headers.findIndex((h) => h.startsWith("Title"));
  return (await table.locator(`tbody tr td:nth-child(${index + 1}) > a`).allTextContents()).map((t) => t.trim());
}

test.describe("all checkpoints: sorting", () => {
  test("has the repository table's columns (repository, branch and family sort from the title's header), and every one sorts", async ({ page }) => {
    await page.goto("/checkpoints");
    const head = checkpoints(page).locator("thead");
    for (const name of ["Saved", "Repository", "Branch", "Title", "Status", "Family", "Freshness", "Tasks", "Quality", "Secrets", "Problems"]) {
      await expect(head.getByRole("link", { name: new RegExp(`^${name}`) }), name).toBeVisible();
    }
    await expect(head.getByRole("columnheader", { name: /^Saved/ })).toHaveAttribute("aria-sort", "descending");
  });

  test("a header click sorts, the order and the URL change, a second click (or Enter) reverses, reload keeps it", async ({ page }) => {
    await page.goto("/checkpoints");
    const before = await titles(page);
    const title = checkpoints(page).getByRole("columnheader", { name: /^Title/ });
    await title.getByRole("link", { name: /^Title/ }).click();
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    await expect(title).toHaveAttribute("aria-sort", "ascending");
    await expect(checkpoints(page).getByRole("columnheader", { name: /^Saved/ })).not.toHaveAttribute("aria-sort", /.+/);
    const ascending = await titles(page);
    expect(ascending).not.toEqual(before);
    const lower = ascending.map((t) => t.toLowerCase());
    expect(lower).toEqual([...lower].sort());

    // keyboard: the header is a link
    await title.getByRole("link", { name: /^Title/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/sort=title&dir=desc/);
    await expect(title).toHaveAttribute("aria-sort", "descending");
    const descending = await titles(page);
    expect(descending[0]).not.toBe(ascending[0]);

    await page.reload();
    await expect(checkpoints(page).getByRole("columnheader", { name: /^Title/ })).toHaveAttribute("aria-sort", "descending");
    expect(await titles(page)).toEqual(descending);

    // the pages keep the sort
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/sort=title&dir=desc&page=2|page=2.*sort=title/);
  });

  test("secrets and problems sort with the most first", async ({ page }) => {
    await page.goto("/checkpoints");
    await checkpoints(page).getByRole("link", { name: /^Secrets/ }).click();
    await expect(page).toHaveURL(/sort=secrets&dir=desc/);
    await expect(checkpoints(page).getByRole("row").nth(1)).toContainText(FIXTURE.secretTitle);
    await checkpoints(page).getByRole("link", { name: /^Problems/ }).click();
    await expect(page).toHaveURL(/sort=problems&dir=desc/);
    const counts = await column(checkpoints(page), "Problems");
    expect(counts[0]).toMatch(/^\d+$/);
  });
});

test.describe("all checkpoints: filters apply as they change", () => {
  test("a choice made before the page's script has run is applied, not undone", async ({ page }) => {
    // hold the page's scripts back until the choice is made, as on a slow machine
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/checkpoints", { waitUntil: "commit" });
    await filters(page).getByLabel("Status").selectOption("in-progress");
    release();
    await expect(page).toHaveURL(/status=in-progress/);
    await expect(filters(page).getByLabel("Status")).toHaveValue("in-progress");
    for (const status of await column(checkpoints(page), "Status")) expect(status).toMatch(/^in.progress$/);
  });

  test("a choice changes the URL and the rows at once, with no button; Back and reload restore the view", async ({ page }) => {
    await page.goto("/checkpoints?sort=title&dir=asc");
    await expect(filters(page).getByRole("button", { name: "Apply filters" })).toHaveCount(0);
    const all = await titles(page);

    await filters(page).getByLabel("Status").selectOption("completed");
    await expect(page).toHaveURL(/status=completed/);
    // the sort is kept
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    await expect.poll(() => titles(page)).not.toEqual(all);
    for (const status of await column(checkpoints(page), "Status")) expect(status).toBe("completed");
    const completed = await titles(page);

    await filters(page).getByLabel("Repository").selectOption({ label: "project-001" });
    await expect(page).toHaveURL(/repo=\d+/);
    // the repository is the first part of the line under each title
    const repos = () => checkpoints(page).getByTestId("row-meta").evaluateAll((metas) => metas.map((m) => (m.textContent ?? "").split(" · ")[0].trim()));
    await expect.poll(repos).toEqual(expect.arrayContaining(["project-001"]));
    for (const repo of await repos()) expect(repo).toBe("project-001");

    // Back: the previous view, and the fields say so
    await page.goBack();
    await expect(page).not.toHaveURL(/repo=/);
    await expect(filters(page).getByLabel("Repository")).toHaveValue("");
    await expect(filters(page).getByLabel("Status")).toHaveValue("completed");
    await expect.poll(() => titles(page)).toEqual(completed);

    // a deep link (reload) shows the same view
    const url = page.url();
    await page.goto(url);
    await expect(filters(page).getByLabel("Status")).toHaveValue("completed");
    await expect(checkpoints(page).getByRole("columnheader", { name: /^Title/ })).toHaveAttribute("aria-sort", "ascending");
    expect(await titles(page)).toEqual(completed);
  });

  test("dates apply after a pause in typing", async ({ page }) => {
    await page.goto("/checkpoints");
    await filters(page).getByLabel("Saved from").fill(day("2026-11-05"));
    await filters(page).getByLabel("Saved until").fill(day("2026-11-05"));
    const d = day("2026-11-05");
    await expect(page).toHaveURL(new RegExp(`from=${d}&to=${d}|to=${d}.*from=${d}`));
    await expect.poll(async () => (await column(checkpoints(page), "Saved")).every((s) => s.startsWith(d))).toBe(true);
    await filters(page).getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/checkpoints$/);
    await expect(filters(page).getByLabel("Saved from")).toHaveValue("");
  });

  test("a repository's table: typing in 'Title contains' filters after a pause, keeping the sort", async ({ page }) => {
    await page.goto("/repos");
    await repositories(page).getByRole("link", { name: "project-001", exact: true }).click();
    const table = page.getByRole("table", { name: "Checkpoints of project-001" });
    await table.getByRole("link", { name: /^Title/ }).click();
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    const box = filters(page).getByLabel("Title contains");
    await box.pressSequentially("rate limiter", { delay: 30 });
    await expect(page).toHaveURL(/q=rate\+limiter/);
    await expect(page).toHaveURL(/sort=title/);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("rate limiter");
    await expect.poll(async () => (await column(table, "Title")).every((t) => /rate limiter/i.test(t))).toBe(true);
  });
});

test.describe("repositories", () => {
  test("shows path, worst open freshness and counts, and sorts on every column", async ({ page }) => {
    await page.goto("/repos");
    const table = repositories(page);
    for (const name of ["Repository", "Path", "Stalest in progress", "Checkpoints", "In progress", "Secrets", "Problems", "Last save"]) {
      await expect(table.getByRole("columnheader", { name: new RegExp(`^${name}`) }).getByRole("link"), name).toBeVisible();
    }
    const first = table.getByRole("row").filter({ hasText: "project-001" });
    await expect(first.getByRole("cell").nth(1)).toContainText(/project-001$/);
    await expect(first.getByRole("link", { name: /with secrets in project-001/ })).toHaveText("1");
    await expect(table.getByRole("row").filter({ hasText: "project-002" }).getByRole("link", { name: /with problems in project-002/ })).toHaveText("2");

    await table.getByRole("link", { name: /^Repository/ }).click();
    await expect(page).toHaveURL(/sort=name&dir=asc/);
    await expect(table.getByRole("columnheader", { name: /^Repository/ })).toHaveAttribute("aria-sort", "ascending");
    expect((await column(table, "Repository")).map((t) => t.slice(0, 11))).toEqual(["project-001", "project-002"]);
    await table.getByRole("link", { name: /^Repository/ }).click();
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    expect((await column(table, "Repository")).map((t) => t.slice(0, 11))).toEqual(["project-002", "project-001"]);

    await table.getByRole("link", { name: /^Problems/ }).click();
    await expect(page).toHaveURL(/sort=problems&dir=desc/);
    await expect(table.getByRole("row").nth(1)).toContainText("project-002");
    await page.reload();
    await expect(repositories(page).getByRole("columnheader", { name: /^Problems/ })).toHaveAttribute("aria-sort", "descending");
    await expect(repositories(page).getByRole("row").nth(1)).toContainText("project-002");
  });
});

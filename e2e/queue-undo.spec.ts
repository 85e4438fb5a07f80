/**
 * Issue 39's queue and header items: every write and mark from a queue row says what it did and offers Undo in
 * place, focus stays on the next row, `e` completes only where Complete is the row's action, `c` copies the prompt;
 * the checkpoint page's header keeps its shape after Complete; on a phone rows are two-line cards and the More menu
 * opens inside the viewport; Escape closes it. The spec builds its own repository (a landed save and two fresh
 * ones), undoes every write and removes the repository at the end, so the other specs see the world as it was.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import * as family from "../scripts/fixtures/families";
import { commitAll, git, initRepo, writeFiles } from "../scripts/fixtures/git";
import { E2E_DB, E2E_WORLD } from "./support/paths";

test.describe.configure({ mode: "serial" });

const REPO = join(E2E_WORLD, "code", "undo-from-the-queue");
const LANDED = "Export every invoice to CSV with the tenant's own column order and a byte order mark for Excel";
const FRESH = ["Tidy the invoice importer before the next release", "Speed up the invoice search index"];
let landedFile = "";

const reindex = () =>
  execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "index", "--root", join(E2E_WORLD, "code"), "--db", E2E_DB, "--home", join(E2E_WORLD, "home")], { stdio: "ignore" });
const queue = (page: Page) => page.getByRole("list", { name: "What to do next" });
const row = (page: Page, title: string) => queue(page).getByRole("listitem", { name: title, exact: true });
const toast = (page: Page) => page.locator("[data-queue-toast]");
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.beforeAll(() => {
  initRepo(REPO);
  writeFiles(REPO, { "src/app.ts": "export const app = 1;\n" });
  const start = commitAll(REPO, "feat: initial layout", new Date(Date.now() - 5 * 86_400_000));
  git(REPO, ["checkout", "-q", "-b", "feature/export"]);
  writeFiles(REPO, { "src/export.ts": "export const csv = true;\n" });
  const work = commitAll(REPO, "feat: CSV export", new Date(Date.now() - 3 * 86_400_000));
  const landed: family.SaveFacts = {
    title: LANDED, slug: "export-invoices-csv", branch: "feature/export", headSha: work, savedAt: new Date(Date.now() - 3 * 86_400_000 + 600_000),
    status: "in-progress", tasks: [{ text: "Write the exporter", done: true }], keyFiles: ["src/export.ts"], decision: "Quote every field", gotcha: "Excel wants a BOM",
  };
  landedFile = join(REPO, family.htmlCheckpointPath(landed));
  writeFiles(REPO, { [family.htmlCheckpointPath(landed)]: family.htmlCheckpoint(landed) });
  commitAll(REPO, "chore(checkpoint): save export", new Date(Date.now() - 3 * 86_400_000 + 660_000));
  git(REPO, ["checkout", "-q", "main"]);
  const mergedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
  git(REPO, ["merge", "-q", "--no-ff", "-m", "Merge feature/export", "feature/export"], { GIT_AUTHOR_DATE: mergedAt, GIT_COMMITTER_DATE: mergedAt });
  git(REPO, ["branch", "-q", "-d", "feature/export"]);
  FRESH.forEach((title, i) => {
    const facts: family.SaveFacts = {
      title, slug: title.toLowerCase().replace(/\W+/g, "-"), branch: "main", headSha: start, savedAt: new Date(Date.now() - (i + 1) * 3_600_000),
      status: "in-progress", tasks: [{ text: "Write the failing test", done: false }], keyFiles: ["src/app.ts"], decision: "Keep it small", gotcha: "None yet",
    };
    writeFiles(REPO, { [family.htmlCheckpointPath(facts)]: family.htmlCheckpoint(facts) });
  });
  reindex();
});

test.afterAll(() => {
  rmSync(REPO, { recursive: true, force: true });
  reindex();
});

test.describe("at 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("e completes only a Complete row; the toast's Undo puts the file back byte for byte; focus stays on the next row", async ({ page, request }) => {
    const before = readFileSync(landedFile);
    await page.goto("/");
    const fresh = row(page, FRESH[0]);
    await expect(fresh.getByRole("button", { name: `Copy prompt ${FRESH[0]}` })).toBeVisible();

    // e on a Resume row: nothing is written, nothing is announced
    await fresh.focus();
    await page.keyboard.press("e");
    await page.waitForTimeout(400);
    await expect(toast(page)).toHaveText("");
    expect(readFileSync(landedFile).equals(before)).toBe(true);
    await expect(fresh).toBeVisible();

    // e on the landed row writes the status, says so with Undo, and keeps focus in the list
    const landed = row(page, LANDED);
    await expect(landed.getByRole("button", { name: `Complete ${LANDED}` })).toBeVisible();
    const rows = queue(page).getByRole("listitem");
    const names = await rows.evaluateAll((items) => items.map((li) => li.getAttribute("aria-label")));
    const next = names[names.indexOf(LANDED) + 1] ?? names[names.indexOf(LANDED) - 1];
    await landed.focus();
    await page.keyboard.press("e");
    await expect(toast(page)).toContainText(`Completed “${LANDED}”`);
    await expect(landed).toHaveCount(0);
    expect(readFileSync(landedFile, "utf8")).toContain("completed");
    expect(readFileSync(landedFile).equals(before)).toBe(false);
    await expect(row(page, next!)).toBeFocused();
    // j/k keep working from there
    await page.keyboard.press("k");
    await expect(queue(page).locator("li[data-queue-row]:focus")).toHaveCount(1);

    await toast(page).getByRole("button", { name: `Undo ${LANDED}` }).click();
    await expect(toast(page)).toHaveText("");
    expect(readFileSync(landedFile).equals(before)).toBe(true);
    // back in the queue as work to complete (the overview shows the first 12 rows; the list is the API's)
    await expect
      .poll(async () => ((await (await request.get("/api/queue")).json()) as { title: string; action: string }[]).find((i) => i.title === LANDED)?.action)
      .toBe("complete");
    await expect(queue(page).locator("li[data-queue-row]:focus")).toHaveCount(1);
  });

  test("snooze and pin from the keyboard say what they did, and u undoes them", async ({ page }) => {
    await page.goto("/");
    const second = row(page, FRESH[1]);
    await second.focus();
    await page.keyboard.press("h");
    await expect(toast(page)).toContainText(new RegExp(`Snoozed “${FRESH[1]}” until [A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2}`));
    await expect(second).toHaveCount(0);
    await expect(queue(page).locator("li[data-queue-row]:focus")).toHaveCount(1);
    await page.keyboard.press("u");
    await expect(second).toBeVisible();
    await expect(second).toBeFocused();

    await page.keyboard.press("p");
    await expect(toast(page)).toContainText(`Pinned “${FRESH[1]}”`);
    await expect(queue(page).getByRole("listitem").first()).toHaveAccessibleName(FRESH[1]);
    await expect(queue(page).locator("li[data-queue-row]:focus")).toHaveCount(1);
    await toast(page).getByRole("button", { name: `Undo ${FRESH[1]}` }).click();
    await expect(second.getByText("pinned", { exact: true })).toHaveCount(0);
    await expect(queue(page).getByRole("listitem").first()).not.toHaveAccessibleName(FRESH[1]);
  });

  test("c copies the prompt of a Resume row, and the keys are documented", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await expect(page.locator("#queue-keys")).toContainText("c copies the prompt");
    await expect(page.locator("#queue-keys")).toContainText("u undoes the last");
    const fresh = row(page, FRESH[0]);
    await fresh.focus();
    await page.keyboard.press("c");
    await expect(fresh.getByRole("button", { name: `Copy prompt ${FRESH[0]}` })).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(FRESH[0]);
  });

  test("the checkpoint page's header keeps its shape after Complete; Escape closes More and gives focus back", async ({ page }) => {
    const before = readFileSync(landedFile);
    await page.goto("/");
    await row(page, LANDED).getByRole("link", { name: LANDED, exact: true }).click();
    const title = page.getByRole("heading", { level: 1, name: LANDED });
    await expect(title).toBeVisible();
    const actions = page.getByRole("group", { name: "Actions" });
    await actions.getByRole("button", { name: "Complete", exact: true }).click();
    const confirmation = actions.getByRole("status").filter({ hasText: /^Completed / });
    await expect(confirmation).toBeVisible();
    expect(readFileSync(landedFile).equals(before)).toBe(false);

    // the title wraps as text (a few lines, most of the width), the confirmation sits below the buttons, nothing scrolls sideways
    const titleBox = (await title.boundingBox())!;
    expect(titleBox.width).toBeGreaterThan(400);
    expect(titleBox.height).toBeLessThan(140);
    const button = (await actions.getByRole("button", { name: "Completed" }).boundingBox())!;
    const said = (await confirmation.boundingBox())!;
    expect(said.y).toBeGreaterThanOrEqual(button.y + button.height - 1);
    expect(await noSideScroll(page)).toBe(true);
    const more = page.getByTestId("more-actions").locator("summary");
    await expect(more).toBeInViewport();

    // More opens; Escape closes it and focus is back on More
    await more.click();
    const promote = page.getByRole("link", { name: "Promote learnings to PROJECT-NOTES.md" });
    await expect(promote).toBeVisible();
    await promote.focus();
    await page.keyboard.press("Escape");
    await expect(promote).toBeHidden();
    await expect(more).toBeFocused();

    await actions.getByRole("button", { name: "Undo" }).click();
    await expect(actions.getByRole("status").filter({ hasText: "byte for byte" })).toBeVisible();
    expect(readFileSync(landedFile).equals(before)).toBe(true);
  });
});

test.describe("on a phone, dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark", hasTouch: true });

  test("queue rows are two-line cards with the title and the reason readable; nothing scrolls sideways", async ({ page }) => {
    await page.goto("/");
    const fresh = row(page, FRESH[0]);
    await expect(fresh).toBeVisible();
    const title = fresh.getByRole("link", { name: FRESH[0], exact: true });
    const titleBox = (await title.boundingBox())!;
    expect(titleBox.width).toBeGreaterThan(140);
    // the whole title shows (at most two lines, none cut)
    expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const reason = fresh.locator("[title]").first();
    expect((await reason.boundingBox())!.width).toBeGreaterThan(150);
    await expect(fresh.getByRole("button", { name: `Copy prompt ${FRESH[0]}` })).toBeInViewport();
    expect(await noSideScroll(page)).toBe(true);
  });

  test("the More menu and the header after Complete stay inside the screen", async ({ page }) => {
    const before = readFileSync(landedFile);
    await page.goto("/");
    await row(page, LANDED).getByRole("link", { name: LANDED, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: LANDED })).toBeVisible();
    const actions = page.getByRole("group", { name: "Actions" });
    await actions.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(actions.getByRole("status").filter({ hasText: /^Completed / })).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);

    const more = page.getByTestId("more-actions");
    await more.locator("summary").click();
    const panel = more.getByRole("navigation", { name: "More about this checkpoint" });
    await expect(panel).toBeVisible();
    const box = (await more.locator("summary + div").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    await actions.getByRole("button", { name: "Undo" }).click();
    await expect(actions.getByRole("status").filter({ hasText: "byte for byte" })).toBeVisible();
    expect(readFileSync(landedFile).equals(before)).toBe(true);
  });
});

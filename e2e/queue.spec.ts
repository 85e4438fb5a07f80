/**
 * The overview's queue of what to do next: one action and one sentence per open checkpoint, and the
 * user's triage (pin, snooze, archive) with undo. Every mark is undone before the spec ends, so the
 * other specs see the world as it was.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import * as family from "../scripts/fixtures/families";
import { commitAll, git, initRepo, writeFiles } from "../scripts/fixtures/git";
import { FIXTURE, day } from "./support/fixture-world";
import { E2E_DB, E2E_WORLD } from "./support/paths";

test.describe.configure({ mode: "serial" });

const queue = (page: Page) => page.getByRole("list", { name: "What to do next" });
const item = (page: Page, title: string) => queue(page).getByRole("listitem", { name: title, exact: true });
const setAside = (page: Page) => page.getByRole("list", { name: "Snoozed and archived" });

async function openSetAside(page: Page) {
  const summary = page.getByText(/^Snoozed and archived \(\d+\)$/);
  await summary.click();
  await expect(setAside(page)).toBeVisible();
}

test("each open checkpoint once, with one suggested action and a sentence starting with the deciding fact", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "What to do next" })).toBeVisible();
  // the fixture world's dates follow the run's day (scripts/fixtures/clock.ts): its saves are weeks old (resume, re-verify) or dormant (archive?)
  const hostile = item(page, FIXTURE.hostileTitle);
  await expect(hostile).toContainText(/Nothing moved since it was saved \d+ days ago|Untouched for \d+ days/);
  const gone = item(page, FIXTURE.goneTitle);
  await expect(gone).toContainText(new RegExp(`its branch ${FIXTURE.goneBranch} is gone`, "i"));
  await expect(queue(page).getByRole("listitem", { name: FIXTURE.planCheckpointTitle, exact: true })).toHaveCount(1);

  // the same list, best first, for scripts
  const response = await request.get("/api/queue");
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as { id: string; rank: number; action: string; reason: string; title: string }[];
  expect(list.map((i) => i.rank)).toEqual(list.map((_, index) => index + 1));
  expect(list.find((i) => i.title === FIXTURE.hostileTitle)?.action).toBe("resume");
});

test("pin brings a checkpoint to the top, unpin puts it back", async ({ page }) => {
  await page.goto("/");
  const title = FIXTURE.hostileTitle;
  await expect(queue(page).getByRole("listitem").first()).not.toHaveAccessibleName(title);
  await item(page, title).hover();
  await item(page, title).getByRole("button", { name: `Pin ${title}` }).click();
  await expect(queue(page).getByRole("listitem").first()).toHaveAccessibleName(title);
  await expect(item(page, title).getByText("pinned", { exact: true })).toBeVisible();

  await item(page, title).hover();
  await item(page, title).getByRole("button", { name: `Unpin ${title}` }).click();
  await expect(queue(page).getByRole("listitem").first()).not.toHaveAccessibleName(title);
  await expect(item(page, title).getByText("pinned", { exact: true })).toHaveCount(0);
});

test("snooze a week takes it out of the queue; wake now brings it back", async ({ page }) => {
  await page.goto("/");
  const title = FIXTURE.hostileTitle;
  await item(page, title).hover();
  await item(page, title).getByRole("button", { name: `Snooze a week ${title}` }).click();
  await expect(item(page, title)).toHaveCount(0);
  await openSetAside(page);
  const snoozed = setAside(page).getByRole("listitem", { name: title });
  await expect(snoozed).toContainText(/snoozed until \d{4}-\d{2}-\d{2}/);

  await snoozed.getByRole("button", { name: `Wake now ${title}` }).click();
  await expect(item(page, title)).toBeVisible();
});

test("archive takes it out of the queue and the default list; the filter shows it; restore undoes it", async ({ page }) => {
  await page.goto("/");
  const title = FIXTURE.goneTitle;
  await item(page, title).hover();
  await item(page, title).getByRole("button", { name: `Archive ${title}` }).click();
  await expect(item(page, title)).toHaveCount(0);
  await openSetAside(page);
  await expect(setAside(page).getByRole("listitem", { name: title })).toContainText("archived");

  // the checkpoints list hides it by default and shows it on request
  await page.goto("/checkpoints?triage=only");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.goto(`/checkpoints?status=in-progress&from=${day("2026-11-03")}&to=${day("2026-11-03")}`);
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  await page.goto("/");
  await openSetAside(page);
  await setAside(page).getByRole("listitem", { name: title }).getByRole("button", { name: `Restore ${title}` }).click();
  await expect(item(page, title)).toBeVisible();
  await expect(page.getByText(/^Snoozed and archived/)).toHaveCount(0);
});

test("a checkpoint's own page pins and unpins it too", async ({ page }) => {
  await page.goto("/");
  // not first of its own accord (the pin spec above checks it): the gone branch's save, committed later than it says,
  // may lead its group now that a save's time is the later of the two (issue 39)
  const title = FIXTURE.hostileTitle;
  await item(page, title).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // triage lives in the page's More menu
  await page.getByTestId("more-actions").locator("summary").click();
  const triage = page.getByRole("group", { name: "Triage" });
  await triage.getByRole("button", { name: `Pin ${title}` }).click();
  await expect(triage.getByText("pinned", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(queue(page).getByRole("listitem").first()).toHaveAccessibleName(title);
  await item(page, title).hover();
  await item(page, title).getByRole("button", { name: `Unpin ${title}` }).click();
  await expect(queue(page).getByRole("listitem").first()).not.toHaveAccessibleName(title);
});

test("work that landed in main: the queue says complete, the banner says where it landed and offers Complete", async ({ page }) => {
  test.setTimeout(120_000);
  const landed = join(E2E_WORLD, "code", "landed-export");
  const reindex = () =>
    execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "index", "--root", join(E2E_WORLD, "code"), "--db", E2E_DB, "--home", join(E2E_WORLD, "home")], { stdio: "ignore" });
  initRepo(landed);
  writeFiles(landed, { "src/app.ts": "export const app = 1;\n" });
  commitAll(landed, "feat: initial layout", new Date(Date.now() - 5 * 86_400_000));
  git(landed, ["checkout", "-q", "-b", "feature/export"]);
  writeFiles(landed, { "src/export.ts": "export const csv = true;\n" });
  const work = commitAll(landed, "feat: CSV export", new Date(Date.now() - 3 * 86_400_000));
  const title = "Export invoices to CSV";
  const facts: family.SaveFacts = {
    title, slug: "export-invoices-to-csv", branch: "feature/export", headSha: work, savedAt: new Date(Date.now() - 3 * 86_400_000 + 600_000),
    status: "in-progress", tasks: [{ text: "Write the exporter", done: true }], keyFiles: ["src/export.ts"],
    decision: "Quote every field", gotcha: "Excel wants a BOM",
  };
  writeFiles(landed, { [family.htmlCheckpointPath(facts)]: family.htmlCheckpoint(facts) });
  commitAll(landed, "chore(checkpoint): save export", new Date(Date.now() - 3 * 86_400_000 + 660_000));
  git(landed, ["checkout", "-q", "main"]);
  const mergedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
  git(landed, ["merge", "-q", "--no-ff", "-m", "Merge feature/export", "feature/export"], { GIT_AUTHOR_DATE: mergedAt, GIT_COMMITTER_DATE: mergedAt });
  const merge = git(landed, ["rev-parse", "--short=7", "HEAD"]);
  git(landed, ["branch", "-q", "-d", "feature/export"]);
  try {
    reindex();
    await page.goto("/");
    const entry = item(page, title);
    await expect(entry.getByRole("button", { name: `Complete ${title}` })).toBeVisible();
    await expect(entry).toContainText(`Landed in main 2 days ago, merge ${merge}: complete it.`);
    await entry.getByRole("link", { name: title, exact: true }).click();
    const banner = page.getByTestId("freshness-banner");
    await expect(banner.getByTestId("freshness-headline")).toHaveText(`Landed in main 2 days ago, merge ${merge}: the work of this checkpoint is done there.`);
    // landed work: Complete is the page's primary action, beside the title
    await expect(page.getByRole("group", { name: "Actions" }).getByRole("button", { name: "Complete" })).toBeVisible();
  } finally {
    rmSync(landed, { recursive: true, force: true });
    reindex();
  }
});

test("dense rows you can act on from the keyboard: j/k move, a archives with an Undo toast, p pins", async ({ page }) => {
  test.setTimeout(120_000);
  const repo = join(E2E_WORLD, "code", "triage-keys");
  const reindex = () =>
    execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "index", "--root", join(E2E_WORLD, "code"), "--db", E2E_DB, "--home", join(E2E_WORLD, "home")], { stdio: "ignore" });
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export const app = 1;\n" });
  const sha = commitAll(repo, "feat: start", new Date(Date.now() - 3 * 86_400_000));
  const titles = ["Tidy the importer", "Speed up the search index"];
  titles.forEach((title, i) => {
    const facts: family.SaveFacts = {
      title, slug: title.toLowerCase().replace(/\W+/g, "-"), branch: "main", headSha: sha, savedAt: new Date(Date.now() - (i + 1) * 3_600_000),
      status: "in-progress", tasks: [{ text: "Write the failing test", done: false }], keyFiles: ["src/app.ts"], decision: "Keep it small", gotcha: "None yet",
    };
    writeFiles(repo, { [family.htmlCheckpointPath(facts)]: family.htmlCheckpoint(facts) });
  });
  try {
    reindex();
    await page.goto("/");
    const [first, second] = titles.map((t) => item(page, t));
    // fresh work leads the queue, one dense row each, its primary action a button on the row
    await expect(queue(page).getByRole("listitem").nth(0)).toHaveAccessibleName(titles[0]);
    await expect(queue(page).getByRole("listitem").nth(1)).toHaveAccessibleName(titles[1]);
    await expect(first.getByRole("button", { name: `Copy prompt ${titles[0]}` })).toBeVisible();
    await expect(first).toContainText("Resume");
    await expect(first).toContainText("triage-keys");
    const box = await first.boundingBox();
    expect(box?.height ?? 100).toBeLessThanOrEqual(48);

    // each count is a link to the queue showing only those items
    await page.getByRole("link", { name: /^\d+ to resume$/ }).click();
    await expect(page).toHaveURL(/\/\?do=resume#queue$/);
    await expect(queue(page).getByRole("listitem").filter({ hasNotText: /^Resume/ })).toHaveCount(0);
    await expect(first).toBeVisible();

    await first.focus();
    await page.keyboard.press("j");
    await expect(second).toBeFocused();
    await page.keyboard.press("k");
    await expect(first).toBeFocused();

    await page.keyboard.press("a");
    await expect(first).toHaveCount(0);
    const toast = page.getByRole("status").filter({ hasText: `Archived “${titles[0]}”` });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: `Undo ${titles[0]}` }).click();
    await expect(first).toBeVisible();

    await second.focus();
    await page.keyboard.press("p");
    await expect(queue(page).getByRole("listitem").first()).toHaveAccessibleName(titles[1]);
    await expect(second.getByText("pinned", { exact: true })).toBeVisible();
    await second.focus();
    await page.keyboard.press("p");
    await expect(second.getByText("pinned", { exact: true })).toHaveCount(0);
  } finally {
    rmSync(repo, { recursive: true, force: true });
    reindex();
  }
});

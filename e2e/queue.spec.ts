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
import { FIXTURE } from "./support/fixture-world";
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
  const hostile = item(page, FIXTURE.hostileTitle);
  await expect(hostile.getByRole("link", { name: "Resume" })).toBeVisible();
  await expect(hostile).toContainText(/Nothing moved since it was saved \d+ days ago/);
  const gone = item(page, FIXTURE.goneTitle);
  await expect(gone.getByRole("link", { name: "Re-verify" })).toHaveAttribute("href", /\/diff$/);
  await expect(gone).toContainText(`Its branch ${FIXTURE.goneBranch} is gone`);
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
  await item(page, title).getByRole("button", { name: `Pin ${title}` }).click();
  await expect(queue(page).getByRole("listitem").first()).toHaveAccessibleName(title);
  await expect(item(page, title).getByText("pinned", { exact: true })).toBeVisible();

  await item(page, title).getByRole("button", { name: `Unpin ${title}` }).click();
  await expect(queue(page).getByRole("listitem").first()).not.toHaveAccessibleName(title);
  await expect(item(page, title).getByText("pinned", { exact: true })).toHaveCount(0);
});

test("snooze until a date takes it out of the queue; a date in the past is refused; wake now brings it back", async ({ page }) => {
  await page.goto("/");
  const title = FIXTURE.hostileTitle;
  const until = item(page, title).getByLabel(`Snooze ${title} until`);
  await until.fill("2001-01-01");
  await item(page, title).getByRole("button", { name: `Snooze ${title}` }).click();
  await expect(item(page, title).getByRole("alert")).toContainText("is not in the future");

  await until.fill("2099-06-30");
  await item(page, title).getByRole("button", { name: `Snooze ${title}` }).click();
  await expect(item(page, title)).toHaveCount(0);
  await openSetAside(page);
  const snoozed = setAside(page).getByRole("listitem", { name: title });
  await expect(snoozed).toContainText("snoozed until 2099-06-30");

  await snoozed.getByRole("button", { name: `Wake now ${title}` }).click();
  await expect(item(page, title)).toBeVisible();
});

test("archive takes it out of the queue and the default list; the filter shows it; restore undoes it", async ({ page }) => {
  await page.goto("/");
  const title = FIXTURE.goneTitle;
  await item(page, title).getByRole("button", { name: `Archive ${title}` }).click();
  await expect(item(page, title)).toHaveCount(0);
  await openSetAside(page);
  await expect(setAside(page).getByRole("listitem", { name: title })).toContainText("archived");

  // the checkpoints list hides it by default and shows it on request
  await page.goto("/checkpoints?triage=only");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.goto(`/checkpoints?status=in-progress&from=2026-11-03&to=2026-11-03`);
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  await page.goto("/");
  await openSetAside(page);
  await setAside(page).getByRole("listitem", { name: title }).getByRole("button", { name: `Restore ${title}` }).click();
  await expect(item(page, title)).toBeVisible();
  await expect(page.getByText(/^Snoozed and archived/)).toHaveCount(0);
});

test("a checkpoint's own page pins and unpins it too", async ({ page }) => {
  await page.goto("/");
  const title = FIXTURE.goneTitle;
  await item(page, title).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const triage = page.getByRole("group", { name: "Triage" });
  await triage.getByRole("button", { name: `Pin ${title}` }).click();
  await expect(triage.getByText("pinned", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(queue(page).getByRole("listitem").first()).toHaveAccessibleName(title);
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
    await expect(entry.getByRole("link", { name: "Complete" })).toBeVisible();
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

import { expect, test, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { FIXTURE, day } from "./support/fixture-world";
import { E2E_DB } from "./support/paths";

/**
 * Live index, reviews and resume, against project-001's session handoff (which no other spec reads) and
 * its plan checkpoint (read only here).
 */
interface DocRow {
  id: string;
  path: string;
  absPath: string;
  repoPath: string;
  title: string;
}

function doc(where: string, value: string): DocRow {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT d.id, d.path, d.abs_path AS absPath, r.path AS repoPath, d.title FROM documents d JOIN repositories r ON r.id = d.repository_id
         WHERE ${where} AND d.source = 'worktree' AND r.name = 'project-001' ORDER BY d.path LIMIT 1`,
      )
      .get(value) as DocRow | undefined;
    if (!row) throw new Error(`no document where ${where} = ${value}`);
    return row;
  } finally {
    db.close();
  }
}

const handoff = () => doc("d.format = ?", "handoff");
function repositoryId(name: string): number {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT id FROM repositories WHERE name = ?").get(name) as { id: number }).id;
  } finally {
    db.close();
  }
}
const reviewFileOf = (d: DocRow) => join(d.repoPath, ".claude", "reviews", `${d.path.split("/").pop()!.replace(/\.[^.]+$/, "")}.md`);

/** Open a page, wait for its live connection, and leave a marker that a reload would wipe. */
async function openLive(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator("html[data-live='open']")).toBeAttached({ timeout: 10_000 });
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
}
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload);
/** The "updated just now" label drawn after a changed piece of the page (in a row: after its first cell). */
const cueOf = (target: Locator) => target.evaluate((el) => getComputedStyle(el.tagName === "TR" ? el.firstElementChild! : el, "::after").content);

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.describe("live pages", () => {
  test("a file edited on disk appears in an open page without a reload", async ({ page }) => {
    const d = handoff();
    await openLive(page, `/checkpoints/${d.id}/review`);
    // the review route is the checkpoint page itself, the review form beside the handoff
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(d.title);

    // the author renames the handoff in their editor
    const original = readFileSync(d.absPath, "utf8");
    writeFileSync(d.absPath, original.replace(`# Handoff: ${d.title}`, "# Handoff: Retention, edited on disk"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retention, edited on disk", { timeout: 15_000 });
    // what changed says so, on the element itself and to screen readers
    await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("data-live-updated", /^\d+$/);
    expect(await cueOf(page.getByRole("heading", { level: 1 }))).toMatch(/^"updated just now"/);
    // the label is drawn, not read into the heading's name (the live region says it once)
    await expect(page.getByRole("heading", { level: 1, name: "Retention, edited on disk", exact: true })).toBeVisible();
    // the title first; the banner's count of the agent's own changed files may move too (the edit is new since the
    // handoff's own commit, issue 39)
    await expect(page.getByTestId("live-updates")).toHaveText(/^Updated just now: the title \(Retention, edited on disk\)(, 1 list item)?$/);
    await expect(page.getByTestId("live-updates")).toHaveAttribute("aria-live", "polite");

    // a teammate's review arrives with a pull
    mkdirSync(dirname(reviewFileOf(d)), { recursive: true });
    writeFileSync(reviewFileOf(d), `# Reviews of the handoff\n\n## ${day("2026-11-02")} 09:00 UTC — Teammate Tess — comment\n\nWhere does the **retention** job run?\n`);
    const reviews = page.getByRole("list", { name: "Reviews, oldest first" });
    await expect(reviews.getByTestId("review").filter({ hasText: "Teammate Tess" })).toContainText("Comment", { timeout: 15_000 });
    await expect(reviews.locator("strong", { hasText: "retention" })).toBeVisible();
    expect(await notReloaded(page)).toBe(1);

    writeFileSync(d.absPath, original);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(d.title, { timeout: 15_000 });
  });

  test("a row a live refresh changed says 'updated just now', the others do not, and the cue fades", async ({ page }) => {
    const d = handoff();
    const repoId = repositoryId("project-001");
    await openLive(page, `/repos/${repoId}`);
    // several files of this repository share the handoff's title: its row is the one linking to it
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="/checkpoints/${d.id}"]`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(d.title);
    await expect(page.locator("[data-live-updated]")).toHaveCount(0);

    const original = readFileSync(d.absPath, "utf8");
    try {
      writeFileSync(d.absPath, original.replace(`# Handoff: ${d.title}`, "# Handoff: Retention, renamed in the editor"));
      await expect(row).toContainText("Retention, renamed in the editor", { timeout: 15_000 });
      await expect(row).toHaveAttribute("data-live-updated", /^\d+$/);
      expect(await cueOf(row)).toMatch(/^"updated just now"/);
      await expect(page.locator("tr[data-live-updated]")).toHaveCount(1);
      await expect(page.getByTestId("live-updates")).toContainText(/^Updated just now: .*\b1 row\b/);
      expect(await notReloaded(page)).toBe(1);
      // a few seconds later the cue is gone and the page is as quiet as before
      await expect(row).not.toHaveAttribute("data-live-updated", /.*/, { timeout: 15_000 });
      await expect(page.getByTestId("live-updates")).toHaveText("");
    } finally {
      writeFileSync(d.absPath, original);
    }
    await expect(row).toContainText(d.title, { timeout: 15_000 });
  });

  test("a review submitted in the browser appears, is written to the repository and leaves the queue", async ({ page }) => {
    const d = handoff();
    // project-002 has a handoff at the same path: look at project-001's row only
    const queueRow = (p: Page) => p.getByTestId("review-queue").getByRole("row").filter({ hasText: "project-001" }).filter({ hasText: d.path });
    await page.goto("/reviews");
    await expect(queueRow(page)).toHaveCount(1);
    await expect(queueRow(page).getByRole("link", { name: d.title, exact: true })).toHaveAttribute("href", `/checkpoints/${d.id}/review`);

    await openLive(page, `/checkpoints/${d.id}/review`);
    const form = page.getByRole("form", { name: "Add a review" });
    await expect(form.getByLabel("Reviewer")).toHaveValue("Demo Dev");

    // a blank reviewer is refused with a message, and the comment is kept
    await form.getByLabel("Reviewer").fill("   ");
    await form.getByRole("radio", { name: /Changes requested/ }).check();
    await form.getByRole("textbox", { name: /Comment/ }).fill("Please **add** the retention job.\n\n- schedule it\n- test it");
    await form.getByRole("button", { name: "Add review" }).click();
    await expect(form.locator("#review-reviewer-error")).toHaveText("Say who is reviewing.");
    await expect(form.getByRole("textbox", { name: /Comment/ })).toHaveValue(/Please \*\*add\*\* the retention job\./);

    await form.getByLabel("Reviewer").fill("Rita Reviewer");
    await form.getByRole("radio", { name: /Changes requested/ }).check();
    await form.getByRole("button", { name: "Add review" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Review added to \.claude\/reviews\/.+\.md\.$/);
    const mine = page.getByTestId("review").filter({ hasText: "Rita Reviewer" });
    await expect(mine).toContainText("Changes requested");
    await expect(mine.locator("strong")).toHaveText("add");
    await expect(mine.getByRole("listitem")).toHaveText(["schedule it", "test it"]);
    await expect(page.getByTestId("review")).toHaveCount(2);
    expect(await notReloaded(page)).toBe(1);

    const text = readFileSync(reviewFileOf(d), "utf8");
    expect(text).toMatch(/\n## \d{4}-\d\d-\d\d \d\d:\d\d UTC — Rita Reviewer — changes\n\nPlease \*\*add\*\* the retention job\.\n\n- schedule it\n- test it\n$/);
    expect(text.startsWith(`# Reviews of the handoff\n\n## ${day("2026-11-02")} 09:00 UTC — Teammate Tess — comment\n`)).toBe(true);

    await page.goto("/reviews");
    await expect(queueRow(page)).toHaveCount(0);
    await expect(page.getByTestId("recent-reviews").getByRole("listitem").first()).toContainText("Rita Reviewer");
  });

  test("the resume prompt is built for a goal and the copy button copies it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const d = doc("d.title = ?", FIXTURE.planCheckpointTitle);
    await page.goto(`/checkpoints/${d.id}/resume`);
    const prompt = page.getByLabel("Resume prompt", { exact: true });
    await expect(prompt).toContainText(`# Resume: ${FIXTURE.planCheckpointTitle}`);
    await expect(prompt).toContainText("## What we are working on");
    await expect(page.getByRole("list", { name: "Loaded files" })).toContainText(FIXTURE.planPath);

    await page.getByLabel(/Next goal/).fill("write the failing test for search rollout");
    await page.getByRole("button", { name: "Build prompt" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Prompt built for" })).toContainText("write the failing test for search rollout");
    await expect(prompt).toContainText("## Goal\nwrite the failing test for search rollout");
    await expect(prompt).toContainText("## Relevant context");
    await expect(prompt).toContainText(`Read these first:\n- ${FIXTURE.planPath} (plan`);
    await expect(prompt).toContainText("## Proposed first steps\n1. Write the failing test");

    await page.getByRole("button", { name: "Copy prompt" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await prompt.textContent());

    const missing = doc("d.title = ?", FIXTURE.missingTitle);
    await page.goto(`/checkpoints/${missing.id}/resume`);
    await expect(page.getByRole("list", { name: "Missing files" })).toContainText(FIXTURE.missingFile);
    await expect(page.getByLabel("Resume prompt", { exact: true })).toContainText(`Referenced file ${FIXTURE.missingFile} no longer exists`);
  });
});

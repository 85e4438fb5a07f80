import { posix } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { appendFileSync, readFileSync } from "node:fs";
import { FIXTURE } from "./support/fixture-world";
import { E2E_DB } from "./support/paths";

/**
 * The write forms, against the fixture world's files. These tests change project-002's files (which the
 * other specs only read through its hostile checkpoint and archives) and read project-001's secret checkpoint.
 */
const COMPLETE_TITLE = "CSV export of invoices (part 16)";
const STALE_TITLE = "Search index warm-up (legacy notes)";
const CONFLICT = "the file changed on disk since you opened it; reload to see the new version";

interface DocRow {
  id: string;
  path: string;
  absPath: string;
}

function docByTitle(title: string): DocRow {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT id, path, abs_path AS absPath FROM documents WHERE title = ? AND source = 'worktree'").get(title) as DocRow | undefined;
    if (!row) throw new Error(`no document titled ${title}`);
    return row;
  } finally {
    db.close();
  }
}

async function openPromote(page: Page, doc: DocRow) {
  await page.goto(`/checkpoints/${doc.id}/promote`);
  await expect(page.getByRole("heading", { level: 1, name: "Promote learnings" })).toBeVisible();
  // a marker that a reload would wipe
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload);

test.describe.configure({ mode: "serial" });

test.describe("writing back", () => {
  test("completes a checkpoint and shows the new status without a reload", async ({ page }) => {
    const doc = docByTitle(COMPLETE_TITLE);
    await openPromote(page, doc);
    const status = page.getByTestId("checkpoint-status");
    await expect(status).toHaveText(/in progress/);
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Completed / })).toContainText('jacked:status"> now says "completed"');
    await expect(status).toHaveText(/completed/);
    await expect(page.getByRole("button", { name: "Completed" })).toBeDisabled();
    expect(await notReloaded(page)).toBe(1);
    const html = readFileSync(doc.absPath, "utf8");
    expect(html).toContain('<meta name="jacked:status" content="completed">');
    expect(html).not.toContain("in-progress");
  });

  test("shows duplicates beside the existing line, and promotes two learnings", async ({ page }) => {
    const doc = docByTitle(COMPLETE_TITLE);
    await openPromote(page, doc);
    const decision = page.locator("li[data-candidate]").filter({ hasText: "Decisions Made" });
    await expect(decision).toContainText("duplicate");
    await expect(decision).toContainText("Already in PROJECT-NOTES.md (line 3): - Retry webhooks with exponential backoff capped at one hour");
    await expect(decision.getByRole("radio", { name: "Sharpen that line instead" })).toBeChecked();

    const context = page.locator("li[data-candidate]").filter({ hasText: "Session Context" });
    const gotcha = page.locator("li[data-candidate]").filter({ hasText: "Gotchas & Notes" });
    await context.getByRole("checkbox").check();
    await gotcha.getByRole("checkbox").check();
    await gotcha.getByRole("textbox").fill("The auth fixture expires after an hour: regenerate it before e2e.");
    await page.getByRole("button", { name: "Promote to PROJECT-NOTES.md" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added 2 learnings in .claude/PROJECT-NOTES.md." })).toBeVisible();
    expect(await notReloaded(page)).toBe(1);

    const notes = readFileSync(doc.absPath.replace(/\.claude\/checkpoints\/.*$/, ".claude/PROJECT-NOTES.md"), "utf8");
    // the link works where the notes live: relative to .claude/
    const link = `([checkpoint](${posix.relative(".claude", doc.path)}))`;
    expect(notes).toContain(`\n- The user wants the smallest change that keeps old clients working ${link}\n`);
    expect(notes).toContain(`\n- The auth fixture expires after an hour: regenerate it before e2e ${link}\n`);
    // both are duplicates now
    await expect(context).toContainText("Already in PROJECT-NOTES.md");
  });

  test("disables a candidate that carries a secret, with the reason", async ({ page }) => {
    await openPromote(page, docByTitle(FIXTURE.secretTitle));
    const secret = page.locator("li[data-candidate]").filter({ hasText: "Gotchas & Notes" });
    await expect(secret).toContainText("blocked");
    await expect(secret.getByRole("checkbox")).toBeDisabled();
    await expect(secret).toContainText("Cannot be promoted: it contains a redacted secret.");
  });

  test("a form rendered before the file changed gives the conflict message and writes nothing", async ({ page }) => {
    const doc = docByTitle(STALE_TITLE);
    await openPromote(page, doc);
    await expect(page.getByTestId("checkpoint-status")).toHaveText(/in progress/);
    appendFileSync(doc.absPath, "\n- Edited in another editor meanwhile\n");
    const edited = readFileSync(doc.absPath, "utf8");
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByText(CONFLICT)).toBeVisible();
    expect(readFileSync(doc.absPath, "utf8")).toBe(edited);

    // the promote form of the same stale page is refused the same way
    await page.locator("li[data-candidate]").first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Promote to PROJECT-NOTES.md" }).click();
    await expect(page.locator("#promote-message")).toContainText(CONFLICT);

    // after a reload the page shows the new version and completing works
    await page.reload();
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByTestId("checkpoint-status")).toHaveText(/completed/);
    expect(readFileSync(doc.absPath, "utf8")).toBe(edited.replace("status: in-progress", "status: completed"));
  });
});

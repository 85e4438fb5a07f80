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
const UNDO_CONFLICT = "the file changed after it was completed, so Cairn did not undo the completion and nothing was lost";

interface DocRow {
  id: string;
  path: string;
  absPath: string;
}

function query<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

function docById(id: string): DocRow {
  const row = query<DocRow>("SELECT id, path, abs_path AS absPath FROM documents WHERE id = ?", id);
  if (!row) throw new Error(`no document ${id}`);
  return row;
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

/** The checkpoint page's "More" menu (Complete, unless the work landed, lives there), opened. */
async function openMore(page: Page) {
  const more = page.getByRole("group", { name: "Actions" }).getByTestId("more-actions");
  await more.locator("summary").click();
  return more;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload);

test.describe.configure({ mode: "serial", timeout: 90_000 });
/** A write re-indexes the file and asks git about it: give it time on a busy machine. */
const AFTER_WRITE = { timeout: 30_000 };

test.describe("writing back", () => {
  test("undoes a completion from its confirmation: the file is back byte for byte", async ({ page }) => {
    const doc = docByTitle(COMPLETE_TITLE);
    const before = readFileSync(doc.absPath);
    await page.goto(`/checkpoints/${doc.id}`);
    const actions = await openMore(page);
    await actions.getByRole("button", { name: "Complete", exact: true }).click();
    const confirmation = actions.getByRole("status").filter({ hasText: /^Completed / });
    await expect(confirmation).toContainText('now says "completed"', AFTER_WRITE);
    expect(readFileSync(doc.absPath, "utf8")).toContain('<meta name="jacked:status" content="completed">');
    // the page now reads it as completed, and the confirmation stays with its Undo
    await expect(actions.getByRole("button", { name: "Completed" })).toBeDisabled();
    await confirmation.getByRole("button", { name: "Undo" }).click();
    await expect(actions.getByRole("status")).toContainText("Undone: ", AFTER_WRITE);
    expect(readFileSync(doc.absPath).equals(before)).toBe(true);
    await expect(actions.getByRole("button", { name: "Complete", exact: true })).toBeEnabled();
    await expect(actions.getByRole("button", { name: "Undo" })).toHaveCount(0);
  });

  test("undoes 'complete the newest' from the repository page", async ({ page }) => {
    const repo = query<{ id: number }>("SELECT id FROM repositories WHERE name = 'project-002'")!;
    await page.goto(`/repos/${repo.id}`);
    const group = page.getByRole("group", { name: "Repository actions" });
    const newest = group.getByText(/^Newest in-progress on/).getByRole("link");
    const id = (await newest.getAttribute("href"))!.split("/").pop()!;
    const doc = docById(id);
    const before = readFileSync(doc.absPath);
    const title = (await newest.textContent())!.trim();
    // the button names the save it completes
    await group.getByRole("button", { name: `Complete the newest on main: “${title}”` }).click();
    const confirmation = group.getByRole("status").filter({ hasText: /^Completed/ });
    await expect(confirmation).toBeVisible(AFTER_WRITE);
    // the page moved on to the next newest (or none), the confirmation stayed, and the button does not re-arm for it
    await expect(group.locator(`a[href="/checkpoints/${id}"]`)).toHaveCount(0);
    await expect(group.getByRole("button", { name: "Completed" })).toBeDisabled();
    await confirmation.getByRole("button", { name: "Undo" }).click();
    await expect(group.getByRole("status")).toContainText("Undone: ", AFTER_WRITE);
    await expect(group.locator(`a[href="/checkpoints/${id}"]`)).toBeVisible();
    expect(readFileSync(doc.absPath).equals(before)).toBe(true);
  });

  test("completes a handoff without a status in Cairn, says the file was not changed, and undoes it", async ({ page }) => {
    const doc = query<DocRow>(
      "SELECT d.id, d.path, d.abs_path AS absPath FROM documents d JOIN repositories r ON r.id = d.repository_id WHERE r.name = 'project-002' AND d.format = 'handoff' AND d.source = 'worktree'",
    )!;
    const before = readFileSync(doc.absPath);
    await page.goto(`/checkpoints/${doc.id}`);
    const actions = await openMore(page);
    await actions.getByRole("button", { name: "Complete", exact: true }).click();
    const confirmation = actions.getByRole("status");
    await expect(confirmation).toContainText("Completed in Cairn; the file was not changed", AFTER_WRITE);
    await expect(page.getByText("completed in Cairn", { exact: true })).toBeVisible();
    expect(readFileSync(doc.absPath).equals(before)).toBe(true);
    await confirmation.getByRole("button", { name: "Undo" }).click();
    await expect(confirmation).toContainText("Undone: ", AFTER_WRITE);
    await expect(page.getByText("completed in Cairn", { exact: true })).toHaveCount(0);
    await expect(actions.getByRole("button", { name: "Complete", exact: true })).toBeEnabled();
  });

  test("completes a checkpoint and shows the new status without a reload", async ({ page }) => {
    const doc = docByTitle(COMPLETE_TITLE);
    await openPromote(page, doc);
    const status = page.getByTestId("checkpoint-status");
    await expect(status).toHaveText(/in progress/);
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Completed / })).toContainText('jacked:status"> now says "completed"', AFTER_WRITE);
    await expect(status).toHaveText(/completed/);
    await expect(page.getByRole("button", { name: "Completed" })).toBeDisabled();
    expect(await notReloaded(page)).toBe(1);
    const html = readFileSync(doc.absPath, "utf8");
    expect(html).toContain('<meta name="jacked:status" content="completed">');
    expect(html).not.toContain("in-progress");
  });

  test("shows duplicates beside the existing line, offers no session context, and promotes a gotcha", async ({ page }) => {
    const doc = docByTitle(COMPLETE_TITLE);
    await openPromote(page, doc);
    const decision = page.locator("li[data-candidate]").filter({ hasText: "Decisions Made" });
    await expect(decision).toContainText("duplicate");
    // word for word what line 3 says: skipped unless the user chooses otherwise
    await expect(decision).toContainText("Exactly as in PROJECT-NOTES.md (line 3): - Retry webhooks with exponential backoff capped at one hour");
    await expect(decision.getByRole("radio", { name: "Skip it: already written down" })).toBeChecked();

    // the session's context is not a learning: only decisions, gotchas and failed approaches are offered
    await expect(page.locator("li[data-candidate]").filter({ hasText: "Session Context" })).toHaveCount(0);
    const gotcha = page.locator("li[data-candidate]").filter({ hasText: "Gotchas & Notes" });
    await gotcha.getByRole("checkbox").check();
    const text = (await gotcha.getByRole("textbox").inputValue()).trim();
    expect(text.length).toBeGreaterThan(10);
    await page.getByRole("button", { name: "Promote to PROJECT-NOTES.md" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added 1 learning in .claude/PROJECT-NOTES.md." })).toBeVisible(AFTER_WRITE);
    expect(await notReloaded(page)).toBe(1);

    const notes = readFileSync(doc.absPath.replace(/\.claude\/checkpoints\/.*$/, ".claude/PROJECT-NOTES.md"), "utf8");
    // the link works where the notes live: relative to .claude/
    const link = `([checkpoint](${posix.relative(".claude", doc.path)}))`;
    expect(notes).toContain(`\n- ${text.replace(/[.\s]+$/, "")} ${link}\n`);
    // a duplicate now
    await expect(gotcha).toContainText("Exactly as in PROJECT-NOTES.md");
  });

  test("an exact duplicate defaults to skip; an edited candidate that still matches a line is flagged, and nothing is written", async ({ page }) => {
    const doc = docByTitle(COMPLETE_TITLE);
    const notesPath = doc.absPath.replace(/\.claude\/checkpoints\/.*$/, ".claude/PROJECT-NOTES.md");
    const before = readFileSync(notesPath);
    await openPromote(page, doc);
    // promoted above, word for word: skipping it is the default
    const gotcha = page.locator("li[data-candidate]").filter({ hasText: "Gotchas & Notes" });
    await expect(gotcha).toContainText("Exactly as in PROJECT-NOTES.md");
    await expect(gotcha.getByRole("radio", { name: "Skip it: already written down" })).toBeChecked();

    const decision = page.locator("li[data-candidate]").filter({ hasText: "Decisions Made" });
    await decision.getByRole("checkbox").check();
    await decision.getByRole("radio", { name: "Add as a new line" }).check();
    await decision.getByRole("textbox").fill("**Retry webhooks** with exponential backoff, capped at ONE hour.");
    await page.getByRole("button", { name: "Promote to PROJECT-NOTES.md" }).click();
    await expect(decision).toContainText("duplicate: PROJECT-NOTES.md already says this (line 3: - Retry webhooks with exponential backoff capped at one hour", AFTER_WRITE);
    await expect(page.locator("#promote-message")).toHaveText("Some picked learnings cannot be promoted.");
    expect(readFileSync(notesPath).equals(before)).toBe(true);
  });

  test("the review queue holds the handoffs, not every committed checkpoint, and links each repository", async ({ page }) => {
    const repo = query<{ id: number }>("SELECT id FROM repositories WHERE name = 'project-002'")!;
    await page.goto("/reviews");
    const rows = page.getByTestId("review-queue").getByRole("row").filter({ hasText: "project-002" });
    await expect(rows.first()).toBeVisible();
    // project-002's committed in-progress checkpoints (the hostile one, the legacy notes) ask nobody for a review
    await expect(rows.filter({ hasText: "/checkpoints/" })).toHaveCount(0);
    await expect(rows.filter({ hasText: ".claude/handoffs/" })).toHaveCount(1);
    await expect(rows.first().getByRole("link", { name: "project-002" })).toHaveAttribute("href", `/repos/${repo.id}`);
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
    const completeForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Complete", exact: true }) });
    await completeForm.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByText(CONFLICT)).toBeVisible(AFTER_WRITE);
    // one message in the form, and its button stays disabled until a reload (live updates show the new file meanwhile)
    await expect(completeForm.getByRole("status")).toHaveCount(1);
    await expect(completeForm.getByRole("status")).toHaveText(`${CONFLICT} Reload`);
    await expect(completeForm.getByRole("button", { name: "Complete", exact: true })).toBeDisabled();
    expect(readFileSync(doc.absPath, "utf8")).toBe(edited);

    // the promote form of the same stale page is refused the same way
    await page.locator("li[data-candidate]").first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Promote to PROJECT-NOTES.md" }).click();
    await expect(page.locator("#promote-message")).toContainText(CONFLICT, AFTER_WRITE);

    // after a reload the page shows the new version and completing works
    await page.reload();
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(page.getByTestId("checkpoint-status")).toHaveText(/completed/, AFTER_WRITE);
    const completed = edited.replace("status: in-progress", "status: completed");
    expect(readFileSync(doc.absPath, "utf8")).toBe(completed);

    // the file changes after the completion: Undo refuses and loses nothing
    appendFileSync(doc.absPath, "- One more line from the agent\n");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText(UNDO_CONFLICT)).toBeVisible(AFTER_WRITE);
    expect(readFileSync(doc.absPath, "utf8")).toBe(`${completed}- One more line from the agent\n`);
  });
});

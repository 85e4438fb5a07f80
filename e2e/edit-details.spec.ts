import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { FIXTURE } from "./support/fixture-world";
import { E2E_DB } from "./support/paths";

/**
 * "Edit details": the user corrects what Cairn read. The correction is kept by Cairn (the file is never
 * touched), shown as "set by you", survives a reload, and Clear brings the file's values back. The spec
 * restores what it changed, so the other specs see the fixture as built.
 */
interface DocRow {
  id: string;
  absPath: string;
  headShaRaw: string;
}

function docByTitle(title: string): DocRow {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("SELECT id, abs_path AS absPath, head_sha_raw AS headShaRaw FROM documents WHERE title = ? AND source = 'worktree'")
      .get(title) as DocRow | undefined;
    if (!row) throw new Error(`no document titled ${title}`);
    return row;
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: "serial" });

test("corrects the branch and commit of a checkpoint, keeps them across a reload, and clears them", async ({ page }) => {
  const doc = docByTitle(FIXTURE.goneTitle);
  const fileBefore = readFileSync(doc.absPath, "utf8");
  await page.goto(`/checkpoints/${doc.id}`);
  // the header's facts are a description list: the branch is the definition beside the term "Branch"
  const branchFact = (branch: string) => page.getByRole("definition").filter({ has: page.getByText(branch, { exact: true }) });
  await expect(branchFact(FIXTURE.goneBranch)).toBeVisible();

  await page.getByText("Edit details", { exact: true }).click();
  const form = page.getByRole("form", { name: "Edit details" });
  await form.getByLabel("Commit").fill("not a commit");
  await form.getByLabel("Branch").fill("main");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(form.getByText("The commit must be 4 to 64 hexadecimal characters.").first()).toBeVisible();
  await expect(form.getByLabel("Commit")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Commit").fill(doc.headShaRaw.slice(0, 8));
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "set by you" })).toContainText("The commit was found in this repository.");
  await expect(branchFact("main")).toContainText("set by you");
  await expect(page.getByText(/branch, commit set by you/)).toBeVisible();

  await page.reload();
  await expect(branchFact("main")).toContainText("set by you");
  await expect(page.getByRole("list", { name: "What the file says" })).toContainText(`The file says branch: ${FIXTURE.goneBranch}`);
  expect(readFileSync(doc.absPath, "utf8")).toBe(fileBefore);

  await page.getByText("Edit details", { exact: true }).click();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cleared" })).toBeVisible();
  await expect(branchFact(FIXTURE.goneBranch)).not.toContainText("set by you");
  await expect(page.getByText("as read from the file")).toBeVisible();
});
